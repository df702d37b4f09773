#!/usr/bin/env python3
"""Writes the clang plugin's view of include/mpisync/mpi_calls.tbl: for each MPI call
(and its MPI-4 large-count NAME_c variant, where MPICH has one), what it does
to requests and which argument positions hold the requests, the count, the
flag and the buffers. The table and its parser are the runtime's
(gen_mpi_wrappers.py); this script turns parameter names into argument
positions with MPICH's mpi_proto.h.

Actions the plugin does not model are left out: such calls stay unknown
calls to it, which is precise (an unknown call only makes what it is given
unknown).

usage: gen_call_table.py TABLE MPI_PROTO_H OUT_INC
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "runtime"))
from gen_mpi_wrappers import (param_names, parse_prototypes, parse_table,  # noqa: E402
                              variants, write_if_changed)

# Table action -> MPICallAction. waitany/testany complete one request the
# plugin cannot name, like waitsome/testsome.
ACTIONS = {
    "start": "Start",
    "persistent": "PersistentInit",
    "partitioned": "PersistentInit",
    "startall": "StartAll",
    "wait": "Wait",
    "test": "Test",
    "waitall": "WaitAll",
    "testall": "TestAll",
    "waitany": "WaitSome",
    "testany": "TestSome",
    "waitsome": "WaitSome",
    "testsome": "TestSome",
    "get_status": "GetStatus",
    "request_free": "RequestFree",
    "blocking": "Blocking",
    "pass": "NoEffect",
}
ROLES = {"send": "Send", "recv": "Recv"}

# coll=NAME: the buffers of a collective that are significant on every rank,
# as (role, buffer, count, datatype) parameter names. The runtime computes
# the exact per-rank layout (mpisync_collectives.cpp); at compile time the
# rank is unknown, so a buffer significant only at the root is left out,
# and one whose role depends on the rank ("any") only conflicts with
# writes. A count of None: the length is not known (counts arrays), the
# buffer starts at its argument. v/w variants place blocks by
# displacements: those buffers are left out.
COLLECTIVE_BUFFERS = {
    "barrier": [],
    "bcast": [("any", "buffer", "count", "datatype")],
    "gather": [("send", "sendbuf", "sendcount", "sendtype")],
    "gatherv": [("send", "sendbuf", "sendcount", "sendtype")],
    "scatter": [("recv", "recvbuf", "recvcount", "recvtype")],
    "scatterv": [("recv", "recvbuf", "recvcount", "recvtype")],
    "allgather": [("send", "sendbuf", "sendcount", "sendtype"),
                  ("recv", "recvbuf", "recvcount", "recvtype")],
    "allgatherv": [("send", "sendbuf", "sendcount", "sendtype")],
    "alltoall": [("send", "sendbuf", "sendcount", "sendtype"),
                 ("recv", "recvbuf", "recvcount", "recvtype")],
    "alltoallv": [],
    "alltoallw": [],
    "reduce": [("send", "sendbuf", "count", "datatype")],
    "allreduce": [("send", "sendbuf", "count", "datatype"),
                  ("recv", "recvbuf", "count", "datatype")],
    "reduce_scatter": [("send", "sendbuf", None, "datatype"),
                       ("recv", "recvbuf", None, "datatype")],
    "reduce_scatter_block": [("send", "sendbuf", "recvcount", "datatype"),
                             ("recv", "recvbuf", "recvcount", "datatype")],
    "scan": [("send", "sendbuf", "count", "datatype"),
             ("recv", "recvbuf", "count", "datatype")],
    # recvbuf is not significant on rank 0 (the program may write it).
    "exscan": [("send", "sendbuf", "count", "datatype")],
    # The blocks of an MPI_PROC_NULL neighbour (a non-periodic Cartesian
    # dimension's edge) are neither read nor written: no block of these
    # buffers is MPI's on every rank.
    "neighbor_allgather": [("send", "sendbuf", "sendcount", "sendtype")],
    "neighbor_allgatherv": [("send", "sendbuf", "sendcount", "sendtype")],
    "neighbor_alltoall": [],
    "neighbor_alltoallv": [],
    "neighbor_alltoallw": [],
}


# Rooted collectives: the root argument says what this rank's buffers are.
# On an intercommunicator the root group passes MPI_ROOT (the root) or
# MPI_PROC_NULL (the others, whose buffers are not part of the operation),
# and none of the buffers above is significant there, but for the root's
# broadcast buffer, which it sends from.
ROOTED = {"bcast", "gather", "gatherv", "scatter", "scatterv", "reduce"}


def fail(table, entry, msg):
    raise SystemExit("%s:%d: %s: %s" % (table, entry["line"], entry["name"], msg))


def position(names, entry, key, table):
    """Argument index of the parameter named by KEY=, -1 if absent."""
    value = entry["args"].get(key)
    if value is None or value.isdigit():
        return -1
    if value not in names:
        fail(table, entry, "no parameter %s" % value)
    return names.index(value)


def rma_buffers(entry):
    """The origin/compare/result buffers of an RMA operation (rma action)."""
    a = entry["args"]
    count = lambda key: None if a.get(key, "1").isdigit() else a[key]
    specs = []
    if "origin" in a:
        role = "recv" if a.get("kind") == "get" else "send"
        specs.append((role, a["origin"], count("ocount"), a["otype"]))
    if "compare" in a:
        specs.append(("send", a["compare"], None, a["otype"]))
    if "result" in a:
        specs.append(("recv", a["result"], count("rcount"), a["rtype"]))
    return specs


def buffers(entry, names, table):
    specs = list(entry["buffers"])
    if entry["action"] == "rma":
        specs += rma_buffers(entry)
    coll = entry["args"].get("coll")
    if coll is not None:
        specs += COLLECTIVE_BUFFERS.get(coll, [])
    out = []
    for role, buf, count, dtype in specs:
        for p in (buf, count, dtype):
            if p is not None and p not in names:
                fail(table, entry, "no parameter %s" % p)
        out.append("{ArgRole::%s, %d, %d, %d}" % (
            ROLES.get(role, "Any"), names.index(buf),
            names.index(count) if count else -1, names.index(dtype)))
    return out


def row(entry, name, names, table):
    a = entry["args"]
    action = entry["action"]
    # Request-based RMA operations (MPI_Rput, ...) start a request like a
    # nonblocking send or receive; the others have no request to lose.
    if action == "rma" and "req" in a:
        action = "start"
    if action not in ACTIONS:
        return None
    reqs = position(names, entry, "req", table)
    if reqs < 0:
        reqs = position(names, entry, "reqs", table)
    if action not in ("blocking", "pass") and reqs < 0:
        fail(table, entry, "a %s call without req= or reqs=" % action)
    n = a.get("n", "")
    root = -1
    if a.get("coll") in ROOTED:
        if "root" not in names:
            fail(table, entry, "a rooted collective without a root parameter")
        root = names.index("root")
    return ('{"%s", MPICallAction::%s, /*Requests=*/%d, /*Count=*/%d, '
            '/*CountConst=*/%d, /*Flag=*/%d, /*Root=*/%d, /*Buffers=*/{%s}},' % (
                name, ACTIONS[action], reqs, position(names, entry, "n", table),
                int(n) if n.isdigit() else (0 if n else 1),
                position(names, entry, "flag", table), root,
                ", ".join(buffers(entry, names, table))))


def main():
    table, proto_h, out_path = sys.argv[1:4]
    protos = parse_prototypes(proto_h)
    out = ["// Generated by gen_call_table.py from include/mpisync/mpi_calls.tbl; do not edit.",
           "// {name, action, requests arg, count arg, constant count, flag arg, root arg,",
           "//  {role, buffer arg, count arg, datatype arg}...}"]
    for entry in parse_table(table):
        base = entry["name"]
        if base not in protos:
            fail(table, entry, "not in %s" % proto_h)
        for name in variants(base, protos):
            line = row(entry, name, param_names(protos[name]), table)
            if line:
                out.append(line)
    write_if_changed(out_path, "\n".join(out) + "\n")


if __name__ == "__main__":
    main()
