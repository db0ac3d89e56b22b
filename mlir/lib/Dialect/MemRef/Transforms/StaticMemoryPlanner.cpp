//===- StaticMemoryPlanner.cpp - Compile-time buffer planner --------------===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The online modes work like a first-principles malloc over a logical base
// buffer: the buffer is a list of chunks in address order, each free or in
// use. An allocation takes a free chunk and splits off what it does not need;
// a free merges the chunk with free neighbours. Unlike a runtime allocator,
// the planner may also grow a free chunk that is too small: all placements
// are logical until the end, so growing a chunk just moves every byte after
// it, in use or not, further up.
//
// To grow a chunk in constant time, addresses are kept as a list of markers
// in address order, each with the number of bytes up to the next marker.
// Markers are never removed, so a buffer keeps the marker it starts at, and
// the final offsets come from one pass over the list at the end.
//
// The free chunks are indexed by size, and by address order among chunks of
// one size, so that choosing a chunk costs logarithmic time in the number of
// chunks rather than a look at each of them: a scope with many buffers alive
// at once has as many chunks. Address order is kept as a key per chunk,
// spaced out so that a split finds a key between its neighbours' keys.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/StaticMemoryPlanner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <list>
#include <map>

using namespace mlir;
using namespace mlir::memref;

StringRef mlir::memref::stringifyMemoryPlannerMode(MemoryPlannerMode mode) {
  switch (mode) {
  case MemoryPlannerMode::CostModel:
    return "cost-model";
  case MemoryPlannerMode::SizeFirst:
    return "size-first";
  case MemoryPlannerMode::GreedyBySize:
    return "greedy-by-size";
  case MemoryPlannerMode::Smallest:
    return "smallest";
  }
  llvm_unreachable("unknown memory planner mode");
}

std::optional<MemoryPlannerMode>
mlir::memref::parseMemoryPlannerMode(StringRef spelling) {
  return llvm::StringSwitch<std::optional<MemoryPlannerMode>>(spelling)
      .Case("cost-model", MemoryPlannerMode::CostModel)
      .Case("size-first", MemoryPlannerMode::SizeFirst)
      .Case("greedy-by-size", MemoryPlannerMode::GreedyBySize)
      .Case("smallest", MemoryPlannerMode::Smallest)
      .Default(std::nullopt);
}

/// Returns the bytes a buffer of `size` bytes takes in the base buffer.
static uint64_t roundSize(uint64_t size, uint64_t alignment) {
  return size == 0 ? alignment : llvm::alignTo(size, alignment);
}

namespace {
/// Where each buffer lives in the trace: the positions of its events.
struct BufferInterval {
  size_t allocAt = 0;
  size_t freeAt = 0;
  uint64_t size = 0;
};
} // namespace

/// Checks that `events` is a well-formed trace and returns the lifetime of
/// each buffer, with the position after the last event as the end of the
/// buffers that are never freed.
static FailureOr<SmallVector<BufferInterval>>
getIntervals(ArrayRef<MemoryTraceEvent> events, uint64_t alignment) {
  size_t numBuffers = llvm::count_if(events, [](const MemoryTraceEvent &e) {
    return e.kind == MemoryTraceEvent::Kind::Alloc;
  });
  SmallVector<BufferInterval> intervals(numBuffers);
  SmallVector<uint8_t> state(numBuffers, 0); // 0: new, 1: alive, 2: freed.
  for (auto [pos, event] : llvm::enumerate(events)) {
    if (event.bufferId >= numBuffers)
      return failure();
    uint8_t &s = state[event.bufferId];
    if (event.kind == MemoryTraceEvent::Kind::Alloc) {
      if (s != 0)
        return failure();
      s = 1;
      intervals[event.bufferId].allocAt = pos;
      intervals[event.bufferId].size = roundSize(event.size, alignment);
      continue;
    }
    if (s != 1)
      return failure();
    s = 2;
    intervals[event.bufferId].freeAt = pos;
  }
  for (auto [interval, s] : llvm::zip_equal(intervals, state))
    if (s == 1)
      interval.freeAt = events.size();
  return intervals;
}

namespace {
/// The online planner of the `cost-model` and `size-first` modes.
class OnlinePlanner {
public:
  OnlinePlanner(MemoryPlannerMode mode, size_t numBuffers)
      : mode(mode), startMarker(numBuffers), chunkOf(numBuffers) {
    // The end of the base buffer.
    markers.push_back({kNone, 0});
  }

