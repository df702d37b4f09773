//===- Ranges.cpp - Comparisons and arithmetic on ranges ------------------===//
//
// See Ranges.h.
//
//===----------------------------------------------------------------------===//
#include "Ranges.h"

using namespace clang;

namespace mpisync {

BinaryOperatorKind negateComparison(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GE;
  case BO_GE:
    return BO_LT;
  case BO_GT:
    return BO_LE;
  case BO_LE:
    return BO_GT;
  case BO_EQ:
    return BO_NE;
  default:
    return BO_EQ;
  }
}

BinaryOperatorKind swapComparison(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return Op;
  }
}

std::optional<bool> compareValues(Int L, BinaryOperatorKind Op, Int R) {
  switch (Op) {
  case BO_LT:
    return L < R;
  case BO_GT:
    return L > R;
  case BO_LE:
    return L <= R;
  case BO_GE:
    return L >= R;
  case BO_EQ:
    return L == R;
  case BO_NE:
    return L != R;
  default:
    return std::nullopt;
  }
}

std::optional<bool> decide(const Range &R, BinaryOperatorKind Op, Int C) {
  switch (Op) {
  case BO_EQ:
    if (R.exact() && *R.exact() == C)
      return true;
    if (!R.contains(C))
      return false;
    return std::nullopt;
  case BO_NE:
    if (auto D = decide(R, BO_EQ, C))
      return !*D;
    return std::nullopt;
  case BO_LT:
    if (R.Hi < C)
      return true;
    if (R.Lo >= C)
      return false;
    return std::nullopt;
  case BO_LE:
    if (R.Hi <= C)
      return true;
    if (R.Lo > C)
      return false;
    return std::nullopt;
  case BO_GT:
    if (R.Lo > C)
      return true;
    if (R.Hi <= C)
      return false;
    return std::nullopt;
  case BO_GE:
    if (R.Lo >= C)
      return true;
    if (R.Hi < C)
      return false;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

bool constrainRange(Range &R, BinaryOperatorKind Op, Int C) {
  switch (Op) {
  case BO_EQ:
    return R.assign(C);
  case BO_NE:
    return R.exclude(C);
  case BO_LT:
    return C != NegInf && R.restrictHi(C - 1);
  case BO_LE:
    return R.restrictHi(C);
  case BO_GT:
    return C != PosInf && R.restrictLo(C + 1);
  case BO_GE:
    return R.restrictLo(C);
  default:
    return true;
  }
}

std::optional<Int> applyArithmetic(BinaryOperatorKind Op, Int L, Int R) {
  Int Out;
  switch (Op) {
  case BO_Add:
    if (__builtin_add_overflow(L, R, &Out))
      return std::nullopt;
    return Out;
  case BO_Sub:
    if (__builtin_sub_overflow(L, R, &Out))
      return std::nullopt;
    return Out;
  case BO_Mul:
    if (__builtin_mul_overflow(L, R, &Out))
      return std::nullopt;
    return Out;
  case BO_Div:
    if (R == 0 || (L == NegInf && R == -1))
      return std::nullopt;
    return L / R;
  case BO_Rem:
    if (R == 0 || (L == NegInf && R == -1))
      return std::nullopt;
    return L % R;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  case BO_Xor:
    return L ^ R;
  case BO_Shl:
    if (R < 0 || R > 62 || L < 0 || L > (PosInf >> R))
      return std::nullopt;
    return L << R;
  case BO_Shr:
    if (R < 0 || R > 63)
      return std::nullopt;
    return L >> R;
  default:
    return std::nullopt;
  }
}

} // namespace mpisync
