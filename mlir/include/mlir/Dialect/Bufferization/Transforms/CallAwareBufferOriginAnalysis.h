//===- CallAwareBufferOriginAnalysis.h - Origins across calls ---*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The origin analysis that the lowering of deallocations asks whether two
// buffers are the same allocation: upstream's `BufferOriginAnalysis`, which
// also knows the results of calls that follow the no-alias function boundary
// ABI for fresh allocations.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_CALLAWAREBUFFERORIGINANALYSIS_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_CALLAWAREBUFFERORIGINANALYSIS_H

#include "mlir/IR/Value.h"

#include <memory>
#include <optional>

namespace mlir {
class Operation;

namespace bufferization {
class AllocationOrigins;

/// Decides like `BufferOriginAnalysis` whether two buffers come from the same
/// allocation, and in addition takes each memref result of a `func.call`
/// marked as following the no-alias function boundary ABI
/// (`func::kNoAliasResultsAttrName`) for a fresh allocation, as it takes the
/// result of a `memref.alloc`: such a result aliases no other result and no
/// buffer that the caller holds.
class CallAwareBufferOriginAnalysis {
public:
  explicit CallAwareBufferOriginAnalysis(Operation *root);
  ~CallAwareBufferOriginAnalysis();

  /// Returns true if `v1` and `v2` come from the same allocation, false if
  /// they come from different ones, and nullopt if that is not known.
  std::optional<bool> isSameAllocation(Value v1, Value v2);

  /// The origins behind the answers, for indexes over many values.
  AllocationOrigins &getOrigins() { return *origins; }

private:
  /// The origins of the values asked about, computed once each.
  std::unique_ptr<AllocationOrigins> origins;
};

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_CALLAWAREBUFFERORIGINANALYSIS_H
