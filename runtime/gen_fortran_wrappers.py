#!/usr/bin/env python3
"""Generates the Fortran entry points of the Open MPI build from
mpi_calls.tbl and the MPI's prototypes (mpi_prototypes.py).

Open MPI's Fortran bindings (libmpi_mpifh: mpi_isend_, ...) convert their
arguments and call PMPI_*, past the C wrappers where MPISync intercepts.
MPISync therefore defines, for every call of the table that the MPI has,
the Fortran symbols Open MPI exports (MANGLINGS), as a function that
converts the MPI_Fint arguments to C's (runtime/mpisync_fortran.h), calls
the C wrapper (so that the checks and the mode layers see the call), and
converts handles, statuses, logicals, indices and the error code back.
Each argument's conversion follows from its C type in the prototype; the
few that the type does not decide (logical or index outputs, lengths of
arrays) are named below. MPICH's Fortran bindings call the C functions: the
MPICH build does not use this script.

usage: gen_fortran_wrappers.py TABLE MPI_PROTOTYPES_H OUT_CPP
"""
import sys

import gen_mpi_wrappers
import mpi_prototypes

# The names under which Open MPI 4.1's libmpi_mpifh exports each binding
# (nm -D: mpi_isend_, mpi_isend, mpi_isend__, MPI_ISEND); flang calls the
# first. The others are defined as aliases, so no compiler's spelling
# reaches Open MPI's binding.
MANGLINGS = (lambda n: n.lower() + "_", lambda n: n.lower(),
             lambda n: n.lower() + "__", lambda n: n.upper())

HANDLES = ("MPI_Comm", "MPI_Datatype", "MPI_Op", "MPI_Win", "MPI_Group",
           "MPI_Info", "MPI_Errhandler", "MPI_Request", "MPI_Message")

# Calls left to Open MPI's own binding: their attribute values follow
# Fortran's rules (an attribute set from Fortran is an integer, from C a
# pointer; MPI 4.1 19.3.7), which only the MPI's attribute store knows. As
# with MPICH, whose Fortran binding of these calls does not call the C
# function either, MPISync does not see them.
LEFT_TO_THE_MPI = {"MPI_Comm_get_attr", "MPI_Comm_set_attr"}

# int outputs that are LOGICAL in Fortran, with the number of elements.
LOGICAL_OUTPUTS = {"flag": "1", "periods": "*maxdims"}
# int outputs that are request indices (1-based in Fortran).
INDEX_OUTPUTS = {"indx": "1", "array_of_indices": "*outcount"}
# Graph edge weights, which may be MPI_UNWEIGHTED or MPI_WEIGHTS_EMPTY.
WEIGHTS = ("weights", "sourceweights", "destweights")
# void * outputs that receive an address, which Fortran holds in an
# INTEGER(KIND=MPI_ADDRESS_KIND) (MPI_Win_allocate's baseptr): passed on.
ADDRESS_OUTPUTS = ("baseptr",)
# void * outputs that receive an address Fortran cannot use (MPI_BUFFER_DETACH
# takes the buffer as a choice argument): written to a local.
DISCARDED_OUTPUTS = ("buffer_addr",)


def type_array_length(name, entry):
    """The length of a datatype array argument, as C++ over the Fortran
    arguments."""
    if name == "array_of_types":
        return "*count"
    coll = entry["args"].get("coll", "")
    send = name == "sendtypes"
    length = "F::PeerCount(F::ToC<MPI_Comm>(*comm), %s, %s)" % (
        "true" if coll.startswith("neighbor") else "false",
        "true" if send else "false")
    if send:  # ignored, and perhaps a dummy, with MPI_IN_PLACE
        length = "F::Buffer(sendbuf) == MPI_IN_PLACE ? 0 : %s" % length
    return length


class Wrapper:
    """The pieces of one entry point, filled parameter by parameter."""

    def __init__(self):
        self.params = []  # the Fortran entry point's parameters
        self.hidden = []  # CHARACTER lengths, after all the others
        self.pre = []     # statements before the C call
        self.args = []    # the C call's arguments
        self.post = []    # statements after a successful C call


