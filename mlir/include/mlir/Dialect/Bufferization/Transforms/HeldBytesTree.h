//===- HeldBytesTree.h - Bytes held over positions ------------*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A segment tree over the positions of a program (the ops of a block, the
// ticks of a scope) that the passes which plan buffer memory use to ask how
// many bytes are held at most over a range of positions, while they extend or
// shorten lifetimes.
//
//===----------------------------------------------------------------------===//

#ifndef MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_HELDBYTESTREE_H
#define MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_HELDBYTESTREE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>

namespace mlir {
namespace bufferization {

/// Bytes held at each of `n` positions: adds bytes to a range of positions
/// and returns the most over a range, both in logarithmic time.
class HeldBytesTree {
public:
  /// A tree with `initial[i]` bytes at position `i`.
  explicit HeldBytesTree(ArrayRef<int64_t> initial)
      : size(initial.size()), most(4 * std::max<size_t>(initial.size(), 1)),
        pending(most.size()) {
    if (size > 0)
      build(1, 0, size - 1, initial);
  }

  /// Adds `bytes` at every position of [first, last].
  void add(int64_t first, int64_t last, int64_t bytes) {
    if (first <= last && size > 0)
      add(1, 0, size - 1, first, last, bytes);
  }

  /// Returns the most over [first, last], or `getNone()` if it is empty.
  int64_t getMax(int64_t first, int64_t last) const {
    if (first > last || size == 0)
      return getNone();
    return getMax(1, 0, size - 1, first, last);
  }

  /// What `getMax` returns for an empty range: below any sum of byte counts.
  static constexpr int64_t getNone() {
    return std::numeric_limits<int64_t>::min() / 2;
  }

private:
  void build(size_t node, int64_t lo, int64_t hi, ArrayRef<int64_t> initial) {
    if (lo == hi) {
      most[node] = initial[lo];
      return;
    }
    int64_t mid = lo + (hi - lo) / 2;
    build(2 * node, lo, mid, initial);
    build(2 * node + 1, mid + 1, hi, initial);
    most[node] = std::max(most[2 * node], most[2 * node + 1]);
  }

  void add(size_t node, int64_t lo, int64_t hi, int64_t first, int64_t last,
           int64_t bytes) {
    if (last < lo || hi < first)
      return;
    if (first <= lo && hi <= last) {
      most[node] += bytes;
      pending[node] += bytes;
      return;
    }
    int64_t mid = lo + (hi - lo) / 2;
    add(2 * node, lo, mid, first, last, bytes);
    add(2 * node + 1, mid + 1, hi, first, last, bytes);
    most[node] = std::max(most[2 * node], most[2 * node + 1]) + pending[node];
  }

  int64_t getMax(size_t node, int64_t lo, int64_t hi, int64_t first,
                 int64_t last) const {
    if (last < lo || hi < first)
      return getNone();
    if (first <= lo && hi <= last)
      return most[node];
    int64_t mid = lo + (hi - lo) / 2;
    return std::max(getMax(2 * node, lo, mid, first, last),
                    getMax(2 * node + 1, mid + 1, hi, first, last)) +
           pending[node];
  }

  int64_t size;
  SmallVector<int64_t> most;
  SmallVector<int64_t> pending;
};

} // namespace bufferization
} // namespace mlir

#endif // MLIR_DIALECT_BUFFERIZATION_TRANSFORMS_HELDBYTESTREE_H
