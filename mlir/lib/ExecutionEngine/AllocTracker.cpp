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
//                  stack_frees=S global_frees=G interior_frees=I
//
// (on one line). Every free must match a live allocation of this tracker;
// `bad_frees` counts the frees that do not, and none of them reaches
// `free`. Each is classified, described on stderr and counted under its
// kind:
//   double_frees    the pointer was allocated here and freed already;
//   stack_frees     it points into the calling thread's stack (a freed
//                   `memref.alloca`);
//   global_frees    it points into a global: the allocated pointer that the
//                   lowering of `memref.get_global` gives its descriptor
//                   (0xdeadbeef), or the data of a loaded image;
//   interior_frees  it points inside a live allocation, not at its start;
// the rest were allocated elsewhere or are not pointers at all. Frees of null
// are counted apart and otherwise ignored, as `free(NULL)` is.
//
// Freed memory is overwritten with a poison byte and kept in quarantine before
// it goes back to malloc, so that a use after free reads poison and changes
// the program's output instead of going unnoticed. Fresh allocations are
// filled with another pattern, so a read of uninitialized memory is
// deterministic.
//
// Live-bytes bound: a program instrumented with `test-instrument-buffer-uses`
// calls `_mlir_alloc_tracker_use` with the aligned pointer of a buffer before
// every op that reads, writes or takes a view of it. The tracker then keeps,
// for every allocation, its size, the time of its allocation and the time of
// its last use (one clock ticks at both events), and prints a second line at
// exit:
//
//   alloc-tracker: live_bytes_bound=B uses=U
//
// B is the maximum over time of the bytes of the allocations between their
// allocation and their last use: the least any deallocation of these
// allocations can hold at its peak. Run without deallocation, it is a lower
// bound of the peak of the program's allocations however they are freed.
//
// Environment:
//   MLIR_ALLOC_TRACKER_ABORT_ON_BAD_FREE=1  abort() on the first bad free.
//   MLIR_ALLOC_TRACKER_QUARANTINE_BYTES=N   quarantine size (default 64 MiB).
//   MLIR_ALLOC_TRACKER_REPORT=path          append the report line to `path`
//                                           instead of printing it to stdout.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <link.h>
#include <map>
#include <mutex>
#include <pthread.h>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

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
/// The allocated pointer of the descriptors that MemRef-to-LLVM lowering
/// builds for `memref.get_global`.
constexpr uintptr_t kGetGlobalAllocatedPointer = 0xdeadbeef;

/// Whether `ptr` points into the stack of the calling thread.
bool isOnCurrentStack(uintptr_t ptr) {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return false;
  void *base = nullptr;
  size_t size = 0;
  bool found = pthread_attr_getstack(&attr, &base, &size) == 0;
  pthread_attr_destroy(&attr);
  auto low = reinterpret_cast<uintptr_t>(base);
  return found && ptr >= low && ptr < low + size;
}

/// The path of the loaded image (executable or shared library) whose
/// segments contain `ptr`, or null.
const char *findLoadedImage(uintptr_t ptr) {
  struct Query {
    uintptr_t ptr;
    const char *image;
  } query{ptr, nullptr};
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        auto *query = static_cast<Query *>(data);
        for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr) &segment = info->dlpi_phdr[i];
          if (segment.p_type != PT_LOAD)
            continue;
          uintptr_t start = info->dlpi_addr + segment.p_vaddr;
          if (query->ptr >= start && query->ptr < start + segment.p_memsz) {
            query->image =
                *info->dlpi_name ? info->dlpi_name : "the executable";
            return 1;
          }
        }
        return 0;
      },
      &query);
  return query.image;
}

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
    liveByAddress[reinterpret_cast<uintptr_t>(ptr)] = lifetimes.size();
    lifetimes.push_back({size, clock, clock});
    ++clock;
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
      reportBadFree(ptr);
      return;
    }
    size_t size = it->second;
    live.erase(it);
    liveByAddress.erase(reinterpret_cast<uintptr_t>(ptr));
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

  /// Records a use of the live allocation that `address` points into, if
  /// any (stack and global buffers are not tracked).
  void use(uintptr_t address) {
    std::lock_guard<std::mutex> lock(mutex);
    ++numUses;
    auto it = liveByAddress.upper_bound(address);
    if (it == liveByAddress.begin())
      return;
    --it;
    Lifetime &lifetime = lifetimes[it->second];
    if (address >= it->first + (lifetime.size ? lifetime.size : 1))
      return;
    lifetime.lastUse = clock++;
  }

  /// The most bytes of allocations between their allocation and their last
  /// use at any time.
  size_t getLiveBytesBound() const {
    // Allocations before ends at the same time: an allocation and the last
    // use of another in one op cannot share memory.
    std::vector<std::pair<size_t, long long>> events;
    events.reserve(2 * lifetimes.size());
    for (const Lifetime &lifetime : lifetimes) {
      events.emplace_back(2 * lifetime.allocated,
                          static_cast<long long>(lifetime.size));
      events.emplace_back(2 * lifetime.lastUse + 1,
                          -static_cast<long long>(lifetime.size));
    }
    std::sort(events.begin(), events.end());
    long long held = 0, most = 0;
    for (const auto &event : events) {
      held += event.second;
      if (held > most)
        most = held;
    }
    return static_cast<size_t>(most);
  }

  /// Prints the report line to `out`, and the live-bytes bound if the
  /// program reported uses.
  void report(FILE *out) {
    std::lock_guard<std::mutex> lock(mutex);
    size_t leakedBytes = 0;
    for (const auto &entry : live)
      leakedBytes += entry.second;
    std::fprintf(out,
                 "alloc-tracker: mallocs=%zu frees=%zu peak_bytes=%zu "
                 "total_bytes=%zu leaks=%zu leaked_bytes=%zu bad_frees=%zu "
                 "double_frees=%zu null_frees=%zu stack_frees=%zu "
                 "global_frees=%zu interior_frees=%zu\n",
                 numMallocs, numFrees, peakBytes, totalBytes, live.size(),
                 leakedBytes, numBadFrees, numDoubleFrees, numNullFrees,
                 numStackFrees, numGlobalFrees, numInteriorFrees);
    if (numUses)
      std::fprintf(out, "alloc-tracker: live_bytes_bound=%zu uses=%zu\n",
                   getLiveBytesBound(), numUses);
    std::fflush(out);
  }