  void allocate(unsigned bufferId, uint64_t size);
  void free(unsigned bufferId);
  StaticMemoryPlan finish();

private:
  static constexpr unsigned kNone = ~0u;

  /// A boundary in the base buffer.
  struct Marker {
    unsigned next;
    /// Bytes from this marker to the next one.
    uint64_t gap;
  };

  /// A contiguous range of the base buffer: the markers from `begin` to
  /// `last`, up to the marker `end`.
  struct Chunk {
    unsigned begin;
    unsigned last;
    unsigned end;
    uint64_t size;
    bool isFree;
    /// Number of frees in the trace when the chunk became free.
    uint64_t freedAt;
    /// Increases with the address of the chunk.
    uint64_t order;
  };
  using ChunkIt = std::list<Chunk>::iterator;

  /// The space between the order keys of chunks that are appended or
  /// renumbered.
  static constexpr uint64_t kOrderGap = uint64_t(1) << 32;

  /// Makes `chunk` a free chunk, or no longer one, in the index.
  void indexFree(ChunkIt chunk) {
    freeChunks.try_emplace({chunk->size, chunk->order}, chunk);
  }
  void unindexFree(ChunkIt chunk) {
    freeChunks.erase({chunk->size, chunk->order});
  }

  /// Returns an order key between those of `chunk` and the chunk after it,
  /// renumbering the chunks when there is none.
  uint64_t getOrderAfter(ChunkIt chunk);

  unsigned addMarker(unsigned next, uint64_t gap) {
    markers.push_back({next, gap});
    return markers.size() - 1;
  }

  /// Returns the free chunk to place `size` bytes in, or `chunks.end()` when
  /// there is none.
  ChunkIt chooseChunk(uint64_t size);

  /// Splits the first `size` bytes of `chunk` off into a chunk of their own,
  /// placed before the rest.
  void split(ChunkIt chunk, uint64_t size);

  MemoryPlannerMode mode;
  std::vector<Marker> markers;
  std::list<Chunk> chunks;
  /// The last marker, which marks the end of the base buffer.
  unsigned endMarker = 0;
  SmallVector<unsigned> startMarker;
  std::vector<ChunkIt> chunkOf;
  uint64_t numFrees = 0;
  /// The free chunks by size and order key.
  std::map<std::pair<uint64_t, uint64_t>, ChunkIt> freeChunks;
};
} // namespace

uint64_t OnlinePlanner::getOrderAfter(ChunkIt chunk) {
  ChunkIt next = std::next(chunk);
  uint64_t limit =
      next == chunks.end() ? chunk->order + 2 * kOrderGap : next->order;
  if (limit - chunk->order >= 2)
    return chunk->order + (limit - chunk->order) / 2;
  // Renumber every chunk; the free ones are indexed by their keys.
  freeChunks.clear();
  uint64_t order = 0;
  for (ChunkIt it = chunks.begin(), e = chunks.end(); it != e; ++it) {
    it->order = order += kOrderGap;
    if (it->isFree)
      indexFree(it);
  }
  return chunk->order + kOrderGap / 2;
}

OnlinePlanner::ChunkIt OnlinePlanner::chooseChunk(uint64_t size) {
  if (freeChunks.empty())
    return chunks.end();
  // When no chunk fits, the largest one grows, as that grows the base buffer
  // the least; the last in address order among the largest.
  ChunkIt largest = std::prev(freeChunks.end())->second;
  auto fitting = freeChunks.lower_bound({size, 0});
  if (fitting == freeChunks.end())
    return largest;

  // The smallest chunk that fits, the first in address order among those of
  // its size.
  if (mode == MemoryPlannerMode::SizeFirst)
    return fitting->second;

  // The cost model, among the chunks that fit: how well the chunk fits (the
  // share of it the buffer uses) plus a bonus for chunks freed recently,
  // whose memory is likely still in cache; the first in address order among
  // the best. The chunks are visited by size, so the visit stops at the first
  // size whose fit plus the largest bonus cannot reach the best score.
  constexpr double kHotWeight = 0.25;
  double bestScore = -1.0;
  ChunkIt best = chunks.end();
  for (auto it = fitting, e = freeChunks.end(); it != e; ++it) {
    ChunkIt chunk = it->second;
    double fit = static_cast<double>(size) / static_cast<double>(chunk->size);
    if (fit + kHotWeight < bestScore)
      break;
    double hot = 1.0 / static_cast<double>(1 + numFrees - chunk->freedAt);
    double score = fit + kHotWeight * hot;
    if (score > bestScore ||
        (score == bestScore && chunk->order < best->order)) {
      bestScore = score;
      best = chunk;
    }
  }
  return best;
}

