# MPISync's lit configuration: substitutions for the tools and features for
# REQUIRES: lines. See docs/testing.md.
import os
import shlex
import socket
import sys
import tempfile

# The test format lives in a module: lit's worker processes unpickle it.
sys.path.insert(0, os.path.dirname(__file__))
from mpisync_lit_format import QuotedPathsShTest  # noqa: E402

config.name = "MPISync"
config.test_format = QuotedPathsShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test", ".f90", ".f"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "run_lit.py", "mpisync_lit_format.py",
                   "__pycache__"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mpisync_obj_root, "test")

path = [config.llvm_tools_dir, config.mpisync_bin_dir, config.environment.get("PATH", ""),
        os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(p for p in path if p)
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Pin how MPICH/UCX move data, so manifest/latent verdicts do not depend on
# the machine: shared memory, eager (copied inside MPI_Isend) below 16 KiB,
# rendezvous (pulled by the receiver) from 16 KiB.
config.environment["UCX_TLS"] = "sm,self"
config.environment["UCX_RNDV_THRESH"] = "16384"
config.environment["UCX_WARN_UNUSED_ENV_VARS"] = "n"
# The MPI the build is for (docs/which-mpi.md): features for REQUIRES:
# lines (`mpich` or `openmpi`, and `mpi-4`), and for Open MPI the same pinning as above:
# shared memory through ob1 and vader, eager below 16 KiB, and no single-copy
# mechanism (CMA, XPMEM), so that larger messages are copied by the library
# where MPISync sees it. Tests may run as root (containers).
# `mpi-4`: the MPI has MPI 4.0's calls (large-count `_c`, persistent
# collectives, partitioned, MPI_Isendrecv); Open MPI 4.1 has not.
config.available_features.add(config.mpi_family)
if int(config.mpi_version.split(".")[0] or 0) >= 4:
    config.available_features.add("mpi-4")
if config.mpi_family == "openmpi":
    config.environment.update({
        "OMPI_MCA_pml": "ob1",
        "OMPI_MCA_btl": "self,vader",
        "OMPI_MCA_btl_vader_eager_limit": "16384",
        "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
        # One-sided: pt2pt (over ob1) for created, allocated and dynamic
        # windows, sm for shared ones; osc rdma and ucx need a network.
        "OMPI_MCA_osc": "sm,pt2pt",
        # A rank that reports exits with status 66 (docs/reports.md);
        # mpirun then signals the others and waits this many seconds before
        # SIGKILL (default 1, about 2 s per detection test in all). The
        # reports are written before the exit, so nothing is lost by not
        # waiting: it only shortens the suite.
        "OMPI_MCA_odls_base_sigkill_timeout": "0",
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    })
    # mpirun creates its session directory under <base>/ompi.<node>.<uid>,
    # which the last job to end removes when empty; two jobs of parallel
    # tests starting and ending at once race on that mkdir ("File exists",
    # orte_init fails). A base of the suite's own whose top directory holds
    # a file the cleanup keeps (a non-empty "output-" file) is never
    # removed, so no job has to create it. Short, without spaces: the jobs'
    # unix sockets live under it (at most 107 bytes).
    ompi_base = os.path.join(tempfile.gettempdir(),
                             "mpisync-ompi-%d" % os.getuid())
    ompi_top = os.path.join(ompi_base, "ompi.%s.%d" % (
        socket.gethostname().split(".")[0], os.getuid()))
    os.makedirs(ompi_top, exist_ok=True)
    with open(os.path.join(ompi_top, "output-mpisync-keep"), "w") as keep:
        keep.write("kept by MPISync's test suite (test/lit.cfg.py)\n")
    config.environment["OMPI_MCA_orte_tmpdir_base"] = ompi_base
# Tests set MPISYNC_OPTIONS themselves; none leaks in from the caller.
config.environment.pop("MPISYNC_OPTIONS", None)

# `--param mpisync_filters=off` builds every end-to-end test with every
# fast-path level and static filter of the pass switched off: the suite must
# pass the same way, which proves the filters never change what is detected.
FILTERS_OFF = " ".join("-mllvm -mpisync-%s=0" % name for name in (
    "inline-pending", "preserve-all-cc", "clone-loops", "hoist-affine",
    "dedup-checks", "group-checks", "skip-nonescaping-allocas", "know-mpi-arguments",
    "skip-constant-memory", "skip-private-globals", "skip-private-heap",
    "skip-fresh-heap"))
filters = lit_config.params.get("mpisync_filters", "on")
if filters not in ("on", "off"):
    lit_config.fatal("mpisync_filters must be 'on' or 'off'")
extra = " " + FILTERS_OFF if filters == "off" else ""
if filters == "off":
    config.available_features.add("filters-off")

# `--param mpisync_corpus=full` compiles every program of the MPICH corpus
# (corpus/mpich_compile.test) at both levels; by default each program is
# compiled at one of them, the levels taking turns (half the suite's
# compile time; docs/testing.md).
corpus = lit_config.params.get("mpisync_corpus", "split")
if corpus not in ("split", "full"):
    lit_config.fatal("mpisync_corpus must be 'split' or 'full'")
config.substitutions.append(
    ("%corpus_levels", "--split-levels" if corpus == "split" else ""))

# `--param mpisync_large=1` runs the tests that need gigabytes of memory
# (REQUIRES: large), e.g. the scaling guard's real int overflow.
if lit_config.params.get("mpisync_large", "0") == "1":
    config.available_features.add("large")

# Every job is killed after `--param mpisync_job_timeout=SECONDS` (default
# 300; 0: never): a job that hangs (a lost message, a deadlock MPISync
# caused) fails its test instead of stalling the whole suite and CI. The
# slowest single job of the suite takes under a minute.
job_timeout = lit_config.params.get("mpisync_job_timeout", "300")
if not job_timeout.isdigit():
    lit_config.fatal("mpisync_job_timeout must be a number of seconds")
MPIEXEC_LIMIT = "timeout -k 10 %s" % job_timeout if int(job_timeout) else ""
# A job that ends in MPI_Abort (the cloning layer stopping the job, a
# program's own abort): Open MPI 4.1's mpiexec then stays, its processes
# gone (defunct), in about half the runs on the test machine, or
# segfaults, with programs built without MPISync too (docs/which-mpi.md).
# Everything such a test checks was printed before the abort; a minute
# bounds the wait, with SIGKILL (the stuck mpiexec ignores SIGTERM).
ABORT_LIMIT = ("timeout -s KILL %d" % min(60, int(job_timeout))
               if int(job_timeout) else "")


def q(path):
    """A path as one shell word, however it is spelled."""
    return shlex.quote(path)


bindir = config.mpisync_bin_dir
config.substitutions += [
    # The MPI's own mpicc (its default compiler): uninstrumented objects.
    ("%plain_mpicc", q(config.mpicc)),
    ("%mpicc", q(os.path.join(bindir, "mpisync-mpicc")) + extra),
    ("%mpicxx", q(os.path.join(bindir, "mpisync-mpicxx")) + extra),
    ("%mpifort", q(os.path.join(bindir, "mpisync-mpifort"))),
    ("%clangxx_mpisync", q(os.path.join(bindir, "mpisync-clang++"))),
    ("%clang_mpisync", q(os.path.join(bindir, "mpisync-clang"))),
    ("%flang_mpisync", q(os.path.join(bindir, "mpisync-flang"))),
    # Before %mpiexec, whose name it starts with.
    ("%mpiexec_abort", " ".join(filter(None, [ABORT_LIMIT, q(config.mpiexec),
                                              config.mpiexec_flags]))),
    ("%mpiexec", " ".join(filter(None, [MPIEXEC_LIMIT, q(config.mpiexec),
                                        config.mpiexec_flags]))),
    ("%filters_off", FILTERS_OFF),
    ("%opt", q(config.opt)),
    ("%plugin", q(os.path.join(config.mpisync_lib_dir, "MPISyncPass.so"))),
    ("%clang_plugin", q(os.path.join(config.mpisync_lib_dir, "MPISyncClangPlugin.so"))),
    ("%libdir", q(config.mpisync_lib_dir)),
    ("%bindir", q(bindir)),
    ("%clang", q(config.clang)),
    # The "basic" configuration: every access calls the runtime (no inline
    # fast path), in the C calling convention. IR tests of what is
    # instrumented use it; test/pass/fast_path*.ll test the fast path.
    ("%basic", "-mpisync-inline-pending=0 -mpisync-preserve-all-cc=0"),
    # 5000 characters: longer than any option name or value the runtime takes;
    # 4000: a value it takes, but too long a log_path prefix.
    ("%long_option_text", "x" * 5000),
    ("%long_path_text", "x" * 4000),
]

if config.flang and config.mpifort:
    config.available_features.add("flang")

# Report tools (test/report): the Python that runs lit, the one that has
# jsonschema (Debian's python3-jsonschema) for schema checks, the sources
# and the build tree (the CMake package test installs it), and cmake.
import shutil
import subprocess
import sys
for py in (sys.executable, "/usr/bin/python3"):
    if py and os.path.exists(py) and subprocess.run(
            [py, "-c", "import jsonschema"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL).returncode == 0:
        config.available_features.add("jsonschema")
        config.substitutions.append(("%python_jsonschema", q(py)))
        break
cmake = shutil.which("cmake")
if cmake and shutil.which("ninja"):
    config.available_features.add("cmake")
    config.substitutions.append(("%cmake", q(cmake)))
config.substitutions += [
    ("%python", q(sys.executable)),
    ("%mpisync_src", q(config.mpisync_src_root)),
    ("%mpisync_obj", q(config.mpisync_obj_root)),
]
