//===- Options.cpp - switches of the MPISync pass ------------------------===//
#include "Options.h"

using namespace llvm;

namespace mpisync {

cl::opt<bool> ClInlinePending(
    "mpisync-inline-pending",
    cl::desc("Test the runtime's 'anything pending' word inline, loaded once "
             "per call-free region, and call the runtime only when it is set"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClInlineAccessType(
    "mpisync-inline-access-type",
    cl::desc("Behind the pending word, test inline whether anything a load "
             "(resp. store) can violate is pending"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClInlineRange(
    "mpisync-inline-range",
    cl::desc("Behind the pending word, test inline whether the access falls "
             "in the interval covering the pending regions of its type"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClInlineShadow(
    "mpisync-inline-shadow",
    cl::desc("Behind the range test, test the access's shadow bytes inline"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClCloneLoops(
    "mpisync-clone-loops",
    cl::desc("Run an uninstrumented copy of call-free loops while nothing is "
             "pending"),
    cl::Hidden, cl::init(true));

cl::opt<unsigned> ClCloneLoopMaxInstructions(
    "mpisync-clone-loop-max-instructions",
    cl::desc("Largest loop (in instructions) that is cloned"), cl::Hidden,
    cl::init(4000));

cl::opt<unsigned> ClCloneNestMaxInstructions(
    "mpisync-clone-nest-max-instructions",
    cl::desc("Largest loop nest (in instructions) that is cloned whole when "
             "its outer bodies hold checks; larger nests clone only the inner "
             "loops that need it"),
    cl::Hidden, cl::init(200));

cl::opt<bool> ClDedupChecks(
    "mpisync-dedup-checks",
    cl::desc("Drop a check dominated by an identical check in the same "
             "call-free region"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClPreserveAllCC(
    "mpisync-preserve-all-cc",
    cl::desc("Call the runtime's slow-path entries with preserve_allcc"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClColdCallsBesideMpi(
    "mpisync-cold-calls-beside-mpi",
    cl::desc("Outside call-free loops, check an access that runs only "
             "beside an MPI call (BesideMpiCalls.h) with a bare call to the "
             "runtime's _cold entry, which tests the pending word itself: no "
             "inline test to compile where the MPI call costs more"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClCompactColdChecks(
    "mpisync-compact-cold-checks",
    cl::desc("Outside call-free loops, behind the pending word, call the "
             "runtime directly (it repeats the range and shadow tests): that "
             "code runs once per region, and the smaller check compiles "
             "faster (off by default: the runtime is then entered while "
             "something is pending, not only on a marked granule)"),
    cl::Hidden, cl::init(false));

cl::opt<bool> ClColdRangeChecks(
    "mpisync-cold-range-checks",
    cl::desc("Outside call-free loops, check a loop's hoisted range (or a "
             "nest's rows) by a bare call to the runtime's _cold range entry, "
             "which tests the pending word and the interval itself: a call "
             "per loop entry while something is pending, instead of inline "
             "test blocks that the back end compiles for every loop"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClGroupChecks(
    "mpisync-group-checks",
    cl::desc("One range test for a block's accesses at constant offsets "
             "from one pointer between calls (AccessGroups.h); each member "
             "then tests only its shadow bytes when the group's hull meets "
             "the pending interval"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClNearTest(
    "mpisync-near-test",
    cl::desc("Outside call-free loops, test an access (or a group's hull) "
             "against the published near interval instead of the pending "
             "word: one test that also fails while something is pending far "
             "away, and no pending word kept in a register across calls"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClSkipNonEscapingAllocas(
    "mpisync-skip-nonescaping-allocas",
    cl::desc("Do not instrument accesses to stack objects whose address never "
             "escapes (they cannot be MPI buffers)"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClKnowMpiArguments(
    "mpisync-know-mpi-arguments",
    cl::desc("An address passed to a known MPI call as an argument MPI does "
             "not keep (an out-parameter, a request, the buffer of a blocking "
             "call) does not escape (gen_mpi_arg_table.py); off: any MPI call "
             "may keep any pointer"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClSkipConstantMemory(
    "mpisync-skip-constant-memory",
    cl::desc("Do not instrument loads from constant globals (they cannot be "
             "receive buffers)"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClSkipPrivateGlobals(
    "mpisync-skip-private-globals",
    cl::desc("Do not instrument accesses to module-local globals whose "
             "address never escapes (they cannot reach an MPI call)"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClSkipPrivateHeap(
    "mpisync-skip-private-heap",
    cl::desc("Do not instrument accesses to memory from malloc, calloc, "
             "strdup or operator new whose address the function never lets "
             "escape (it cannot reach an MPI call)"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClSkipFreshHeap(
    "mpisync-skip-fresh-heap",
    cl::desc("Do not instrument accesses to a block from malloc, calloc, "
             "strdup or operator new where no call that may reach MPI (nor a "
             "fence or release store) lies between the allocation and the "
             "access (no MPI operation can hold it yet)"),
    cl::Hidden, cl::init(true));

cl::opt<bool> ClHoistAffineLoopAccesses(
    "mpisync-hoist-affine",
    cl::desc("Check the whole range of an affine access in a call-free loop "
             "once, before the loop (SCEV)"),
    cl::Hidden, cl::init(true));

} // namespace mpisync