void OnlinePlanner::split(ChunkIt chunk, uint64_t size) {
  // Find or make the marker `size` bytes after the start of the chunk.
  uint64_t offset = 0;
  unsigned m = chunk->begin;
  while (offset + markers[m].gap < size) {
    offset += markers[m].gap;
    m = markers[m].next;
  }
  unsigned restBegin;
  unsigned restLast = chunk->last;
  if (offset + markers[m].gap == size) {
    restBegin = markers[m].next;
  } else {
    restBegin = addMarker(markers[m].next, offset + markers[m].gap - size);
    markers[m].gap = size - offset;
    markers[m].next = restBegin;
    if (m == chunk->last)
      restLast = restBegin;
  }
  Chunk rest{restBegin,           restLast,        chunk->end,
             chunk->size - size,  /*isFree=*/true, chunk->freedAt,
             getOrderAfter(chunk)};
  chunk->last = m;
  chunk->end = restBegin;
  chunk->size = size;
  indexFree(chunks.insert(std::next(chunk), rest));
}

void OnlinePlanner::allocate(unsigned bufferId, uint64_t size) {
  ChunkIt chunk = chooseChunk(size);
  if (chunk == chunks.end()) {
    // Nothing is free: append a chunk at the end of the base buffer.
    unsigned newEnd = addMarker(kNone, 0);
    unsigned begin = endMarker;
    markers[begin].next = newEnd;
    markers[begin].gap = size;
    endMarker = newEnd;
    uint64_t order =
        chunks.empty() ? kOrderGap : chunks.back().order + kOrderGap;
    chunk = chunks.insert(chunks.end(),
                          Chunk{begin, begin, newEnd, size, false, 0, order});
  } else {
    unindexFree(chunk);
    chunk->isFree = false;
    if (chunk->size < size) {
      // Grow the chunk; everything after it moves up.
      markers[chunk->last].gap += size - chunk->size;
      chunk->size = size;
    } else if (chunk->size > size) {
      split(chunk, size);
    }
  }
  startMarker[bufferId] = chunk->begin;
  chunkOf[bufferId] = chunk;
}

void OnlinePlanner::free(unsigned bufferId) {
  ChunkIt chunk = chunkOf[bufferId];
  chunk->isFree = true;
  chunk->freedAt = ++numFrees;
  if (chunk != chunks.begin()) {
    ChunkIt prev = std::prev(chunk);
    if (prev->isFree) {
      unindexFree(prev);
      chunk->begin = prev->begin;
      chunk->size += prev->size;
      chunks.erase(prev);
    }
  }
  ChunkIt next = std::next(chunk);
  if (next != chunks.end() && next->isFree) {
    unindexFree(next);
    chunk->last = next->last;
    chunk->end = next->end;
    chunk->size += next->size;
    chunks.erase(next);
  }
  indexFree(chunk);
}

StaticMemoryPlan OnlinePlanner::finish() {
  SmallVector<uint64_t> position(markers.size(), 0);
  uint64_t offset = 0;
  for (unsigned m = 0; m != kNone; m = markers[m].next) {
    position[m] = offset;
    offset += markers[m].gap;
  }
  StaticMemoryPlan plan;
  plan.mode = mode;
  plan.totalSize = offset;
  plan.offsets.reserve(startMarker.size());
  for (unsigned m : startMarker)
    plan.offsets.push_back(position[m]);
  return plan;
}

/// Plans with the online planner in trace order.
static StaticMemoryPlan planOnline(ArrayRef<MemoryTraceEvent> events,
                                   ArrayRef<BufferInterval> intervals,
                                   MemoryPlannerMode mode) {
  OnlinePlanner planner(mode, intervals.size());
  for (const MemoryTraceEvent &event : events) {
    if (event.kind == MemoryTraceEvent::Kind::Alloc)
      planner.allocate(event.bufferId, intervals[event.bufferId].size);
    else
      planner.free(event.bufferId);
  }
  return planner.finish();
}