def convert(w, entry, name, param):
    """Adds one C parameter's Fortran counterpart and conversions to W."""
    n = mpi_prototypes.PARAM_NAME.search(param).group(1)
    t = mpi_prototypes.param_type(param)
    const = t.startswith("const ")
    base = t[len("const "):] if const else t
    c = "const " if const else ""
    table = entry["args"]
    if n in ("argc", "argv"):  # MPI_INIT has no command line
        w.args.append("nullptr")
    elif base in HANDLES:
        w.params.append("MPI_Fint *%s" % n)
        w.args.append("F::ToC<%s>(*%s)" % (base, n))
    elif base.rstrip("*") in HANDLES and n in ("array_of_requests",):
        length = "*" + table["n"]
        w.params.append("MPI_Fint *%s" % n)
        w.pre.append("F::Handles<MPI_Request> %s_c(%s, %s);" % (n, n, length))
        w.args.append("%s_c.c()" % n)
        w.post.append("%s_c.Out(%s, %s);" % (n, n, length))
    elif base == "MPI_Datatype*" and const:
        w.params.append("const MPI_Fint *%s" % n)
        w.pre.append("F::Handles<MPI_Datatype> %s_c(%s, %s);"
                     % (n, n, type_array_length(n, entry)))
        w.args.append("%s_c.c()" % n)
    elif base.rstrip("*") in HANDLES and not const:
        h = base.rstrip("*")
        w.params.append("MPI_Fint *%s" % n)
        w.pre.append("%s %s_c = F::ToC<%s>(*%s);" % (h, n, h, n))
        w.args.append("&%s_c" % n)
        w.post.append("*%s = F::ToFortran(%s_c);" % (n, n))
    elif base == "int":
        w.params.append("MPI_Fint *%s" % n)
        w.args.append("*" + n)
    elif base == "MPI_Aint":
        w.params.append("MPI_Aint *%s" % n)
        w.args.append("*" + n)
    elif base == "int*":
        w.params.append("%sMPI_Fint *%s" % (c, n))
        w.args.append("F::Weights(%s)" % n if n in WEIGHTS else n)
        if not const and n in LOGICAL_OUTPUTS:
            w.post.append("F::Logicals(%s, %s);" % (n, LOGICAL_OUTPUTS[n]))
        if not const and n in INDEX_OUTPUTS:
            w.post.append("F::Indices(%s, %s);" % (n, INDEX_OUTPUTS[n]))
    elif base == "MPI_Aint*":
        w.params.append("%sMPI_Aint *%s" % (c, n))
        w.args.append(n)
    elif base == "void*" and n in DISCARDED_OUTPUTS:
        w.params.append("void *%s" % n)
        w.pre.append("void *%s_c = nullptr;" % n)
        w.args.append("&%s_c" % n)
    elif base == "void*" and n in ADDRESS_OUTPUTS:
        w.params.append("MPI_Aint *%s" % n)
        w.args.append(n)
    elif base == "void*":
        w.params.append("%svoid *%s" % (c, n))
        w.args.append("F::Buffer(%s)" % n)
    elif base == "MPI_Status*" and n == "array_of_statuses":
        w.params.append("MPI_Fint *%s" % n)
        w.pre.append("F::Statuses %s_c(%s, *%s);" % (n, n, table["n"]))
        w.args.append("%s_c.c()" % n)
        done = "*" + table.get("outcount", table["n"])
        w.post.append("%s_c.Out(%s);" % (n, done))
    elif base == "MPI_Status*":
        w.params.append("MPI_Fint *%s" % n)
        w.pre.append("F::Status %s_c(%s);" % (n, n))
        w.args.append("%s_c.c()" % n)
        w.post.append("%s_c.Out();" % n)
    elif base == "char*":
        w.params.append("%schar *%s" % (c, n))
        w.hidden.append("size_t %s_len" % n)
        kind = "InString" if const else "OutString"
        w.pre.append("F::%s %s_c(%s, %s_len);" % (kind, n, n, n))
        w.args.append("%s_c.c()" % n)
        if not const:
            w.post.append("%s_c.Out();" % n)
    else:
        raise SystemExit("%s: no Fortran conversion for parameter %r"
                         % (entry["name"], param))


def entry_point(entry, name, params, ret):
    """The lines of NAME's Fortran entry point and its aliases."""
    w = Wrapper()
    for p in mpi_prototypes.split_params(params):
        convert(w, entry, name, p)
    fname = MANGLINGS[0](name)
    call = "%s(%s)" % (name, ", ".join(w.args))
    out = []
    if ret == "double":  # MPI_WTIME: a function, without IERROR
        signature = "double %%s(%s)" % ", ".join(w.params + w.hidden)
        body = ["  return %s;" % call]
    else:
        signature = "void %%s(%s)" % ", ".join(w.params + ["MPI_Fint *ierr"] + w.hidden)
        body = ["  int rc = %s;" % call]
        if w.post:
            # MPI_ERR_IN_STATUS: the statuses say which requests completed.
            ok = "rc == MPI_SUCCESS"
            if "array_of_statuses" in params:
                ok += " || rc == MPI_ERR_IN_STATUS"
            body += ["  if (%s) {" % ok] + ["    " + s for s in w.post] + ["  }"]
        body += ["  F::SetError(ierr, rc);"]
    out += ['extern "C" SANITIZER_INTERFACE_ATTRIBUTE %s {' % (signature % fname),
            "  mpisync::BindingSite site(GET_CALLER_PC(), GET_CURRENT_FRAME());"]
    out += ["  " + s for s in w.pre] + body + ["}"]
    for mangle in MANGLINGS[1:]:
        out.append('extern "C" SANITIZER_INTERFACE_ATTRIBUTE %s\n    __attribute__((alias("%s")));'
                   % (signature % mangle(name), fname))
    return out + [""]


def main():
    table, proto_h, out_path = sys.argv[1:4]
    protos = mpi_prototypes.Prototypes(proto_h)
    out = ["// Generated by gen_fortran_wrappers.py from mpi_calls.tbl; do not edit.",
           "// Open MPI's Fortran entry points, calling the C wrappers.",
           "#include <mpi.h>",
           "#include <stddef.h>", "",
           '#include "mpisync_fortran.h"',
           '#include "mpisync_mpi_call.h"',
           '#include "sanitizer_common/sanitizer_internal_defs.h"', "",
           "namespace F = mpisync::fortran;", ""]
    for entry in gen_mpi_wrappers.parse_table(table):
        name = entry["name"]
        # Open MPI 4.1 has no large-count _c calls, and Fortran's MPI_*_C
        # bindings are MPI-4 only: the table's names alone.
        if name in protos.lacking or name in LEFT_TO_THE_MPI or \
                name not in protos.params:
            continue
        out += entry_point(entry, name, protos.params[name], protos.returns[name])
    gen_mpi_wrappers.write_if_changed(out_path, "\n".join(out))


if __name__ == "__main__":
    main()
