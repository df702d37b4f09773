//===- Ranges.h - Comparisons and arithmetic on ranges ----------*- C++ -*-===//
//
// The integer operations the request analysis's facts are made of: a
// comparison's negation and mirror image, its value on two constants or on a
// range, a range constrained by it, and overflow-checked arithmetic.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_RANGES_H
#define MPISYNC_CLANG_PLUGIN_RANGES_H

#include "PathState.h"

#include "clang/AST/OperationKinds.h"

#include <optional>

namespace mpisync {

// !(x Op y) as x Op' y.
clang::BinaryOperatorKind negateComparison(clang::BinaryOperatorKind Op);
// x Op y as y Op' x.
clang::BinaryOperatorKind swapComparison(clang::BinaryOperatorKind Op);
// L Op R on constants; none if Op is not a comparison.
std::optional<bool> compareValues(Int L, clang::BinaryOperatorKind Op, Int R);
// What a range says about "x Op C".
std::optional<bool> decide(const Range &R, clang::BinaryOperatorKind Op, Int C);
// "x Op C" applied to R; false if nothing is left.
bool constrainRange(Range &R, clang::BinaryOperatorKind Op, Int C);
// L Op R for a non-comparison binary operator, if defined and it does not
// overflow.
std::optional<Int> applyArithmetic(clang::BinaryOperatorKind Op, Int L, Int R);

} // namespace mpisync

#endif
