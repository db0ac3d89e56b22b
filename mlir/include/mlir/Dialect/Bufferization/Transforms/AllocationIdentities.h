//===- AllocationIdentities.h - Allocations at run time ---------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Computes, at run time, which allocation a buffer is part of, for the
// runtime alias checks of the deallocation lowering and of the function
// boundary, where comparing aligned pointers does not tell.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONIDENTITIES_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONIDENTITIES_H

#include "mlir/Dialect/Bufferization/Transforms/BufferLifetimeAnalysis.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace arith {
class SelectOp;
} // namespace arith
namespace scf {
class ForOp;
class WhileOp;
} // namespace scf

namespace bufferization {

/// Identifies at run time the allocation a buffer is part of, for runtime
/// alias checks. Comparing aligned pointers does that for most buffers, but
/// a `memref.view` at a byte shift has the aligned pointer of its source plus
/// the shift, so a buffer and such a view of it have different aligned
/// pointers. For a value that may carry a shifted pointer (see
/// `BufferLifetimeAnalysis::mayHaveShiftedPointer`), the identity is the
/// aligned pointer of the buffer it was derived from. It is followed through
/// views and ops that return their only buffer operand; through
/// `arith.select`, which gets an `index` select of the identities of its
/// operands; out of the regions of `scf.if` and `scf.index_switch`, which get
/// an extra `index`
/// result per buffer result; and through `scf.for` and `scf.while` loops,
/// which get an extra `index` iteration argument per buffer one (`thread`
/// adds them). Elsewhere (other block arguments, results of other ops) it is
/// unknown.
class AllocationIdentities {
public:
  explicit AllocationIdentities(BufferLifetimeAnalysis &analysis)
      : analysis(analysis) {}

  /// Returns true if comparing aligned pointers may not tell whether `value`
  /// and another buffer share an allocation.
  bool mayHaveShiftedPointer(Value value) const {
    return analysis.mayHaveShiftedPointer(value);
  }

  /// Makes the identity of `value` computable after it is defined, by
  /// adding identity results to the region ops it is derived from where
  /// needed. Rebuilt region ops replace the old ones, so `value` may be
  /// replaced too; returns the value that takes its place.
  Value thread(RewriterBase &rewriter, Value value);

  /// Returns an `index` value that identifies the allocation of `value`,
  /// built at the insertion point of `builder`, or a null value if it is
  /// unknown. `getAlignedPointer` extracts the aligned pointer of a buffer.
  Value get(OpBuilder &builder, Value value,
            function_ref<Value(Value)> getAlignedPointer);

private:
  /// Returns the buffer whose allocation `value` is part of and whose
  /// identity is computed the same way, one step down, or null.
  Value getDerivedFrom(Value value) const;

  /// Returns the identities of the inits of `loop` at `positions`, built
  /// before the loop; fewer if one is unknown. Threading an init may rebuild
  /// a loop around `loop` whose yielded values come from `loop`, which
  /// rebuilds `loop` as well: then `loop` is gone, `rebuilt` is set and the
  /// result is empty.
  SmallVector<Value> getInitIdentities(RewriterBase &rewriter,
                                       LoopLikeOpInterface loop,
                                       ArrayRef<unsigned> positions,
                                       bool &rebuilt);

  /// Notes that `op` was rebuilt as `newOp`, its results and region
  /// arguments in `replaced` (old, new) replaced.
  void notifyRebuilt(Operation *op, Operation *newOp,
                     ArrayRef<std::pair<Value, Value>> replaced);

  /// Returns the value that took the place of `value` in the rebuilds of the
  /// current `thread`, or `value`.
  Value getReplacement(Value value) const;

  /// `get`, extracting aligned pointers anew at the insertion point.
  Value getWithNewPointers(RewriterBase &rewriter, Value value);

  /// Rebuilds `op`, an `scf.if` or `scf.index_switch`, with an identity
  /// result per buffer result that may have a shifted pointer. Returns the
  /// value that takes the place of `value`.
  Value threadRegionResults(RewriterBase &rewriter, Operation *op, Value value);

  /// Gives the result of `select` the identity that `select` picks among
  /// those of its operands, if both are known.
  void threadSelect(RewriterBase &rewriter, arith::SelectOp select);

  /// Rebuilds `forOp` with an identity iteration argument per buffer
  /// argument that may have a shifted pointer. Returns the value that takes
  /// the place of `value`.
  Value threadLoop(RewriterBase &rewriter, scf::ForOp forOp, Value value);

  /// Rebuilds `whileOp` with an identity argument per argument of either
  /// region, and an identity result per result, that may have a shifted
  /// pointer. Returns the value that takes the place of `value`.
  Value threadWhileLoop(RewriterBase &rewriter, scf::WhileOp whileOp,
                        Value value);

  /// Returns true if the identity of `value` is known, or can be made known
  /// by `thread`, assuming it for the carriers in `visiting`.
  bool canIdentify(Value value,
                   llvm::SmallPtrSetImpl<Operation *> &visiting) const;

  BufferLifetimeAnalysis &analysis;
  /// The identity results added to rebuilt region ops, by the result whose
  /// identity they carry.
  DenseMap<Value, Value> threaded;
  /// The ops rebuilt, and the values replaced, since the outermost `thread`
  /// began (the keys are erased; see `notifyRebuilt`).
  DenseMap<Operation *, Operation *> rebuiltOps;
  DenseMap<Value, Value> replacedValues;
  unsigned threadDepth = 0;
};

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONIDENTITIES_H
