"""HPC Challenge 1.5.0 (Debian source package `hpcc`) for bench/apps.py.

HPL (LU with partial pivoting, panel broadcasts and row swaps), PTRANS
(parallel transpose), MPIRandomAccess (bucketed all-to-all updates),
MPIFFT (1-D FFT with all-to-all transposes), b_eff latency and bandwidth,
and the embarrassingly parallel Star/Single STREAM, DGEMM, FFT and
RandomAccess, in one binary. It checks its own results: HPL's scaled
residual, PTRANS's residual, RandomAccess's error count, the FFT's error,
summed up in `Success=` of hpccoutf.txt.
"""

import os
import re
import shlex

PACKAGE = "hpcc=1.5.0-3"
TARBALL = "hpcc_1.5.0.orig.tar.gz"
SHA256 = "0a6fef7ab9f3347e549fed65ebb98234feea9ee18aea0c8f59baefbe3cf7ffb8"
# cblas.h and libblas (whose libblas.so has the cblas_ entry points): the
# reference BLAS, not instrumented, as a vendor BLAS would not be.
BUILD_DEPS = ["libblas-dev"]
CXX = False
LIBS = ["-lblas", "-lm"]

# Size -> HPL's N (every other test's size follows from the memory HPL
# uses). "full" is 5-30 s natively at 2 ranks on the 2-core machine.
# "clones" is tiny: MPIRandomAccess polls MPI_Test in a loop, and every
# MPI_Test of a cloned rank is a broadcast to its clones (on 2 cores, a
# context switch each): at N=400 one clone made a 0.3 s run take 85 s.
SIZES = {"full": 3000, "clones": 200, "quick": 400}

# The upstream build (hpl/lib/arch/build/Makefile.hpcc) names every object,
# its source, its extra flags and whether it is compiled without
# optimization ($(CCNOOPT): the machine-constant probes).
_RULE = re.compile(r"^\t\$\(CC\) -o \S+ -c (\S+\.c)(.*)\$\((CCFLAGS|CCNOOPT)\)\s*$", re.M)
_BUILD_DIR = os.path.join("hpl", "lib", "arch", "build")


def sources(src):
    """[(source, extra flags)] of the upstream build, with absolute paths."""
    bdir = os.path.join(src, _BUILD_DIR)
    with open(os.path.join(bdir, "Makefile.hpcc")) as f:
        text = f.read()
    out = []
    for m in _RULE.finditer(text):
        extra = []
        for tok in shlex.split(m.group(2)):
            if tok.startswith("-I"):
                tok = "-I" + os.path.normpath(os.path.join(bdir, tok[2:]))
            extra.append(tok)
        if m.group(3) == "CCNOOPT":
            # Later -O0 wins over the harness's -O2, as the upstream build
            # compiles these without optimization.
            extra.append("-O0")
        out.append((os.path.normpath(os.path.join(bdir, m.group(1))), extra))
    return out


def cflags(src):
    # HPL_CALL_CBLAS: HPL's BLAS calls go to cblas_*.
    # RA_TIME_BOUND_DISABLE: MPIRandomAccess otherwise cuts its number of
    # updates to what fits in a time bound measured in this run, so a
    # slower (instrumented) run would do less work than the native one.
    return ["-DHPL_CALL_CBLAS", "-DRA_TIME_BOUND_DISABLE",
            "-I" + os.path.join(src, "hpl", "include"),
            "-I" + os.path.join(src, "include")]


_INPUT = """HPLinpack benchmark input file
Innovative Computing Laboratory, University of Tennessee
HPL.out      output file name (if any)
8            device out (6=stdout,7=stderr,file)
1            # of problems sizes (N)
{n}         Ns
1            # of NBs
80           NBs
0            PMAP process mapping (0=Row-,1=Column-major)
1            # of process grids (P x Q)
{p}            Ps
{q}            Qs
16.0         threshold
1            # of panel fact
2            PFACTs (0=left, 1=Crout, 2=Right)
1            # of recursive stopping criterium
4            NBMINs (>= 1)
1            # of panels in recursion
2            NDIVs
1            # of recursive panel fact.
1            RFACTs (0=left, 1=Crout, 2=Right)
1            # of broadcast
1            BCASTs (0=1rg,1=1rM,2=2rg,3=2rM,4=Lng,5=LnM)
1            # of lookahead depth
1            DEPTHs (>=0)
2            SWAP (0=bin-exch,1=long,2=mix)
64           swapping threshold
0            L1 in (0=transposed,1=no-transposed) form
0            U  in (0=transposed,1=no-transposed) form
1            Equilibration (0=no,1=yes)
8            memory alignment in double (> 0)
##### This line (no. 32) is ignored (it serves as a separator). ######
0                      		Number of additional problem sizes for PTRANS
1200 10000 30000        	values of N
0                       	number of additional blocking sizes for PTRANS
40 9 8 13 13 20 16 32 64       	values of NB
"""


