//===- AllocTracker.cpp - Tracking allocator for execution tests ----------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// This file implements the allocation functions that MemRef-to-LLVM lowering
// calls with `use-generic-functions=1` (`_mlir_memref_to_llvm_alloc`,
// `_mlir_memref_to_llvm_aligned_alloc` and `_mlir_memref_to_llvm_free`) on top
// of malloc, and keeps books on them so that an execution test can assert that
// a program neither leaks nor frees memory it does not own.
//
// At exit the library prints one line:
//
//   alloc-tracker: mallocs=M frees=F peak_bytes=P total_bytes=T leaks=L
//                  leaked_bytes=B bad_frees=X double_frees=D null_frees=N
//
// (on one line). `bad_frees` counts frees of pointers that are not live, of
// which `double_frees` were freed before. Frees of null are counted apart and
// otherwise ignored, as `free(NULL)` is.
//
// Freed memory is overwritten with a poison byte and kept in quarantine before
// it goes back to malloc, so that a use after free reads poison and changes
// the program's output instead of going unnoticed. Fresh allocations are
// filled with another pattern, so a read of uninitialized memory is
// deterministic.
//
// Environment:
//   MLIR_ALLOC_TRACKER_ABORT_ON_BAD_FREE=1  abort() on the first bad free.
//   MLIR_ALLOC_TRACKER_QUARANTINE_BYTES=N   quarantine size (default 64 MiB).
//   MLIR_ALLOC_TRACKER_REPORT=path          append the report line to `path`
//                                           instead of printing it to stdout.
//
//===----------------------------------------------------------------------===//

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#define ALLOC_TRACKER_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

/// Byte written over memory when it is freed.
constexpr unsigned char kFreedPoison = 0xFE;
/// Byte written over memory when it is allocated.
constexpr unsigned char kFreshPattern = 0xCD;
/// Default number of freed bytes held back from malloc.
constexpr size_t kDefaultQuarantineBytes = 64u << 20;
/// At most this many bad frees are described on stderr.
constexpr unsigned kMaxReportedBadFrees = 10;

/// Reads a non-negative integer from the environment.
size_t getEnvSize(const char *name, size_t defaultValue) {
  const char *value = std::getenv(name);
  if (!value || !*value)
    return defaultValue;
  char *end = nullptr;
  unsigned long long parsed = std::strtoull(value, &end, 0);
  return (end && *end == '\0') ? static_cast<size_t>(parsed) : defaultValue;
}

/// The books of the tracker. One instance lives for the whole process and is
/// never destroyed, so that frees from other static destructors still work.
class Tracker {
public:
  Tracker()
      : quarantineLimit(getEnvSize("MLIR_ALLOC_TRACKER_QUARANTINE_BYTES",
                                   kDefaultQuarantineBytes)),
        abortOnBadFree(getEnvSize("MLIR_ALLOC_TRACKER_ABORT_ON_BAD_FREE", 0) !=
                       0) {}

  void *allocate(size_t size, size_t alignment) {
    // Hand out a unique pointer even for empty buffers so they can be
    // tracked like any other.
    size_t allocSize = size == 0 ? 1 : size;
    void *ptr = nullptr;
    if (alignment <= alignof(std::max_align_t)) {
      ptr = std::malloc(allocSize);
    } else {
      size_t align = sizeof(void *);
      while (align < alignment)
        align <<= 1;
      if (posix_memalign(&ptr, align, allocSize) != 0)
        ptr = nullptr;
    }
    if (!ptr)
      return nullptr;
    std::memset(ptr, kFreshPattern, allocSize);

    std::lock_guard<std::mutex> lock(mutex);
    live[ptr] = size;
    ++numMallocs;
    totalBytes += size;
    liveBytes += size;
    if (liveBytes > peakBytes)
      peakBytes = liveBytes;
    return ptr;
  }

  void deallocate(void *ptr) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!ptr) {
      ++numNullFrees;
      return;
    }
    auto it = live.find(ptr);
    if (it == live.end()) {
      reportBadFree(ptr, freedBlocks.count(ptr) != 0);
      return;
    }
    size_t size = it->second;
    live.erase(it);
    ++numFrees;
    liveBytes -= size;

    // Poison and quarantine; release the oldest blocks back to malloc once
    // the quarantine is full.
    std::memset(ptr, kFreedPoison, size == 0 ? 1 : size);
    quarantine.emplace_back(ptr, size);
    freedBlocks.insert(ptr);
    quarantineBytes += size;
    while (!quarantine.empty() && quarantineBytes > quarantineLimit) {
      auto [oldPtr, oldSize] = quarantine.front();
      quarantine.pop_front();
      quarantineBytes -= oldSize;
      freedBlocks.erase(oldPtr);
      std::free(oldPtr);
    }
  }

  /// Prints the report line to `out`.
  void report(FILE *out) {
    std::lock_guard<std::mutex> lock(mutex);
    size_t leakedBytes = 0;
    for (const auto &entry : live)
      leakedBytes += entry.second;
    std::fprintf(out,
                 "alloc-tracker: mallocs=%zu frees=%zu peak_bytes=%zu "
                 "total_bytes=%zu leaks=%zu leaked_bytes=%zu bad_frees=%zu "
                 "double_frees=%zu null_frees=%zu\n",
                 numMallocs, numFrees, peakBytes, totalBytes, live.size(),
                 leakedBytes, numBadFrees, numDoubleFrees, numNullFrees);
    std::fflush(out);
  }

private:
  void reportBadFree(void *ptr, bool isDoubleFree) {
    ++numBadFrees;
    if (isDoubleFree)
      ++numDoubleFrees;
    if (numBadFrees <= kMaxReportedBadFrees || abortOnBadFree)
      std::fprintf(stderr, "alloc-tracker: bad free of %p (%s)\n", ptr,
                   isDoubleFree ? "double free" : "not allocated here");
    if (abortOnBadFree) {
      std::fflush(stdout);
      std::abort();
    }
  }

  std::mutex mutex;
  std::unordered_map<void *, size_t> live;
  std::deque<std::pair<void *, size_t>> quarantine;
  std::unordered_set<void *> freedBlocks;
  size_t quarantineBytes = 0;
  const size_t quarantineLimit;
  const bool abortOnBadFree;

  size_t numMallocs = 0;
  size_t numFrees = 0;
  size_t numBadFrees = 0;
  size_t numDoubleFrees = 0;
  size_t numNullFrees = 0;
  size_t totalBytes = 0;
  size_t liveBytes = 0;
  size_t peakBytes = 0;
};

Tracker &getTracker() {
  // Intentionally leaked: see the class comment.
  static Tracker *tracker = new Tracker();
  return *tracker;
}

/// Prints the report when the process exits, after the program has run.
__attribute__((destructor)) void reportAtExit() {
  const char *path = std::getenv("MLIR_ALLOC_TRACKER_REPORT");
  if (path && *path) {
    if (FILE *file = std::fopen(path, "a")) {
      getTracker().report(file);
      std::fclose(file);
      return;
    }
    std::fprintf(stderr, "alloc-tracker: cannot open '%s'\n", path);
  }
  std::fflush(stdout);
  getTracker().report(stdout);
}

} // namespace

ALLOC_TRACKER_EXPORT void *_mlir_memref_to_llvm_alloc(size_t size) {
  return getTracker().allocate(size, /*alignment=*/0);
}

ALLOC_TRACKER_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                              size_t size) {
  return getTracker().allocate(size, alignment);
}

ALLOC_TRACKER_EXPORT void _mlir_memref_to_llvm_free(void *ptr) {
  getTracker().deallocate(ptr);
}
