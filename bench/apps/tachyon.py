"""Tachyon 0.99b6 (Debian source package `tachyon`), a parallel ray tracer,
for bench/apps.py.

Rows of the image are dealt round-robin to the ranks; each rank renders its
rows and sends each one to rank 0 as soon as it is done, over persistent
requests (`MPI_Send_init`/`MPI_Recv_init`, `MPI_Start`, `MPI_Testsome`
polled between rows, `MPI_Waitall`), so rank 0 traces rays while up to one
receive per row is pending into the image it is writing. The program does
not check itself: the image must be byte for byte the native run's.
"""

import hashlib
import os
import re

PACKAGE = "tachyon=0.99~b6+dsx-10"
TARBALL = "tachyon_0.99~b6+dsx.orig.tar.xz"
SHA256 = "ec90074f569d6d797576611527caa6b1aac96125aea1ec89a31b2867f1cdf7ff"
BUILD_DEPS = []
CXX = False
LIBS = ["-lm"]

# Size -> (scene, resolution, antialiasing samples). "full" is 5-30 s
# natively at 2 ranks on the 2-core machine.
SIZES = {"full": ("teapot.dat", 1600, 4), "clones": ("teapot.dat", 1024, 0),
         "quick": ("balls.dat", 128, 0)}

# The `tachyon` program of unix/Makefile (linux-mpi): the ray-tracing
# library (RAYOBJS, read from the Makefile: src/ also has files it does not
# build) and the demo front end with its scene parsers. No threads, no
# OpenGL, no JPEG/PNG (the upstream defaults of linux-mpi).
_DEMO = ["main.c", "getargs.c", "parse.c", "nffparse.c", "glwin.c",
         "spaceball.c", "trackball.c", "mgfparse.c", "ac3dparse.c"]


def sources(src):
    with open(os.path.join(src, "unix", "Makefile")) as f:
        text = f.read()
    block = re.search(r"^RAYOBJS\s*=((?:.*\\\n)*.*)$", text, re.M).group(1)
    lib = [os.path.join(src, "src", name + ".c")
           for name in re.findall(r"\$\{OBJDIR\}/(\w+)\.o", block)]
    return [(f, []) for f in lib + [os.path.join(src, "demosrc", f) for f in _DEMO]]


def cflags(src):
    # unix/Make-config's MPIFLAGS and linux-mpi's CFLAGS.
    return ["-DLinux", "-DMPI", "-DUSE_MPI_IN_PLACE",
            "-I" + os.path.join(src, "src"), "-I" + os.path.join(src, "demosrc")]


def prepare(rundir, size, ranks):
    out = os.path.join(rundir, "image.tga")
    if os.path.exists(out):
        os.remove(out)


def args(src, rundir, size):
    scene, res, aa = SIZES[size]
    return [os.path.join(src, "scenes", scene), "-res", str(res), str(res),
            "-aasamples", str(aa), "-format", "TARGA",
            "-o", os.path.join(rundir, "image.tga")]


KERNELS = [("trace", "ray tracing", True), ("parse", "scene parsing", True)]


def verify(rundir, output):
    """(problems, fingerprint, kernel metrics): the image's sha256 is the
    fingerprint; the times tachyon prints are the metrics."""
    path = os.path.join(rundir, "image.tga")
    try:
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        return ["no image written"], None, {}
    metrics = {}
    for key, pattern in (("trace", r"Ray Tracing Time:\s+([\d.]+)"),
                         ("parse", r"Scene Parsing Time:\s+([\d.]+)")):
        m = re.findall(pattern, output)
        if m:
            metrics[key] = float(m[-1])
    return [], "image sha256 " + digest, metrics
