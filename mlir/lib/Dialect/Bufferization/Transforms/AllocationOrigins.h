//===- AllocationOrigins.h - Origins of buffers, computed once --*- C++ -*-===//
//
// Part of the LLVM Project, under the Apache License v2.0 with LLVM Exceptions.
// See https://llvm.org/LICENSE.txt for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONORIGINS_H
#define LIB_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONORIGINS_H

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"

#include <deque>
#include <optional>

namespace mlir {
namespace bufferization {

/// Where the memory of a memref value comes from, as `BufferOriginAnalysis`
/// sees it.
struct Origin {
  /// The value after skipping the view-like ops whose result it is.
  Value base;
  /// The buffers `base` may originate from that the view flow analysis cannot
  /// trace further, sorted by address. Empty if `unknown`.
  SmallVector<Value, 2> terminals;
  /// The walk of the view flow graph from `base` gave up (see
  /// `AllocationOrigins`): the value may be any buffer but those it is known
  /// to be by `sameAllocationKey`.
  bool unknown = false;
  /// Every terminal buffer is fresh (see `AllocationOrigins`).
  bool allFresh = true;
  /// Every terminal buffer is fresh or an argument of a function's entry
  /// block.
  bool allFreshOrArgs = true;
  /// Every terminal buffer is a confined allocation (see
  /// `AllocationOrigins`): no buffer outside of what is derived from it can
  /// be it. Implies `allFresh`.
  bool allConfined = false;
  /// Values with the same key are the same allocation: the single terminal
  /// buffer (tagged 1), or the base when there are several (tagged 0).
  std::pair<Value, unsigned> sameAllocationKey;
  /// The value after skipping all view-like ops, as the upstream pass does for
  /// its block-argument rule.
  Value viewRoot;
  /// The op that creates `viewRoot` as a fresh buffer (see
  /// `AllocationOrigins`), if any.
  Operation *allocOp = nullptr;
  /// The block whose argument `viewRoot` is, if any.
  Block *argBlock = nullptr;
};

/// Computes the origin of each memref value once, from one
/// `BufferViewFlowAnalysis`, and answers the same-allocation questions of
/// `BufferOriginAnalysis` from it. A terminal buffer is fresh if it is the
/// result of an allocation or, with `noAliasCallsAreFresh`, of a call marked
/// `buffer_abi.no_alias_results`: such a buffer is none of the buffers that
/// exist when it is created.
///
/// The walk from a value to its terminal buffers visits at most `maxWalk`
/// values; past that, the origin is unknown. Without the bound, a chain of
/// `n` values that each may alias the one before (calls whose results may be
/// their operands) costs `O(n^2)` time and memory. An unknown origin only
/// makes the answers less precise.
///
/// With `trackConfinement`, the analysis also finds the confined
/// allocations: results of an op that allocates them (not of a call) whose
/// every derived value (the view flow from the allocation, up to `maxWalk`
/// values) is only read, written, freed, asked for its sizes, viewed,
/// forwarded along the view flow or returned from the function. No call gets
/// such a buffer, and no op stores its descriptor or takes its address, so
/// no call result, loaded descriptor, argument or other value that is not
/// derived from it can be it: a confined allocation differs from every value
/// whose terminal buffers do not include it. Confinement is decided once per
/// allocation and not updated; a client that passes a buffer on, or links a
/// new value to it (`notifyReplaced`), must not track it.
///
/// Origins are cached by value: the IR may change while the analysis lives
/// only in ways that erase no memref value that was asked about and link no
/// new value to an old one, unless it is told with `notifyReplaced`.
class AllocationOrigins {
public:
  /// The default bound of the walk to the terminal buffers of a value.
  static constexpr unsigned kDefaultMaxWalk = 256;

  explicit AllocationOrigins(Operation *root, bool noAliasCallsAreFresh = false,
                             unsigned maxWalk = kDefaultMaxWalk,
                             bool trackConfinement = false);

  /// The origin of `value`, computed on first use. The reference stays valid
  /// as long as the analysis.
  const Origin &get(Value value);

  /// Tells the analysis that the uses of `from` are about to be replaced
  /// with `to` and `from` erased: `to` takes over the links of `from`, and
  /// the origins that went through `from` are computed again when asked.
  /// Costs the values derived from `from`.
  void notifyReplaced(Value from, Value to);

  /// True if `a` and `b` are the same allocation, false if they are
  /// different ones, nullopt if that is not known; with fresh meaning an
  /// allocation, the answer of `BufferOriginAnalysis::isSameAllocation`.
  static std::optional<bool> isSameAllocation(const Origin &a, const Origin &b);

  /// Whether two values with disjoint terminal buffers are known to be
  /// different allocations from the kinds of their terminals.
  static bool distinctByKind(const Origin &a, const Origin &b) {
    return (a.allFresh && b.allFreshOrArgs) ||
           (a.allFreshOrArgs && b.allFresh) || (a.allConfined && !b.unknown) ||
           (b.allConfined && !a.unknown);
  }