private:
  /// Counts and describes a free of `ptr`, which is not live. Runs under the
  /// lock; the scan of the live blocks for an interior pointer is linear, but
  /// only bad frees pay for it.
  void reportBadFree(void *ptr) {
    ++numBadFrees;
    auto address = reinterpret_cast<uintptr_t>(ptr);
    char description[256];
    const char *image = nullptr;
    if (freedBlocks.count(ptr)) {
      ++numDoubleFrees;
      std::snprintf(description, sizeof(description), "double free");
    } else if (address == kGetGlobalAllocatedPointer) {
      ++numGlobalFrees;
      std::snprintf(description, sizeof(description),
                    "global memory: the allocated pointer of a "
                    "memref.get_global descriptor");
    } else if (const auto *block = findLiveBlockContaining(address)) {
      ++numInteriorFrees;
      std::snprintf(description, sizeof(description),
                    "interior pointer: %zu bytes into the live allocation "
                    "%p of %zu bytes",
                    static_cast<size_t>(
                        address - reinterpret_cast<uintptr_t>(block->first)),
                    block->first, block->second);
    } else if (isOnCurrentStack(address)) {
      ++numStackFrees;
      std::snprintf(description, sizeof(description), "stack memory");
    } else if ((image = findLoadedImage(address))) {
      ++numGlobalFrees;
      std::snprintf(description, sizeof(description), "global memory of %s",
                    image);
    } else {
      std::snprintf(description, sizeof(description),
                    "not allocated by this tracker");
    }
    if (numBadFrees <= kMaxReportedBadFrees || abortOnBadFree)
      std::fprintf(stderr, "alloc-tracker: bad free of %p (%s)\n", ptr,
                   description);
    if (abortOnBadFree) {
      std::fflush(stdout);
      std::abort();
    }
  }

  /// The live block that `address` points into, past its first byte.
  const std::pair<void *const, size_t> *
  findLiveBlockContaining(uintptr_t address) const {
    for (const auto &block : live) {
      auto start = reinterpret_cast<uintptr_t>(block.first);
      if (address > start &&
          address < start + (block.second ? block.second : 1))
        return &block;
    }
    return nullptr;
  }

  /// What the live-bytes bound needs of an allocation: its bytes and the
  /// clock at its allocation and at its last use.
  struct Lifetime {
    size_t size;
    size_t allocated;
    size_t lastUse;
  };

  std::mutex mutex;
  std::unordered_map<void *, size_t> live;
  /// The live allocations by address, to their lifetimes.
  std::map<uintptr_t, size_t> liveByAddress;
  std::vector<Lifetime> lifetimes;
  size_t clock = 0;
  size_t numUses = 0;
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
  size_t numStackFrees = 0;
  size_t numGlobalFrees = 0;
  size_t numInteriorFrees = 0;
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

/// Called by programs instrumented with `test-instrument-buffer-uses` before
/// each op that reads, writes or takes a view of a buffer, with the buffer's
/// aligned pointer.
ALLOC_TRACKER_EXPORT void _mlir_alloc_tracker_use(int64_t alignedPointer) {
  getTracker().use(static_cast<uintptr_t>(alignedPointer));
}
