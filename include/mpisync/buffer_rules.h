// The buffer rules (buffer_rules.def) as constexpr lookups, and the shadow
// bits and masks that follow from them. Dependency free: the runtime, the
// pass and the clang plugin include it, so a changed row changes all three
// at the next build.
#ifndef MPISYNC_CONTRACT_BUFFER_RULES_H
#define MPISYNC_CONTRACT_BUFFER_RULES_H

#include <stdint.h>

#include "mpisync/error_kinds.h"

namespace mpisync {

// One shadow byte per 8-byte granule holds the OR of these bits of the
// buffers on it (DESIGN.md section 4).
enum ShadowBits : uint8_t {
  kShadowNone = 0,
  kShadowSend = 1, // a pending buffer the library reads
  kShadowRecv = 2, // a pending buffer the library writes
  // Window memory in an exposure epoch: the first load (store) of a granule
  // per clock interval is recorded for the RMA conflict check, then the bit
  // is cleared until this process's clock next leaves it.
  kShadowWinLoad = 4,
  kShadowWinStore = 8,
  // The buffer of an operation another thread completed, while some
  // running thread has not yet synchronized with that completion
  // (docs/threads.md): the role's pending bit, shifted.
  kShadowUnorderedSend = kShadowSend << 4,
  kShadowUnorderedRecv = kShadowRecv << 4,
  // The granule was marked for more than one pending buffer since it was
  // last cleared: a completion that clears it must mark again what the
  // others keep there (a walk of the index); without it, clearing is
  // enough. Runtime bookkeeping only: no access mask contains it.
  kShadowShared = 0x40,
};
constexpr unsigned kShadowScale = 3; // 8-byte granules

enum class BufferRole : uint8_t {
#define MPISYNC_BUFFER_ROLE(Role, Name, Direction) k##Role,
#include "mpisync/buffer_rules.def"
};
enum class BufferAccess : uint8_t { kLoad, kStore, kFree, kScopeExit };
enum class RuleOutcome : uint8_t { kAllow, kError, kRecord };
enum class RuleVerdict : uint8_t {
  kNone,
  kDataConsumed,
  kDataProduced,
  kManifest,
  kEpochCheck,
};
enum class RoleDirection : uint8_t { kLibraryReads, kLibraryWrites };

struct BufferRule {
  RuleOutcome outcome;
  ErrorKind kind;
  RuleVerdict verdict;
  uint8_t shadow_bit;
};

constexpr BufferRule RuleFor(BufferRole role, BufferAccess access) {
#define MPISYNC_BUFFER_RULE(Role, Access, Outcome, Kind, Verdict, ShadowBit)   \
  if (role == BufferRole::k##Role && access == BufferAccess::k##Access)        \
    return {RuleOutcome::k##Outcome, ErrorKind::k##Kind,                       \
            RuleVerdict::k##Verdict, kShadow##ShadowBit};
#include "mpisync/buffer_rules.def"
  return {RuleOutcome::kAllow, ErrorKind::kNone, RuleVerdict::kNone,
          kShadowNone};
}

constexpr const char *RoleName(BufferRole role) {
#define MPISYNC_BUFFER_ROLE(Role, Name, Direction)                             \
  if (role == BufferRole::k##Role)                                             \
    return Name;
#include "mpisync/buffer_rules.def"
  return "?";
}

// Whether the library puts data into buffers of this role (a receive).
constexpr bool LibraryWrites(BufferRole role) {
#define MPISYNC_BUFFER_ROLE(Role, Name, Direction)                             \
  if (role == BufferRole::k##Role)                                             \
    return RoleDirection::k##Direction == RoleDirection::kLibraryWrites;
#include "mpisync/buffer_rules.def"
  return true;
}

// Whether `access` must be checked against some role of direction `dir`
// (the runtime indexes pending buffers by direction and publishes, per
// access type, the hull of the indices these say).
constexpr bool CheckedAgainst(BufferAccess access, RoleDirection dir) {
#define MPISYNC_BUFFER_RULE(Role, Access, Outcome, Kind, Verdict, ShadowBit)   \
  if (access == BufferAccess::k##Access &&                                     \
      RuleOutcome::k##Outcome != RuleOutcome::kAllow &&                        \
      LibraryWrites(BufferRole::k##Role) ==                                    \
          (dir == RoleDirection::kLibraryWrites))                              \
    return true;
#include "mpisync/buffer_rules.def"
  return false;
}

// The shadow bits a pending buffer of this role marks.
constexpr uint8_t ShadowBitsOf(BufferRole role) {
  uint8_t bits = 0;
#define MPISYNC_BUFFER_RULE(Role, Access, Outcome, Kind, Verdict, ShadowBit)   \
  if (role == BufferRole::k##Role)                                             \
    bits |= kShadow##ShadowBit;
#include "mpisync/buffer_rules.def"
  return bits;
}

// The bits a load (store) must look at: those of the rules that do not
// allow it. The inline fast path tests the shadow byte against these.
constexpr uint8_t ShadowMaskFor(BufferAccess access) {
  uint8_t mask = 0;
#define MPISYNC_BUFFER_RULE(Role, Access, Outcome, Kind, Verdict, ShadowBit)   \
  if (access == BufferAccess::k##Access &&                                     \
      RuleOutcome::k##Outcome != RuleOutcome::kAllow)                          \
    mask |= kShadow##ShadowBit;
#include "mpisync/buffer_rules.def"
  return mask;
}
// The unordered bits that stand for the pending bits in `bits`.
constexpr uint8_t UnorderedBits(uint8_t bits) {
  return (uint8_t)((bits & (kShadowSend | kShadowRecv)) << 4);
}
constexpr uint8_t kShadowLoadMask =
    ShadowMaskFor(BufferAccess::kLoad) |
    UnorderedBits(ShadowMaskFor(BufferAccess::kLoad));
constexpr uint8_t kShadowStoreMask =
    ShadowMaskFor(BufferAccess::kStore) |
    UnorderedBits(ShadowMaskFor(BufferAccess::kStore));
constexpr uint8_t kShadowWinMask = kShadowWinLoad | kShadowWinStore;
constexpr uint8_t kShadowUnorderedMask =
    kShadowUnorderedSend | kShadowUnorderedRecv;

// Every role has all four rules (the table is complete).
constexpr bool RuleTableComplete() {
  unsigned rows = 0, roles = 0;
#define MPISYNC_BUFFER_ROLE(Role, Name, Direction) roles++;
#define MPISYNC_BUFFER_RULE(Role, Access, Outcome, Kind, Verdict, ShadowBit)   \
  rows++;
#include "mpisync/buffer_rules.def"
  return rows == roles * 4;
}
static_assert(RuleTableComplete(), "buffer_rules.def: a role lacks a rule");

} // namespace mpisync

#endif // MPISYNC_CONTRACT_BUFFER_RULES_H
