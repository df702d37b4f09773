//===- ScevArithmetic.h - SCEV arithmetic that may answer "not known" ----===//
//
// The range-check planning (AffineHoisting.cpp, AffineNestLifting.cpp)
// adds and subtracts addresses, offsets and lengths as SCEVs. ScalarEvolution
// answers some of these with SCEVCouldNotCompute (the difference of two
// pointers into different objects, a loop's last iteration it cannot count)
// and asserts (or, in a release build of LLVM, reads garbage and crashes)
// when such an answer, or two integers of different widths, go into the next
// operation. Every such operation of the planning goes through these
// helpers instead: they answer null for "not known", take null for an
// operand, and the planning then keeps the accesses' own checks.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_SCEVARITHMETIC_H
#define MPISYNC_SCEVARITHMETIC_H

#include <cstdint>
#include <optional>

namespace llvm {
class Loop;
class SCEV;
class SCEVAddRecExpr;
class ScalarEvolution;
} // namespace llvm

namespace mpisync {

// S itself, or null if S is null or SCEVCouldNotCompute.
const llvm::SCEV *knownOrNull(const llvm::SCEV *S);

// A + B, where at most one is a pointer and both have the same width
// (ScalarEvolution's effective type); else, or if either is not known,
// null.
const llvm::SCEV *addOrNull(llvm::ScalarEvolution &SE, const llvm::SCEV *A,
                            const llvm::SCEV *B);

// A - B: two integers of the same width, a pointer minus an integer, or two
// pointers into the same object (same pointer base); else null.
const llvm::SCEV *minusOrNull(llvm::ScalarEvolution &SE, const llvm::SCEV *A,
                              const llvm::SCEV *B);

// AR's value on the last iteration of its loop, or null if the loop's
// backedge-taken count is not known.
const llvm::SCEV *lastValueOrNull(llvm::ScalarEvolution &SE,
                                  const llvm::SCEVAddRecExpr *AR);

// S's value if S is a constant that fits comfortably in 32 bits: offsets
// and steps the planning may add and compare without overflow. Null (not
// known) gives none.
std::optional<int64_t> smallConstant(const llvm::SCEV *S);

} // namespace mpisync

#endif // MPISYNC_SCEVARITHMETIC_H
