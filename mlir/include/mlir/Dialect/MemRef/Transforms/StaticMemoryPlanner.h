//===- StaticMemoryPlanner.h - Compile-time buffer planner ------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A compile-time memory planner: given a linear trace of allocation and free
// events, it places every buffer at a byte offset of one base buffer so that
// two buffers that are alive at the same time never share a byte, and
// returns the size of the base buffer. It knows nothing about IR; the
// merge-alloc pass feeds it the lifetimes it collects.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_MEMREF_TRANSFORMS_STATICMEMORYPLANNER_H
#define MLIR_DIALECT_MEMREF_TRANSFORMS_STATICMEMORYPLANNER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace mlir {
namespace memref {

/// One event of a linearized lifetime trace. Buffers are numbered densely
/// from 0; a buffer is allocated at most once and freed at most once, after
/// its allocation. A buffer that is never freed stays alive until the end of
/// the trace.
struct MemoryTraceEvent {
  enum class Kind : uint8_t { Alloc, Free };

  Kind kind;
  unsigned bufferId;
  /// Bytes requested; only meaningful for `Alloc`.
  uint64_t size;

  static MemoryTraceEvent alloc(unsigned bufferId, uint64_t size) {
    return {Kind::Alloc, bufferId, size};
  }
  static MemoryTraceEvent free(unsigned bufferId) {
    return {Kind::Free, bufferId, 0};
  }
};

/// How the planner chooses where a buffer goes.
enum class MemoryPlannerMode {
  /// Online, in trace order: weighs how well a free chunk fits against how
  /// recently it was freed (a recently freed chunk is likely still in cache).
  CostModel,
  /// Online, in trace order: the smallest free chunk that fits (best fit).
  SizeFirst,
  /// Offline: places the buffers in decreasing size, each in the smallest gap
  /// left by the already placed buffers whose lifetimes overlap its own.
  GreedyBySize,
  /// Runs every other mode and keeps the plan with the smallest total.
  Smallest,
};

/// Which peak the plans of a scope keep: how much more than the buffers they
/// replace the merged buffers may hold at once.
enum class PeakToKeep {
  /// That of every run of the scope: in an op that runs one of its regions,
  /// the scope surely holds what the cheapest region holds.
  EveryRun,
  /// That of the costliest runs of the scope: in an op that runs one of its
  /// regions, the scope may hold what the costliest region holds.
  WorstRun,
};

/// Returns the option spelling of `mode` (`cost-model`, `size-first`,
/// `greedy-by-size`, `smallest`).
StringRef stringifyMemoryPlannerMode(MemoryPlannerMode mode);

/// Parses the option spelling of a mode.
std::optional<MemoryPlannerMode> parseMemoryPlannerMode(StringRef spelling);

/// The placement of every buffer of a trace in one base buffer.
struct StaticMemoryPlan {
  /// Size of the base buffer in bytes, a multiple of the alignment.
  uint64_t totalSize = 0;
  /// Byte offset of each buffer, indexed by buffer id; a multiple of the
  /// alignment.
  SmallVector<uint64_t> offsets;
  /// The mode that produced the plan (never `Smallest`).
  MemoryPlannerMode mode = MemoryPlannerMode::CostModel;
};

/// Plans `events` into one base buffer. Every size is rounded up to
/// `alignment`, which must be a power of two; a zero-byte buffer takes one
/// aligned slot. Fails when the trace is malformed (ids not dense, a buffer
/// allocated twice, freed twice or freed before its allocation) or the
/// alignment is not a power of two.
FailureOr<StaticMemoryPlan> planStaticMemory(ArrayRef<MemoryTraceEvent> events,
                                             uint64_t alignment,
                                             MemoryPlannerMode mode);

/// Returns the most bytes alive at one time in `events`, with sizes rounded
/// as `planStaticMemory` rounds them: a lower bound of any plan's total.
uint64_t computePeakLiveBytes(ArrayRef<MemoryTraceEvent> events,
                              uint64_t alignment);

} // namespace memref
} // namespace mlir

#endif // MLIR_DIALECT_MEMREF_TRANSFORMS_STATICMEMORYPLANNER_H
