//===- StaticMemoryPlannerTest.cpp - Tests of the static memory planner ---===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/StaticMemoryPlanner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

using namespace mlir;
using namespace mlir::memref;

namespace {
using Event = MemoryTraceEvent;
using Mode = MemoryPlannerMode;

StaticMemoryPlan plan(ArrayRef<Event> events, uint64_t alignment, Mode mode) {
  FailureOr<StaticMemoryPlan> result =
      planStaticMemory(events, alignment, mode);
  EXPECT_TRUE(succeeded(result));
  return succeeded(result) ? *result : StaticMemoryPlan();
}

// The example of the merge-alloc design: A lives over ticks [1,4], B over
// [2,3] and C over [5,6], so C takes A's place.
TEST(StaticMemoryPlanner, DesignExample) {
  SmallVector<Event> events = {Event::alloc(0, 16), Event::alloc(1, 64),
                               Event::free(1),      Event::free(0),
                               Event::alloc(2, 16), Event::free(2)};
  for (Mode mode : {Mode::CostModel, Mode::SizeFirst}) {
    StaticMemoryPlan p = plan(events, 16, mode);
    EXPECT_EQ(p.totalSize, 80u);
    EXPECT_EQ(p.offsets, (SmallVector<uint64_t>{0, 16, 0}));
  }
  // Offline: B first at 0, then A above it; C overlaps neither and goes to
  // the bottom.
  StaticMemoryPlan p = plan(events, 16, Mode::GreedyBySize);
  EXPECT_EQ(p.totalSize, 80u);
  EXPECT_EQ(p.offsets, (SmallVector<uint64_t>{64, 0, 0}));
}

// Three 64 KiB temporaries of a matmul chain: the third reuses the first.
TEST(StaticMemoryPlanner, MatmulChain) {
  SmallVector<Event> events = {Event::alloc(0, 65536), Event::alloc(1, 65536),
                               Event::free(0),         Event::alloc(2, 65536),
                               Event::free(1),         Event::free(2)};
  for (Mode mode :
       {Mode::CostModel, Mode::SizeFirst, Mode::GreedyBySize, Mode::Smallest}) {
    StaticMemoryPlan p = plan(events, 64, mode);
    EXPECT_EQ(p.totalSize, 131072u);
    EXPECT_EQ(p.offsets[0], p.offsets[2]);
    EXPECT_NE(p.offsets[0], p.offsets[1]);
  }
}

// A free chunk that is too small grows, and the live buffer after it moves
// up: 192 bytes instead of the 256 that appending would take.
TEST(StaticMemoryPlanner, ExtendFreeChunk) {
  SmallVector<Event> events = {Event::alloc(0, 64), Event::alloc(1, 64),
                               Event::free(0), Event::alloc(2, 128)};
  for (Mode mode : {Mode::CostModel, Mode::SizeFirst}) {
    StaticMemoryPlan p = plan(events, 64, mode);
    EXPECT_EQ(p.totalSize, 192u);
    EXPECT_EQ(p.offsets, (SmallVector<uint64_t>{0, 128, 0}));
  }
}

// Growing a chunk in the middle moves the buffers after it, including dead
// ones, so that no two buffers alive at the same time ever overlap.
TEST(StaticMemoryPlanner, ExtendMovesLaterBuffers) {
  SmallVector<Event> events = {Event::alloc(0, 32), Event::alloc(1, 32),
                               Event::alloc(2, 32), Event::free(1),
                               Event::alloc(3, 16), Event::free(3),
                               Event::alloc(4, 96), Event::free(0),
                               Event::free(2),      Event::free(4)};
  StaticMemoryPlan p = plan(events, 16, Mode::SizeFirst);
  // 1 frees [32,64); 3 takes [32,48) and frees it; 4 needs 96 and grows that
  // 32-byte chunk by 64, which moves 2 from 64 to 128.
  EXPECT_EQ(p.offsets, (SmallVector<uint64_t>{0, 32, 128, 32, 32}));
  EXPECT_EQ(p.totalSize, 160u);
}

// Two free chunks: 100 bytes freed first, 110 bytes freed last. The best
// fit is the older one; the cost model prefers the hot one, as the fit is
// almost as good.
TEST(StaticMemoryPlanner, CostModelPrefersRecentlyFreed) {
  SmallVector<Event> events = {Event::alloc(0, 100), Event::alloc(1, 10),
                               Event::alloc(2, 110), Event::alloc(3, 10),
                               Event::free(0),       Event::free(2),
                               Event::alloc(4, 100)};
  EXPECT_EQ(plan(events, 1, Mode::SizeFirst).offsets[4], 0u);
  EXPECT_EQ(plan(events, 1, Mode::CostModel).offsets[4], 110u);
  EXPECT_EQ(plan(events, 1, Mode::SizeFirst).totalSize, 230u);
  EXPECT_EQ(plan(events, 1, Mode::CostModel).totalSize, 230u);
}

// Sizes round up to the alignment; an empty buffer takes one slot.
TEST(StaticMemoryPlanner, Alignment) {
  SmallVector<Event> events = {Event::alloc(0, 1), Event::alloc(1, 65),
                               Event::alloc(2, 0)};
  StaticMemoryPlan p = plan(events, 64, Mode::CostModel);
  EXPECT_EQ(p.offsets, (SmallVector<uint64_t>{0, 64, 192}));
  EXPECT_EQ(p.totalSize, 256u);
  EXPECT_EQ(computePeakLiveBytes(events, 64), 256u);
}

TEST(StaticMemoryPlanner, MalformedTraces) {
  auto fails = [](ArrayRef<Event> events, uint64_t alignment) {
    return failed(planStaticMemory(events, alignment, Mode::CostModel));
  };
  EXPECT_TRUE(fails({Event::free(0), Event::alloc(0, 8)}, 8));
  EXPECT_TRUE(fails({Event::alloc(0, 8), Event::alloc(0, 8)}, 8));
  EXPECT_TRUE(fails({Event::alloc(0, 8), Event::free(0), Event::free(0)}, 8));
  EXPECT_TRUE(fails({Event::alloc(1, 8)}, 8));
  EXPECT_TRUE(fails({Event::alloc(0, 8)}, 3));
  EXPECT_TRUE(fails({Event::alloc(0, 8)}, 0));
  EXPECT_FALSE(fails({}, 8));
}

TEST(StaticMemoryPlanner, ModeSpellings) {
  for (Mode mode :
       {Mode::CostModel, Mode::SizeFirst, Mode::GreedyBySize, Mode::Smallest})
    EXPECT_EQ(parseMemoryPlannerMode(stringifyMemoryPlannerMode(mode)), mode);
  EXPECT_FALSE(parseMemoryPlannerMode("best").has_value());
}

/// Makes a random trace of up to `maxBuffers` buffers: at each step a new
/// buffer is allocated or a live one is freed; some are never freed.
SmallVector<Event> makeRandomTrace(std::mt19937_64 &rng, unsigned numBuffers,
                                   uint64_t maxSize, unsigned maxLive) {
  SmallVector<Event> events;
  SmallVector<unsigned> live;
  unsigned next = 0;
  while (next < numBuffers || !live.empty()) {
    bool canAlloc = next < numBuffers && live.size() < maxLive;
    if (canAlloc && (live.empty() || rng() % 2)) {
      events.push_back(Event::alloc(next, rng() % (maxSize + 1)));
      live.push_back(next++);
      continue;
    }
    unsigned index = rng() % live.size();
    // One buffer in eight stays alive to the end of the trace.
    if (next < numBuffers || rng() % 8)
      events.push_back(Event::free(live[index]));
    live.erase(live.begin() + index);
  }
  return events;
}

// Among free chunks of the same size, size-first takes the first in address
// order; the cost model prefers the one freed last.
TEST(StaticMemoryPlanner, TiesBetweenFreeChunks) {
  SmallVector<Event> events = {Event::alloc(0, 64), Event::alloc(1, 64),
                               Event::alloc(2, 64), Event::alloc(3, 64),
                               Event::free(0),      Event::free(2),
                               Event::alloc(4, 64)};
  EXPECT_EQ(plan(events, 64, Mode::SizeFirst).offsets[4], 0u);
  EXPECT_EQ(plan(events, 64, Mode::CostModel).offsets[4], 128u);
}

// When no free chunk fits, the last of the largest in address order grows,
// and the buffers after it move up.
TEST(StaticMemoryPlanner, GrowsTheLastOfTheLargest) {
  SmallVector<Event> events = {Event::alloc(0, 64), Event::alloc(1, 64),
                               Event::alloc(2, 64), Event::alloc(3, 64),
                               Event::free(0),      Event::free(2),
                               Event::alloc(4, 256)};
  for (Mode mode : {Mode::CostModel, Mode::SizeFirst}) {
    StaticMemoryPlan p = plan(events, 64, mode);
    EXPECT_EQ(p.offsets[4], 128u);
    EXPECT_EQ(p.offsets[3], 384u);
    EXPECT_EQ(p.totalSize, 448u);
  }
}

// The invariants of every plan, over 10,000 random traces: buffers alive at
// the same time never share a byte, every offset is aligned, every buffer
// fits in the total, and the total is at least the most bytes alive at once.
TEST(StaticMemoryPlanner, RandomTraces) {
  constexpr unsigned kNumTraces = 10000;
  const Mode modes[] = {Mode::CostModel, Mode::SizeFirst, Mode::GreedyBySize,
                        Mode::Smallest};
  double ratioSums[4] = {0, 0, 0, 0};
  std::mt19937_64 rng(20261122);
  for (unsigned trace = 0; trace < kNumTraces; ++trace) {
    const uint64_t alignments[] = {1, 8, 64};
    uint64_t alignment = alignments[rng() % 3];
    unsigned numBuffers = 1 + rng() % 40;
    SmallVector<Event> events =
        makeRandomTrace(rng, numBuffers, 1 + rng() % 4096, 1 + rng() % 12);

    // Lifetimes as event positions, for the overlap check.
    SmallVector<size_t> allocAt(numBuffers), freeAt(numBuffers, events.size());
    SmallVector<uint64_t> sizes(numBuffers);
    for (auto [pos, event] : llvm::enumerate(events)) {
      if (event.kind == Event::Kind::Alloc) {
        allocAt[event.bufferId] = pos;
        sizes[event.bufferId] =
            event.size == 0 ? alignment : llvm::alignTo(event.size, alignment);
      } else {
        freeAt[event.bufferId] = pos;
      }
    }
    uint64_t peak = computePeakLiveBytes(events, alignment);

    uint64_t smallestOther = UINT64_MAX;
    for (auto [modeIndex, mode] : llvm::enumerate(modes)) {
      StaticMemoryPlan p = plan(events, alignment, mode);
      ASSERT_EQ(p.offsets.size(), numBuffers);
      ASSERT_GE(p.totalSize, peak) << "trace " << trace;
      for (unsigned a = 0; a < numBuffers; ++a) {
        ASSERT_EQ(p.offsets[a] % alignment, 0u) << "trace " << trace;
        ASSERT_LE(p.offsets[a] + sizes[a], p.totalSize) << "trace " << trace;
        for (unsigned b = a + 1; b < numBuffers; ++b) {
          bool alive = allocAt[a] < freeAt[b] && allocAt[b] < freeAt[a];
          bool disjoint = p.offsets[a] + sizes[a] <= p.offsets[b] ||
                          p.offsets[b] + sizes[b] <= p.offsets[a];
          ASSERT_TRUE(!alive || disjoint)
              << "trace " << trace << " mode "
              << stringifyMemoryPlannerMode(mode).str() << ": buffers " << a
              << " and " << b << " overlap";
        }
      }
      if (mode == Mode::Smallest)
        EXPECT_EQ(p.totalSize, smallestOther);
      else
        smallestOther = std::min(smallestOther, p.totalSize);
      ratioSums[modeIndex] += static_cast<double>(p.totalSize) / peak;
    }
  }
  for (auto [modeIndex, mode] : llvm::enumerate(modes))
    std::printf("mean total / peak live bytes over %u traces, %s: %.4f\n",
                kNumTraces, stringifyMemoryPlannerMode(mode).str().c_str(),
                ratioSums[modeIndex] / kNumTraces);
}

// Not a test: the time to plan 100,000 buffers with at most 256 alive at
// once, and twice 20,000 buffers alive at once. Run with
// --gtest_also_run_disabled_tests.
TEST(StaticMemoryPlanner, DISABLED_Benchmark100kBuffers) {
  std::mt19937_64 rng(1);
  SmallVector<Event> events = makeRandomTrace(rng, 100000, 1 << 20, 256);
  // All alive at once, then freed in a random order and allocated again.
  SmallVector<Event> manyAlive;
  constexpr unsigned kAlive = 20000;
  for (unsigned round = 0; round < 2; ++round) {
    SmallVector<unsigned> ids;
    for (unsigned i = 0; i < kAlive; ++i) {
      ids.push_back(round * kAlive + i);
      manyAlive.push_back(Event::alloc(ids.back(), 1 + rng() % 4096));
    }
    std::shuffle(ids.begin(), ids.end(), rng);
    for (unsigned id : ids)
      manyAlive.push_back(Event::free(id));
  }
  for (Mode mode : {Mode::CostModel, Mode::SizeFirst}) {
    auto start = std::chrono::steady_clock::now();
    StaticMemoryPlan p = plan(manyAlive, 64, mode);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    std::printf("2 x 20000 buffers alive at once, %s: %.3f s, total %llu "
                "bytes\n",
                stringifyMemoryPlannerMode(mode).str().c_str(), seconds,
                static_cast<unsigned long long>(p.totalSize));
  }
  for (Mode mode :
       {Mode::CostModel, Mode::SizeFirst, Mode::GreedyBySize, Mode::Smallest}) {
    auto start = std::chrono::steady_clock::now();
    StaticMemoryPlan p = plan(events, 64, mode);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    std::printf(
        "100000 buffers, %s: %.3f s, total %llu bytes, peak live "
        "%llu bytes\n",
        stringifyMemoryPlannerMode(mode).str().c_str(), seconds,
        static_cast<unsigned long long>(p.totalSize),
        static_cast<unsigned long long>(computePeakLiveBytes(events, 64)));
  }
}
} // namespace
