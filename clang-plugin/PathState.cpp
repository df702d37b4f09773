//===- PathState.cpp - What one path of a function knows ------------------===//
#include "PathState.h"

#include <algorithm>

namespace mpisync {

bool Range::contains(Int V) const {
  return V >= Lo && V <= Hi && !std::binary_search(Ne.begin(), Ne.end(), V);
}

bool Range::normalize() {
  // Excluded values at the bounds move the bounds.
  while (Lo <= Hi && !Ne.empty() && Ne.front() <= Lo) {
    if (Ne.front() == Lo) {
      if (Lo == PosInf)
        return false;
      ++Lo;
    }
    Ne.erase(Ne.begin());
  }
  while (Lo <= Hi && !Ne.empty() && Ne.back() >= Hi) {
    if (Ne.back() == Hi) {
      if (Hi == NegInf)
        return false;
      --Hi;
    }
    Ne.pop_back();
  }
  return Lo <= Hi;
}

bool Range::restrictLo(Int V) {
  Lo = std::max(Lo, V);
  return normalize();
}

bool Range::restrictHi(Int V) {
  Hi = std::min(Hi, V);
  return normalize();
}

bool Range::exclude(Int V) {
  if (V < Lo || V > Hi)
    return true;
  auto It = std::lower_bound(Ne.begin(), Ne.end(), V);
  if (It == Ne.end() || *It != V) {
    // A few exclusions are enough to tell ranks apart; forget the rest.
    if (Ne.size() >= 4 && V != Lo && V != Hi)
      return true;
    Ne.insert(It, V);
  }
  return normalize();
}

bool Range::assign(Int V) {
  if (!contains(V))
    return false;
  Lo = Hi = V;
  Ne.clear();
  return true;
}

static Int saturatingAdd(Int A, Int B) {
  if (A == NegInf || A == PosInf)
    return A;
  Int R;
  if (__builtin_add_overflow(A, B, &R))
    return B > 0 ? PosInf : NegInf;
  return R;
}

void Range::shift(Int By) {
  Lo = saturatingAdd(Lo, By);
  Hi = saturatingAdd(Hi, By);
  for (Int &V : Ne)
    V = saturatingAdd(V, By);
  normalize();
}

void PathState::encode(std::vector<uint64_t> &Out) const {
  auto Ptr = [](const void *P) {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(P));
  };
  auto Base = [&](const MemBase &B) {
    Out.push_back(Ptr(B.Var) | (B.Deref ? 1 : 0));
  };
  Out.push_back(Facts.size());
  for (const auto &[Term, R] : Facts) {
    Out.push_back(Term);
    Out.push_back(static_cast<uint64_t>(R.Lo));
    Out.push_back(static_cast<uint64_t>(R.Hi));
    Out.push_back(R.Ne.size());
    for (Int V : R.Ne)
      Out.push_back(static_cast<uint64_t>(V));
  }
  Out.push_back(Slots.size());
  for (const auto &[Key, C] : Slots) {
    Base(Key.first);
    Out.push_back(static_cast<uint64_t>(Key.second));
    Out.push_back((uint64_t(C.K) << 32) | (C.K == Content::Op ? C.Id : 0));
  }
  Out.push_back(Defaults.size());
  for (const auto &[B, K] : Defaults) {
    Base(B);
    Out.push_back(K);
  }
  Out.push_back(Symbolic.size());
  for (const auto &[B, Set] : Symbolic) {
    Base(B);
    Out.push_back(Set.size());
    for (OpId Id : Set)
      Out.push_back(Id);
  }
  Out.push_back(Ops.size());
  for (const auto &[Id, Op] : Ops) {
    Out.push_back(Id);
    Out.push_back(uint64_t(Op.St) | uint64_t(Op.Persistent) << 8 |
                  uint64_t(Op.EverStarted) << 9 | uint64_t(Op.Shared) << 10 |
                  uint64_t(Op.Unconfirmed) << 11);
    Out.push_back(Ptr(Op.Started));
    Out.push_back(Ptr(Op.ResultVar));
    Out.push_back(Op.Regions.size());
    for (const Region &R : Op.Regions) {
      Base(R.Base);
      Out.push_back(R.Offset ? static_cast<uint64_t>(*R.Offset) : ~0ull);
      Out.push_back(static_cast<uint64_t>(R.SureLen));
      Out.push_back(Ptr(R.Arg));
    }
  }
  Out.push_back(Pointees.size());
  for (const auto &[V, L] : Pointees) {
    Out.push_back(Ptr(V));
    Base(L.Base);
    Out.push_back(L.Offset ? static_cast<uint64_t>(*L.Offset) : ~0ull);
  }
  Out.push_back(LoopVisits.size());
  for (const auto &[Loop, N] : LoopVisits) {
    Out.push_back(Ptr(Loop));
    Out.push_back(N);
  }
}

} // namespace mpisync