def prepare(rundir, size, ranks):
    """Writes hpccinf.txt (the upstream sample, N and a 1 x ranks grid) and
    removes the previous run's hpccoutf.txt (HPCC appends to it)."""
    with open(os.path.join(rundir, "hpccinf.txt"), "w") as f:
        f.write(_INPUT.format(n=SIZES[size], p=1, q=ranks))
    out = os.path.join(rundir, "hpccoutf.txt")
    if os.path.exists(out):
        os.remove(out)


def args(src, rundir, size):
    return []


# MPISync reports that are true and understood (docs/performance.md,
# "Public applications"): (kind, source file) of the SUMMARY line. All are
# SendCheck seeing a rank send other bytes than its clone, because HPCC
# sends bytes that are not the program's state:
# - b_eff (src/bench_lat_bw_1.5.2.c) mallocs its message buffers (lines
#   437-438, 833-836) and writes only their first and last bytes: the rest
#   is whatever the heap held, which differs between a rank and its clone;
# - the RandomAccess checks (verification.c, verification_lcg.c) send
#   whole buckets of a malloc'd array with MPI_Alltoall, filled or not;
# - PTRANS (pdtransdriver.c:428, through cblacslt.c's Cvgred2d) reduces
#   each process's CPU time, which MPI_Wtime's mirroring does not cover,
#   and (pdtransdriver.c:289-290) sums time(NULL) over the ranks for a
#   seed: a clone that reads the clock in the next second sends another
#   value (it gets its parent's sum, so it still runs the same grid).
# A run whose reports are all of these still counts (exit status 66).
KNOWN_REPORTS = [("clone-divergence", "src/bench_lat_bw_1.5.2.c"),
                 ("clone-divergence", "RandomAccess/verification.c"),
                 ("clone-divergence", "RandomAccess/verification_lcg.c"),
                 ("clone-divergence", "PTRANS/cblacslt.c"),
                 ("clone-divergence", "PTRANS/pdtransdriver.c")]

# Summary keys reported per kernel: key -> (label, True if lower is better).
KERNELS = [
    ("HPL_time", "HPL", True),
    ("PTRANS_time", "PTRANS", True),
    ("MPIRandomAccess_time", "MPIRandomAccess", True),
    ("MPIFFT_Gflops", "MPIFFT", False),
    ("AvgPingPongLatency_usec", "PingPong latency", True),
    ("AvgPingPongBandwidth_GBytes", "PingPong bandwidth", False),
    ("StarSTREAM_Triad", "StarSTREAM Triad", False),
    ("StarFFT_Gflops", "StarFFT", False),
    ("StarRandomAccess_GUPs", "StarRandomAccess", False),
]


def verify(rundir, output):
    """(problems, fingerprint, kernel metrics) of one run. HPCC verifies
    itself; its timings differ from run to run, so there is no fingerprint
    to compare with the native run."""
    path = os.path.join(rundir, "hpccoutf.txt")
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return ["no hpccoutf.txt"], None, {}
    problems = []
    # Clones of rank 0 append their own copy of the output: every copy
    # must say the same.
    success = re.findall(r"^Success=(\d+)$", text, re.M)
    if not success:
        problems.append("no Success= line in hpccoutf.txt (HPCC did not finish)")
    elif any(s != "1" for s in success):
        problems.append("HPCC: Success=0 (a test failed its own verification)")
    if "PASSED" not in text or "FAILED" in text:
        problems.append("HPL's residual check did not pass")
    if re.search(r"^\s*[1-9]\d* tests completed and failed residual checks", text, re.M):
        problems.append("PTRANS's residual check failed")
    summary = dict(re.findall(r"^(\w+)=(\S+)$", text, re.M))
    metrics = {}
    for key, _, _ in KERNELS:
        try:
            metrics[key] = float(summary[key])
        except (KeyError, ValueError):
            pass
    return problems, None, metrics