  /// The rule `buffer-deallocation-simplification` adds on top of the
  /// analysis: a buffer allocated inside a block differs from the arguments
  /// of that block and of the blocks around it. A block argument holds a
  /// buffer that exists when the block starts, and a deallocation that frees
  /// it under its condition or retains it needs it alive until then; the
  /// buffer created inside is none of those alive when it is created. With
  /// `noAliasCallsAreFresh`, a marked call creates such a buffer too.
  static bool allocInsideArgBlock(const Origin &a, const Origin &b);

  /// Whether `value` is a fresh buffer: the result of an allocation or, with
  /// `noAliasCallsAreFresh`, of a call marked `buffer_abi.no_alias_results`.
  static bool isFreshBuffer(Value value, bool noAliasCallsAreFresh);

  /// Whether `a` and `b` are known to have no terminal buffer in common.
  static bool disjointTerminals(const Origin &a, const Origin &b);

private:
  Origin compute(Value base);
  bool isFresh(Value value) const;
  void setViewRoot(Origin &origin, Value value) const;
  bool isConfined(Value allocation);
  bool keepsConfined(OpOperand &use) const;

  BufferViewFlowAnalysis flow;
  /// The values each value may be a view or an alias of (the reverse edges of
  /// `flow`, which it does not expose), and the values derived from each
  /// value; kept up to date by `notifyReplaced`.
  DenseMap<Value, SmallVector<Value, 1>> sources;
  DenseMap<Value, SmallVector<Value, 1>> dependents;
  bool noAliasCallsAreFresh;
  unsigned maxWalk;
  bool trackConfinement;
  /// Whether each allocation asked about is confined.
  DenseMap<Value, bool> confined;
  DenseMap<Value, unsigned> indexOf;
  std::deque<Origin> origins;
};

/// An index over the origins of a list of values (the operands of one op) by
/// terminal buffer, by same-allocation key and by kind, so that the entries a
/// value may be the same allocation as are found without looking at the
/// entries it is known to differ from. Building it is linear in the entries
/// and their terminal buffers.
class OriginIndex {
public:
  OriginIndex(AllocationOrigins &origins, ValueRange values);

  size_t size() const { return entries.size(); }
  const Origin &operator[](unsigned pos) const { return *entries[pos]; }

  /// The entries with the same allocation key as `origin`, ascending.
  ArrayRef<unsigned> sameAllocation(const Origin &origin) const;

  /// The entries whose terminal buffers are not all fresh, ascending.
  ArrayRef<unsigned> notAllFresh() const { return notAllFreshEntries; }
  /// The entries whose terminal buffers are not all fresh or function
  /// arguments, ascending.
  ArrayRef<unsigned> notAllFreshOrArgs() const {
    return notAllFreshOrArgsEntries;
  }
  /// The entries whose terminal buffers are not all confined allocations,
  /// ascending.
  ArrayRef<unsigned> notAllConfined() const { return notAllConfinedEntries; }
  /// The entries whose origin is unknown, ascending.
  ArrayRef<unsigned> unknown() const { return unknownEntries; }

  /// Calls `fn` on each entry that may share a terminal buffer with `origin`
  /// (every entry if the origin is unknown, and every unknown entry), once,
  /// until `fn` returns false. Returns false if it stopped early.
  template <typename Fn>
  bool forEachOverlapping(const Origin &origin, Fn fn) const {
    if (origin.unknown) {
      for (unsigned pos : llvm::seq<unsigned>(entries.size()))
        if (!fn(pos))
          return false;
      return true;
    }
    // With a single terminal buffer and no unknown entry, no entry is listed
    // twice.
    bool mayRepeat = origin.terminals.size() > 1 || !unknownEntries.empty();
    llvm::SmallDenseSet<unsigned, 8> seen;
    auto visit = [&](ArrayRef<unsigned> positions) {
      for (unsigned pos : positions) {
        if (mayRepeat && !seen.insert(pos).second)
          continue;
        if (!fn(pos))
          return false;
      }
      return true;
    };
    if (!visit(unknownEntries))
      return false;
    for (Value terminal : origin.terminals) {
      auto it = byTerminal.find(terminal);
      if (it != byTerminal.end() && !visit(it->second))
        return false;
    }
    return true;
  }

  /// Appends to `result`, ascending, the positions below `limit` of the
  /// entries that `AllocationOrigins::isSameAllocation` does not tell apart
  /// from `origin` (it answers true or nullopt). Costs the number of such
  /// entries, plus the terminal buffers of `origin`, plus the entries below
  /// `limit` when `origin` is not all fresh or function arguments.
  void collectCandidates(const Origin &origin, unsigned limit,
                         SmallVectorImpl<unsigned> &result) const;

private:
  /// The origins of the entries, owned by the `AllocationOrigins`.
  SmallVector<const Origin *> entries;
  SmallVector<unsigned> unknownEntries;
  SmallVector<unsigned> notAllFreshEntries;
  SmallVector<unsigned> notAllFreshOrArgsEntries;
  SmallVector<unsigned> notAllConfinedEntries;
  DenseMap<Value, SmallVector<unsigned, 1>> byTerminal;
  DenseMap<std::pair<Value, unsigned>, SmallVector<unsigned, 1>> byKey;
};

} // namespace bufferization
} // namespace mlir

#endif // LIB_DIALECT_BUFFERIZATION_TRANSFORMS_ALLOCATIONORIGINS_H