/// Plans offline: the largest buffers first, each in the smallest gap between
/// the placed buffers whose lifetimes overlap its own, or above all of them.
static StaticMemoryPlan planGreedyBySize(ArrayRef<BufferInterval> intervals) {
  auto order = llvm::to_vector(llvm::seq<unsigned>(0, intervals.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return intervals[a].size > intervals[b].size;
  });

  // The placed buffers by the stretches of the trace their lifetimes touch,
  // so that finding those that overlap a lifetime does not scan them all.
  constexpr size_t kStretch = 64;
  size_t traceLength = 0;
  for (const BufferInterval &interval : intervals)
    traceLength = std::max(traceLength, interval.freeAt);
  std::vector<SmallVector<unsigned, 8>> placedIn(traceLength / kStretch + 1);
  SmallVector<unsigned> seenBy(intervals.size(), ~0u);

  StaticMemoryPlan plan;
  plan.mode = MemoryPlannerMode::GreedyBySize;
  plan.offsets.assign(intervals.size(), 0);
  SmallVector<std::pair<uint64_t, uint64_t>> taken;
  for (unsigned id : order) {
    const BufferInterval &buffer = intervals[id];
    size_t firstStretch = buffer.allocAt / kStretch;
    size_t lastStretch = (buffer.freeAt - 1) / kStretch;
    taken.clear();
    for (size_t stretch = firstStretch; stretch <= lastStretch; ++stretch) {
      for (unsigned other : placedIn[stretch]) {
        if (seenBy[other] == id)
          continue;
        seenBy[other] = id;
        const BufferInterval &o = intervals[other];
        if (o.allocAt < buffer.freeAt && buffer.allocAt < o.freeAt)
          taken.push_back({plan.offsets[other], o.size});
      }
    }
    llvm::sort(taken);
    uint64_t top = 0;
    std::optional<uint64_t> bestOffset;
    uint64_t bestGap = 0;
    for (auto [offset, size] : taken) {
      if (offset > top) {
        uint64_t gap = offset - top;
        if (gap >= buffer.size && (!bestOffset || gap < bestGap)) {
          bestOffset = top;
          bestGap = gap;
        }
      }
      top = std::max(top, offset + size);
    }
    plan.offsets[id] = bestOffset.value_or(top);
    plan.totalSize = std::max(plan.totalSize, plan.offsets[id] + buffer.size);
    for (size_t stretch = firstStretch; stretch <= lastStretch; ++stretch)
      placedIn[stretch].push_back(id);
  }
  return plan;
}

FailureOr<StaticMemoryPlan>
mlir::memref::planStaticMemory(ArrayRef<MemoryTraceEvent> events,
                               uint64_t alignment, MemoryPlannerMode mode) {
  if (!llvm::isPowerOf2_64(alignment))
    return failure();
  FailureOr<SmallVector<BufferInterval>> intervals =
      getIntervals(events, alignment);
  if (failed(intervals))
    return failure();

  switch (mode) {
  case MemoryPlannerMode::CostModel:
  case MemoryPlannerMode::SizeFirst:
    return planOnline(events, *intervals, mode);
  case MemoryPlannerMode::GreedyBySize:
    return planGreedyBySize(*intervals);
  case MemoryPlannerMode::Smallest: {
    // Ties go to the earlier mode.
    StaticMemoryPlan best =
        planOnline(events, *intervals, MemoryPlannerMode::CostModel);
    for (StaticMemoryPlan candidate :
         {planOnline(events, *intervals, MemoryPlannerMode::SizeFirst),
          planGreedyBySize(*intervals)})
      if (candidate.totalSize < best.totalSize)
        best = std::move(candidate);
    return best;
  }
  }
  llvm_unreachable("unknown memory planner mode");
}

uint64_t mlir::memref::computePeakLiveBytes(ArrayRef<MemoryTraceEvent> events,
                                            uint64_t alignment) {
  DenseMap<unsigned, uint64_t> sizes;
  uint64_t live = 0, peak = 0;
  for (const MemoryTraceEvent &event : events) {
    if (event.kind == MemoryTraceEvent::Kind::Alloc) {
      uint64_t size = roundSize(event.size, alignment);
      sizes[event.bufferId] = size;
      live += size;
      peak = std::max(peak, live);
      continue;
    }
    live -= sizes.lookup(event.bufferId);
  }
  return peak;
}
