// Divided checking among clones (clone_divide.h).
#include "clone/clone_divide.h"
#include "mpisync_alloc.h"

#include "clone/clone_rma.h"
#include "clone/clone_state.h"
#include "mpisync_flags.h"
#include "mpisync_report_desc.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_allocator_internal.h"
#include "sanitizer_common/sanitizer_dense_map.h"
#include "sanitizer_common/sanitizer_mutex.h"
#include "sanitizer_common/sanitizer_placement_new.h"
#include "sanitizer_common/sanitizer_stacktrace.h"
#include "sanitizer_common/sanitizer_symbolizer.h"

using namespace __sanitizer;

namespace mpisync {
namespace clone {

bool dividing;

namespace {

enum : int { kNoCheck, kMine, kNotMine };
THREADLOCAL int access_check_state;

u64 Mix(u64 h, const char *s) {
  for (; s && *s; s++)
    h = (h ^ (u8)*s) * 1099511628211ull;
  return h;
}

u64 Mix(u64 h, u64 v) { return (h ^ v) * 1099511628211ull; }

// The site of an access is its source location, file:line:column in
// function, the unit reports are deduplicated by (mpisync_report.cpp): two
// instructions of one source access (vectorised, unrolled, inlined copies)
// go to the same clone, so it makes the one report the unsplit run makes.
// Symbolized once per instruction; the same in every process of the job,
// whatever ASLR did. Without symbols: the module and the offset in it.
u64 LocationKey(uptr pc) {
  uptr prev = StackTrace::GetPreviousInstructionPc(pc);
  SymbolizedStackHolder holder(SymbolizeReadable(prev));
  const SymbolizedStack *f = holder.get();
  u64 h = 1469598103934665603ull;
  if (f && f->info.file) {
    h = Mix(h, f->info.file);
    h = Mix(h, (u64)f->info.line);
    h = Mix(h, (u64)f->info.column);
    return Mix(h, f->info.function);
  }
  if (f && f->info.module)
    return Mix(Mix(h, StripModuleName(f->info.module)),
               (u64)f->info.module_offset);
  return Mix(h, (u64)(pc & 0xfff)); // the offset in a page survives ASLR
}

StaticSpinMutex owner_mu;
DenseMap<uptr, int> *owner_of_pc; // pc -> clone index - 1 that owns it

THREADLOCAL bool symbolizing;

int OwnerOf(uptr pc) {
  // The symbolizer's own memory traffic never meets a pending buffer; if it
  // did, it would not come back here for the lock this thread holds.
  if (symbolizing)
    return 0;
  SpinMutexLock lock(&owner_mu);
  if (!owner_of_pc)
    owner_of_pc =
        new (RuntimeAlloc(sizeof(*owner_of_pc))) DenseMap<uptr, int>();
  if (auto *found = owner_of_pc->find(pc))
    return found->second;
  symbolizing = true;
  u64 h = LocationKey(pc) * 0x9e3779b97f4a7c15ull;
  symbolizing = false;
  int owner = (int)((h >> 32) % (u64)family.num_clones);
  (*owner_of_pc)[pc] = owner;
  return owner;
}

} // namespace

bool ChecksSite(uptr pc) {
  if (!dividing)
    return true;
  // While a window is open the parent checks everything: the RMA conflict
  // check needs every local access to window memory in the owner's records,
  // which only the parent keeps (clones take part in no epoch).
  if (!flags()->clone_divide || WindowsOpen())
    return !IsClone();
  if (!IsClone())
    return false;
  return OwnerOf(pc) == family.clone_index - 1;
}

AccessCheckScope::AccessCheckScope(bool mine) : saved_(access_check_state) {
  access_check_state = mine ? kMine : kNotMine;
}

AccessCheckScope::~AccessCheckScope() { access_check_state = saved_; }

bool MutesReport() {
  if (!dividing)
    return false;
  if (IsClone())
    return access_check_state != kMine;
  return access_check_state == kNotMine;
}

void FillReportMode(ReportDesc *desc) {
  if (!IsClone() || desc->mode)
    return;
  desc->mode = "clones";
  desc->AddModeField("clone", nullptr, family.clone_index);
  desc->AddModeField("clones", nullptr, family.num_clones);
  if (desc->num_stacks)
    desc->stacks[0].title.AppendF(
        "cloned: made by clone %d (of %d) of rank %d (divided checking)\n",
        family.clone_index, family.num_clones, family.app_rank);
}

void SetUpDivision() { dividing = InFamily(); }

} // namespace clone
} // namespace mpisync
