"""The prototypes of the MPI calls in mpi_calls.tbl, for the MPI MPISync is
built for (MPICH's mpi_proto.h or Open MPI's mpi.h), in one form for the
generators (gen_mpi_wrappers.py, the clang plugin's and the pass's tables).

The MPI families differ here in three ways, all handled in this file:
- MPICH declares `int MPI_X(...) MPICH_ATTR...;`, Open MPI
  `OMPI_DECLSPEC int MPI_X(...) __mpi_interface_...(...);`;
- Open MPI names some parameters otherwise (`type` for `datatype`, `index`
  for `indx`, ...): each call keeps its header's types and takes the
  parameter names the table uses from include/mpisync/mpi_bindings.h;
- Open MPI 4.1 lacks MPI 4.0's calls (large-count `_c`, persistent
  collectives, partitioned, MPI_Isendrecv) and declares MPI-1 calls that
  MPI-3 removed only to reject their use: they are declared from
  mpi_bindings.h and listed in `lacking`; no wrapper is made for them.
"""
import os
import re

# The attributes' arguments may be strings with a semicolon of their own
# (Open MPI: "MPI_Attr_put was deprecated in MPI-2.0; use ...").
PROTO = re.compile(r"^(?:OMPI_DECLSPEC\s+)?(int|double)\s+(MPI_\w+)\s*\((.*?)\)"
                   r"\s*((?:(?:MPICH|__mpi_interface)\w*"
                   r"(?:\((?:\"[^\"]*\"|[^;\"])*?\))?\s*)*);",
                   re.S | re.M)
PARAM_NAME = re.compile(r"(\w+)(\s*(?:\[\s*\])*)$")

BINDINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "include", "mpisync", "mpi_bindings.h")


def read(path):
    """{name: (return type, parameters)} of the prototypes in PATH. Calls
    that Open MPI's header marks as removed in MPI-3 (MPI_Type_struct, ...)
    cannot be called by a program built with it: left out."""
    text = open(path).read()
    return {name: (ret, " ".join(params.split()))
            for ret, name, params, attrs in PROTO.findall(text)
            if "__mpi_interface_removed__" not in attrs}


def split_params(params):
    if params.strip() in ("", "void"):
        return []
    return [p.strip() for p in params.split(",")]


def param_type(param):
    """The type of one parameter, without its name, in one spelling."""
    m = PARAM_NAME.search(param)
    text = param[:m.start()] + ("*" if m.group(2).strip() else "")
    return " ".join(text.replace("*", " * ").split()).replace(" *", "*")


def renamed(params, names):
    """PARAMS (one prototype's) with the parameter names NAMES."""
    out = []
    for p, n in zip(split_params(params), names):
        m = PARAM_NAME.search(p)
        if not m:
            raise SystemExit("cannot parse parameter %r" % p)
        out.append(p[:m.start()] + n + m.group(2))
    return ", ".join(out) if out else params


class Prototypes:
    """The MPI's prototypes, renamed to the table's parameter names, plus
    the standard's for the calls it lacks."""

    def __init__(self, header):
        own = read(header)
        standard = read(BINDINGS)
        self.returns = {}
        self.params = {}
        self.lacking = set()
        for name, (ret, params) in own.items():
            if name in standard:
                names = [PARAM_NAME.search(p).group(1)
                         for p in split_params(standard[name][1])]
                if len(names) == len(split_params(params)):
                    params = renamed(params, names)
            self.returns[name] = ret
            self.params[name] = params
        for name, (ret, params) in standard.items():
            if name not in own:
                self.returns[name] = ret
                self.params[name] = params
                self.lacking.add(name)
