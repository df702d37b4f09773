#!/usr/bin/env python3
"""Generates the PMPI wrappers of MPISync's runtime from mpi_calls.tbl and
the prototypes of the MPI (mpi_prototypes.py). The table says what each call means;
this script only marshals arguments into the hooks of mpisync_mpi_hooks.h.

Besides the wrappers it writes OUT_H, the table of the MPI below them
(mpisync::MpiNext, one function pointer per wrapped call): the wrappers
reach MPI through it, and the run-time modes that change what MPI receives
(amplify, scaling guard, cloning: mpisync_layers.h) replace its entries.

It also writes OUT_CLONE_CPP, the cloning layer's entries (runtime/clone/):
one shim per point-to-point or collective call that describes the call's
buffers to the mirroring code, and a refusal for every call the cloning layer
does not mirror (runtime/clone/clone_layer.cpp overrides those it handles by
hand).

Every wrapper replaces a communicator argument equal to MPI_COMM_WORLD by the
application's world (mpisync_comm_info.h): with cloning on, that is a part of
the processes MPI started.

It also writes OUT_AMPLIFY_CPP, the amplify layer's shims of the nonblocking
and persistent collectives (runtime/amplify/amplify_coll.h).

usage: gen_mpi_wrappers.py TABLE MPI_PROTOTYPES_H OUT_CPP OUT_H OUT_CLONE_CPP OUT_AMPLIFY_CPP
"""
import os
import re
import sys

import mpi_prototypes

def parse_prototypes(path):
    """{name: parameters} of the MPI's prototypes in PATH and of the calls it
    lacks (mpi_prototypes.py); fills RETURNS and LACKING."""
    protos = mpi_prototypes.Prototypes(path)
    RETURNS.update(protos.returns)
    LACKING.update(protos.lacking)
    return protos.params


# Return type of each prototype: int, or double (MPI_Wtime, MPI_Wtick).
RETURNS = {}
# The calls the MPI does not have: declared in MpiNext, never wrapped.
LACKING = set()


def by_value_comms(names, params):
    """Parameters that pass a communicator by value."""
    if not names:
        return []
    return [n for n, p in zip(names, params.split(","))
            if re.match(r"^\s*MPI_Comm\s+\w+\s*$", p)]


def param_names(params):
    if params.strip() in ("", "void"):
        return []
    names = []
    for p in params.split(","):
        p = p.strip()
        m = re.search(r"(\w+)\s*(\[\s*\])*$", p)
        if not m:
            raise SystemExit("cannot parse parameter %r" % p)
        names.append(m.group(1))
    return names


def variants(base, protos):
    """NAME and, where the MPI standard has one, its large-count NAME_c."""
    return [n for n in (base, base + "_c") if n in protos]


def write_if_changed(path, text):
    """Rewrites PATH only when TEXT differs, so dependants are not rebuilt
    for nothing."""
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


def parse_table(path):
    entries = []
    seen = {}
    for lineno, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0] in seen:
            raise SystemExit("%s:%d: %s has a row already (line %d)" %
                             (path, lineno, words[0], seen[words[0]]))
        seen[words[0]] = lineno
        entry = {"name": words[0], "action": words[1], "buffers": [],
                 "args": {}, "line": lineno}
        for w in words[2:]:
            if "=" in w:
                k, v = w.split("=", 1)
                entry["args"][k] = v
            elif ":" in w:
                role, spec = w.split(":", 1)
                buf, count, dtype = spec.split(",")
                entry["buffers"].append((role, buf, count, dtype))
            else:
                raise SystemExit("%s:%d: bad word %r" % (path, lineno, w))
        entries.append(entry)
    return entries


ROLE = {"send": "mpisync::BufferRole::kSend", "recv": "mpisync::BufferRole::kRecv"}  # buffer_rules.def

# coll=NAME: the buffers follow the collective's layout (mpisync_collectives.h).
COLLECTIVES = {
    "barrier": "kBarrier", "bcast": "kBcast", "gather": "kGather",
    "gatherv": "kGatherv", "scatter": "kScatter", "scatterv": "kScatterv",
    "allgather": "kAllgather", "allgatherv": "kAllgatherv",
    "alltoall": "kAlltoall", "alltoallv": "kAlltoallv",
    "alltoallw": "kAlltoallw", "reduce": "kReduce", "allreduce": "kAllreduce",
    "reduce_scatter": "kReduceScatter",
    "reduce_scatter_block": "kReduceScatterBlock", "scan": "kScan",
    "exscan": "kExscan", "neighbor_allgather": "kNeighborAllgather",
    "neighbor_allgatherv": "kNeighborAllgatherv",
    "neighbor_alltoall": "kNeighborAlltoall",
    "neighbor_alltoallv": "kNeighborAlltoallv",
    "neighbor_alltoallw": "kNeighborAlltoallw",
}
# Parameters of the MPI bindings that fill CollectiveArgs, by name.
COLLECTIVE_FIELDS = {"buffer", "count", "datatype", "sendbuf", "sendcount",
                     "sendtype", "recvbuf", "recvcount", "recvtype",
                     "sendcounts", "recvcounts", "displs", "sdispls",
                     "rdispls", "sendtypes", "recvtypes", "root", "comm"}
COUNT_ARRAYS = {"sendcounts", "recvcounts", "displs", "sdispls", "rdispls"}


def buffer_list(entry, names):
    """Lines that build `buffers` (a BufferArg array or a BufferList)."""
    coll = entry["args"].get("coll")
    if coll is None:
        bufs = ", ".join("{%s, %s, (MPI_Count)%s, %s}" % (ROLE[r], b, c, t)
                         for r, b, c, t in entry["buffers"])
        n = len(entry["buffers"])
        if n == 0:
            return ["  const mpisync::BufferArg *buffers = nullptr;"], "0"
        return ["  const mpisync::BufferArg buffers[] = {%s};" % bufs], str(n)
    if coll not in COLLECTIVES:
        raise SystemExit("line %d: unknown collective %r" % (entry["line"], coll))
    out = ["  mpisync::CollectiveArgs args;"]
    for n in names:
        if n in COUNT_ARRAYS:
            out.append("  args.%s = mpisync::CountArray(%s);" % (n, n))
        elif n in COLLECTIVE_FIELDS:
            out.append("  args.%s = %s;" % (n, n))
    out += ["  mpisync::BufferList list;",
            "  mpisync::DescribeCollective(mpisync::CollectiveKind::%s, args, &list);"
            % COLLECTIVES[coll],
            "  const mpisync::BufferArg *buffers = list.data();"]
    return out, "(int)list.size()"



WIN_KINDS = {"create": "kCreate", "allocate": "kAllocate", "shared": "kShared",
             "dynamic": "kDynamic"}
WIN_SYNCS = {"fence": "kFence", "post": "kPost", "start": "kStart",
             "complete": "kComplete", "wait": "kWait", "test": "kTest",
             "lock": "kLock", "unlock": "kUnlock", "lock_all": "kLockAll",
             "unlock_all": "kUnlockAll", "flush": "kFlush",
             "flush_all": "kFlushAll", "flush_local": "kFlushLocal",
             "flush_local_all": "kFlushLocalAll", "sync": "kSync"}
RMA_KINDS = {"put": "kPut", "get": "kGet", "acc": "kAcc", "getacc": "kGetAcc",
             "fetchop": "kFetchOp", "cas": "kCas"}
# Keys whose values are words of the table, not parameter names.
KEYWORD_KEYS = ("coll", "role", "kind", "sync")


def rma_body(entry, name, call):
    """Lines of the one-sided actions (mpisync_rma.h)."""
    a = entry["args"]
    act = entry["action"]
    if act == "win_create":
        kind = WIN_KINDS[a["kind"]]
        base = a.get("base", "nullptr")
        return ["  int rc = %s;" % call,
                "  mpisync::OnWinCreate(call, rc, mpisync::WinKind::%s, (void *)%s, %s, %s, %s, %s);"
                % (kind, base, a.get("size", "0"), a.get("disp", "1"), a["comm"], a["win"])]
    if act == "win_attach":
        return ["  int rc = %s;" % call,
                "  mpisync::OnWinAttach(call, rc, %s, %s, %s);" % (a["win"], a["base"], a["size"])]
    if act == "win_detach":
        return ["  mpisync::BeforeWinDetach(call, %s, %s);" % (a["win"], a["base"]),
                "  int rc = %s;" % call]
    if act == "win_free":
        return ["  mpisync::BeforeWinFree(call, %s);" % a["win"],
                "  int rc = %s;" % call]
    if act == "win_sync":
        out = ["  mpisync::WinSyncArgs args;",
               "  args.what = mpisync::WinSync::%s;" % WIN_SYNCS[a["sync"]],
               "  args.win = %s;" % a["win"]]
        for key, field in (("rank", "rank"), ("lock_type", "lock_type"),
                           ("assert", "assert_flags"), ("group", "group"),
                           ("flag", "flag")):
            if key in a:
                out.append("  args.%s = %s;" % (field, a[key]))
        return out + ["  mpisync::BeforeWinSync(call, args);",
                      "  int rc = %s;" % call,
                      "  mpisync::AfterWinSync(call, rc, args);"]
    if act == "rma":
        out = ["  mpisync::RmaOpArgs args;",
               "  args.kind = mpisync::RmaKind::%s;" % RMA_KINDS[a["kind"]]]
        for key, field in (("origin", "origin"), ("ocount", "origin_count"),
                           ("otype", "origin_type"), ("compare", "compare"),
                           ("result", "result"), ("rcount", "result_count"),
                           ("rtype", "result_type"), ("target", "target"),
                           ("disp", "disp"), ("tcount", "target_count"),
                           ("ttype", "target_type"), ("op", "op"),
                           ("win", "win")):
            if key in a:
                out.append("  args.%s = %s;" % (field, a[key]))
        req = a.get("req", "nullptr")
        if "req" in a:
            out.append("  args.with_request = true;")
        return out + ["  mpisync::BeforeRmaOp(call, args);",
                      "  int rc = %s;" % call,
                      "  mpisync::AfterRmaOp(call, rc, %s);" % req]
    return None


def send_clock(entry, names):
    """A point-to-point send carries the sender's window clocks. The one
    buffer of MPI_(I)Sendrecv_replace has the receive role (MPI writes it)
    but is sent first."""
    sends = any(r == "send" for r, _, _, _ in entry["buffers"]) or \
        entry["name"].lower().endswith("sendrecv_replace")
    if "dest" in names and "comm" in names and sends:
        return ["  mpisync::BeforeSendClock(dest, comm);"]
    return []


def clock_peer(entry, names):
    """Where a persistent or partitioned send's starts carry the window
    clocks (mpisync::ClockPeer): its destination, named once at the init
    call; 0 for the others."""
    sends = send_clock(entry, names) or entry["args"].get("role") == "send"
    if sends and "dest" in names and "comm" in names:
        return "mpisync::ClockPeer(dest, comm)"
    return "0"


def collective_order(coll):
    """Which members a blocking collective orders after which (the
    CollectiveOrder enumerator): data flows to the root only (reduce,
    gather), from the root only (bcast, scatter), to higher ranks (scan,
    exscan), or between all members (the others; neighbour collectives too,
    whose order is only between neighbours: a documented overestimate)."""
    if coll in ("reduce", "gather", "gatherv"):
        return "kToRoot"
    if coll in ("bcast", "scatter", "scatterv"):
        return "kFromRoot"
    if coll in ("scan", "exscan"):
        return "kPrefix"
    return "kAll"


def body(entry, name, names, params):
    by_value = {n for n, p in zip(names, params.split(","))
                if "*" not in p and "[" not in p}
    call = "mpisync::mpi_next.%s(%s)" % (name, ", ".join(names))
    a = entry["args"]
    act = entry["action"]
    out = ["  %s = mpisync::AppComm(%s);" % (c, c) for c in by_value_comms(names, params)]
    out += ['  mpisync::MpiCall call("%s", GET_CALLER_PC(), GET_CURRENT_FRAME());' % name]
    saved = ["  mpisync::SavedRequests saved(%s, %s);" % (a.get("reqs", ""), a.get("n", ""))]
    completes_all = "    mpisync::OnAllCompleted(call, saved);"
    rma = rma_body(entry, name, call)
    if rma is not None:
        out += rma
    elif act == "init":
        out += ["  int rc = %s;" % call, "  mpisync::OnInit(call, rc);"]
    elif act == "finalize":
        out += ["  mpisync::BeforeFinalize(call);", "  int rc = %s;" % call]
    elif act == "pass":
        out += ["  %s rc = %s;" % (RETURNS[name], call)]
    elif act == "buffer_attach":
        out += ["  int rc = %s;" % call,
                "  mpisync::OnBufferAttach(call, rc, %s, %s);" % (a["buf"], a["size"])]
    elif act == "buffer_detach":
        out += ["  int rc = %s;" % call,
                "  mpisync::AfterBufferDetach(rc);"]
    elif act == "start":
        lines, n = buffer_list(entry, names)
        out += lines + send_clock(entry, names) + [
            "  mpisync::BeforeStart(call, buffers, %s);" % n,
            "  int rc = %s;" % call,
            "  mpisync::AfterStart(call, rc, %s);" % a["req"]]
    elif act == "persistent":
        lines, n = buffer_list(entry, names)
        out += lines + ["  int rc = %s;" % call,
                        "  mpisync::OnPersistentInit(call, rc, %s, buffers, %s, %s);"
                        % (a["req"], n, clock_peer(entry, names))]
    elif act == "blocking":
        lines, n = buffer_list(entry, names)
        out += lines + send_clock(entry, names) + [
            "  mpisync::CheckBlocking(call, buffers, %s);" % n,
            "  int rc = %s;" % call]
        # A point-to-point receive (MPI_Mrecv names no source: its message
        # was matched by MPI_Mprobe) orders the sender's past before what
        # follows.
        if "coll" not in a and any(r == "recv" for r, _, _, _ in entry["buffers"]):
            out += ["  if (rc == MPI_SUCCESS)", "    mpisync::AfterReceiveClock();"]
        if "comm" in names and "coll" in a:
            # A blocking collective orders the members of the windows in it,
            # as far as its data flows (collective_order).
            out += ["  mpisync::AfterCollective(call, rc, comm, "
                    "mpisync::CollectiveOrder::%s, %s);"
                    % (collective_order(a["coll"]),
                       "root" if "root" in names else "0")]
    elif act == "partitioned":
        out += ["  int rc = %s;" % call,
                "  mpisync::OnPartitionedInit(call, rc, %s, %s, %s, %s, %s, %s, %s);"
                % (a["req"], ROLE[a["role"]], a["buf"], a["partitions"], a["count"], a["type"],
                   clock_peer(entry, names))]
    elif act == "pready":
        # The partition is the receiver's once ready: what came before is
        # ordered before its arrival, as for a send.
        out += ["  mpisync::SendClocksOfStarts(&%s, 1);" % a["req"],
                "  int rc = %s;" % call,
                "  mpisync::OnPready(call, rc, %s, %s, %s);"
                % (a["req"], a.get("low", a.get("partition")), a.get("high", a.get("partition")))]
    elif act == "pready_list":
        out += ["  mpisync::SendClocksOfStarts(&%s, 1);" % a["req"],
                "  int rc = %s;" % call,
                "  mpisync::OnPreadyList(call, rc, %s, %s, %s);" % (a["req"], a["n"], a["list"])]
    elif act == "parrived":
        out += ["  int rc = %s;" % call,
                "  mpisync::OnParrived(call, rc, %s, %s, %s);" % (a["req"], a["partition"], a["flag"]),
                # An arrived partition orders the sender's past (its
                # MPI_Pready's clocks) before what follows, as a receive.
                "  if (rc == MPI_SUCCESS && %s && *%s)" % (a["flag"], a["flag"]),
                "    mpisync::AfterReceiveClock();"]
    elif act == "startall":
        out += saved + ["  mpisync::SendClocksOfStarts(%s, %s);" % (a["reqs"], a["n"]),
                        "  mpisync::BeforeStartRequests(call, saved);",
                        "  int rc = %s;" % call,
                        "  mpisync::AfterStartRequests(call, rc, saved);"]
    elif act in ("wait", "test", "get_status", "request_free"):
        req = a["req"]
        if req in by_value:  # MPI_Request_get_status takes the handle itself
            req = "&" + req
        out += ["  mpisync::SavedRequests saved(%s, 1);" % req]
        if act == "request_free":
            out += ["  if (saved.size())",
                    "    mpisync::BeforeRequestFree(call, saved[0]);",
                    "  int rc = %s;" % call]
        else:
            out += ["  mpisync::BeforeCompletion(call, saved);",
                    "  int rc = %s;" % call]
            cond = "rc == MPI_SUCCESS && saved.size()"
            if act != "wait":
                cond += " && %s && *%s" % (a["flag"], a["flag"])
            hook = ("mpisync::OnStatusComplete(call, saved)" if act == "get_status"
                    else "mpisync::OnCompleted(call, saved, 0)")
            out += ["  if (%s)" % cond, "    %s;" % hook]
            if act != "get_status":
                out += ["  else if (rc != MPI_SUCCESS)",
                        "    mpisync::AfterFailedCompletion(call, saved, %s);" % req]
    elif act in ("waitall", "testall"):
        out += saved + ["  mpisync::BeforeCompletion(call, saved);",
                        "  int rc = %s;" % call]
        cond = "rc == MPI_SUCCESS"
        if act == "testall":
            cond += " && %s && *%s" % (a["flag"], a["flag"])
        out += ["  if (%s)" % cond, completes_all,
                "  else if (rc != MPI_SUCCESS)",
                "    mpisync::AfterFailedCompletion(call, saved, %s);" % a["reqs"]]
    elif act in ("waitany", "testany"):
        idx = a["index"]
        out += saved + ["  mpisync::BeforeCompletion(call, saved);",
                        "  int rc = %s;" % call]
        cond = "rc == MPI_SUCCESS && %s && *%s != MPI_UNDEFINED && *%s >= 0 && *%s < saved.size()" % (idx, idx, idx, idx)
        if act == "testany":
            cond += " && %s && *%s" % (a["flag"], a["flag"])
        out += ["  if (%s)" % cond,
                "    mpisync::OnCompleted(call, saved, *%s);" % idx,
                "  else if (rc != MPI_SUCCESS)",
                "    mpisync::AfterFailedCompletion(call, saved, %s);" % a["reqs"]]
    elif act in ("waitsome", "testsome"):
        oc, ind = a["outcount"], a["indices"]
        out += saved + ["  mpisync::BeforeCompletion(call, saved);",
                        "  int rc = %s;" % call,
                        "  if (rc == MPI_SUCCESS && %s)" % oc,
                        "    mpisync::OnSomeCompleted(call, saved, *%s, %s);" % (oc, ind),
                        "  else if (rc != MPI_SUCCESS)",
                        "    mpisync::AfterFailedCompletion(call, saved, %s);" % a["reqs"]]
    elif act == "type_new":
        out += ["  int rc = %s;" % call,
                "  if (rc == MPI_SUCCESS)",
                "    mpisync::AfterTypeNew(call, %s);" % a["newtype"]]
    elif act == "type_free":
        out += ["  MPI_Datatype freed = %s ? *%s : MPI_DATATYPE_NULL;" % (a["type"], a["type"]),
                "  mpisync::BeforeTypeFree(call, %s);" % a["type"],
                "  int rc = %s;" % call,
                "  if (rc == MPI_SUCCESS)",
                "    mpisync::AfterTypeFree(call, freed);"]
    else:
        raise SystemExit("line %d: unknown action %r" % (entry["line"], act))
    if act in ("wait", "test", "waitall", "testall", "waitany", "testany",
               "waitsome", "testsome", "get_status"):
        # A completed receive orders the sender's past before what follows
        # (MPI_Request_get_status with flag set too: the program may use the
        # data before it frees or waits on the request).
        out += ["  if (rc == MPI_SUCCESS)", "    mpisync::AfterReceiveClock();"]
    out.append("  return rc;")
    return "\n".join(out)


# The cloning layer (runtime/clone/): point-to-point and collective calls
# reach its mirroring code through a generated shim that lists their
# buffers; datatype constructors run on every process (types are local);
# every other call is refused unless clone_layer.cpp handles it by hand.
CLONE_SHIM_KINDS = {"start": "kStart", "persistent": "kPersistent",
                    "blocking": "kBlocking"}
CLONE_LOCAL_ACTIONS = ("type_new", "type_free")
# Local calls every process runs itself (the buffer of buffered sends).
CLONE_LOCAL_CALLS = ("MPI_Buffer_attach", "MPI_Buffer_attach_c",
                     "MPI_Buffer_detach", "MPI_Buffer_detach_c")


# RMA operations (clone_rma.h): the origin (and compare) buffers are sent,
# the result buffers written by the library; an operation with MPI_NO_OP
# ignores its origin (MPI 4.1 12.3.4), which may then be NULL.
RMA_BUFFERS = (("origin", "ocount", "otype"), ("compare", None, "otype"),
               ("result", "rcount", "rtype"))


def rma_buffer_list(entry):
    a = entry["args"]
    bufs = []
    for key, count, dtype in RMA_BUFFERS:
        if key not in a:
            continue
        writes = key == "result" or (key == "origin" and a["kind"] == "get")
        role = "kRmaResult" if writes else "kRmaOrigin"
        n = a[count] if count else "1"
        if key == "origin" and "op" in a:
            n = "%s == MPI_NO_OP ? 0 : %s" % (a["op"], n)
        bufs.append("{mpisync::BufferRole::%s, %s, (MPI_Count)(%s), %s}"
                    % (role, a[key], n, a[dtype]))
    return ["  const mpisync::BufferArg buffers[] = {%s};" % ", ".join(bufs)], \
        str(len(bufs))


def clone_rma_shim(entry, name, names, params):
    """An RMA operation: a request-based one is mirrored like a nonblocking
    receive (whole result layout at completion), the others at the
    synchronization that completes them."""
    a = entry["args"]
    lines, n = rma_buffer_list(entry)
    out = ["static int CloneShim_%s(%s) {" % (name, params)] + lines
    out += ["  mpisync::clone::CallArgs c;",
            '  c.name = "%s";' % name,
            "  c.kind = mpisync::clone::CallKind::%s;" % ("kStart" if "req" in a else "kRma"),
            "  c.buffers = buffers;",
            "  c.num_buffers = %s;" % n,
            "  c.collective = true; // the whole result layout",
            "  c.dest = %s;" % a["target"],
            "  c.win = %s;" % a["win"]]
    if "req" in a:
        out.append("  c.request = %s;" % a["req"])
    out += ["  auto below = [&]() { return mpisync::clone::below.%s(%s); };"
            % (name, ", ".join(names)),
            "  return mpisync::clone::MirrorCall(c, mpisync::clone::BelowCall(below));",
            "}", ""]
    return out


def clone_shim(entry, name, names, params):
    """The shim of one mirrored call, or None."""
    a = entry["args"]
    act = entry["action"]
    if act == "rma":
        return clone_rma_shim(entry, name, names, params)
    # Matched receives name a message handle from MPI_Mprobe, and
    # neighbourhood collectives a topology the clones do not hold: not
    # mirrored.
    if act not in CLONE_SHIM_KINDS or "message" in names or \
            a.get("coll", "").startswith("neighbor"):
        return None
    lines, n = buffer_list(entry, names)
    out = ["static int CloneShim_%s(%s) {" % (name, params)] + lines
    out += ["  mpisync::clone::CallArgs c;",
            '  c.name = "%s";' % name,
            "  c.kind = mpisync::clone::CallKind::%s;" % CLONE_SHIM_KINDS[act],
            "  c.buffers = buffers;",
            "  c.num_buffers = %s;" % n,
            "  c.collective = %s;" % ("true" if "coll" in a else "false")]
    if "req" in a:
        out.append("  c.request = %s;" % a["req"])
    if "dest" in names:
        out.append("  c.dest = dest;")
    if "status" in names:
        # The mirror needs the status even when the program ignores it.
        out += ["  MPI_Status ignored_status;",
                "  if (status == MPI_STATUS_IGNORE)",
                "    status = &ignored_status;",
                "  c.status = status;"]
    out += ["  auto below = [&]() { return mpisync::clone::below.%s(%s); };"
            % (name, ", ".join(names)),
            "  return mpisync::clone::MirrorCall(c, mpisync::clone::BelowCall(below));",
            "}", ""]
    return out


def clone_file(table_entries, protos):
    """The cloning layer's generated entries: shims, refusals and the
    function that installs them."""
    out = ["// Generated by gen_mpi_wrappers.py from mpi_calls.tbl; do not edit.",
           "// The cloning layer's generated entries (runtime/clone/).",
           "#include <mpi.h>", "",
           '#include "clone/clone_calls.h"',
           '#include "mpisync_collectives.h"', ""]
    fills = []
    for entry, name in table_entries:
        params = protos[name]
        names = param_names(params)
        shim = clone_shim(entry, name, names, params)
        if shim is not None:
            out += shim
            fills.append("  next->%s = CloneShim_%s;" % (name, name))
        elif entry["action"] in CLONE_LOCAL_ACTIONS or name in CLONE_LOCAL_CALLS:
            continue
        else:
            ret = RETURNS[name]
            out += ["static %s CloneRefuse_%s(%s) {" % (ret, name, params),
                    '  mpisync::clone::Refuse("%s");' % name,
                    "  return %s;" % ("0.0" if ret == "double" else "MPI_ERR_OTHER"),
                    "}", ""]
            fills.append("  next->%s = CloneRefuse_%s;" % (name, name))
    out += ["namespace mpisync {", "namespace clone {", "",
            "void InstallGeneratedEntries(MpiNext *next) {"] + fills + [
            "}", "", "} // namespace clone", "} // namespace mpisync", ""]
    return "\n".join(out)


def lacking_entry(name, protos):
    """The definition of Lacking_NAME, NAME's entry in MpiNext when the MPI
    does not have NAME (mpi_prototypes.py)."""
    params = protos[name]
    out = ["static %s Lacking_%s(%s) {" % (RETURNS[name], name, params)]
    base = name[:-len("_c")] if name.endswith("_c") else None
    if base in protos and base not in LACKING:
        wide = mpi_prototypes.split_params(params)
        narrow = mpi_prototypes.split_params(protos[base])
        names = param_names(params)
        args, checks = [], []
        for n, w, c in zip(names, wide, narrow):
            wt, ct = mpi_prototypes.param_type(w), mpi_prototypes.param_type(c)
            if wt == ct:
                args.append(n)
            elif ct == "int" and wt in ("MPI_Count", "MPI_Aint"):
                checks.append("!mpisync::FitsInt(%s)" % n)
                args.append("(int)%s" % n)
            else:
                args = None
                break
        if args is not None and len(wide) == len(narrow):
            if checks:
                out += ["  if (%s)" % " || ".join(checks), "    return MPI_ERR_COUNT;"]
            return out + ["  return P%s(%s);" % (base, ", ".join(args)), "}", ""]
    return out + ['  return mpisync::MpiLacks("%s");' % name, "}", ""]


# The amplify layer (runtime/amplify/): every nonblocking and persistent
# collective with buffers gets a shim that describes the call (its buffers,
# as DescribeCollective lists them) and hands the layer the call itself with
# the receive buffer left open, so the layer can issue it later into a bounce
# buffer (amplify_coll.h). Datatype arguments are duplicated for a held call:
# the program may free its handles before the layer issues it.
AMPLIFY_ACTIONS = ("start", "persistent")


def amplify_shim(entry, name, names, params):
    """The shim of one collective amplify acts on, or None."""
    a = entry["args"]
    if entry["action"] not in AMPLIFY_ACTIONS or a.get("coll", "barrier") == "barrier":
        return None
    recv = "buffer" if a["coll"] == "bcast" else "recvbuf"
    persistent = entry["action"] == "persistent"
    lines, n = buffer_list(entry, names)
    out = ["static int AmplifyShim_%s(%s) {" % (name, params)] + lines
    out += ["  mpisync::amplify::CollStart c = {\"%s\", mpisync::CollectiveKind::%s, buffers, %s, %s, %s, comm, request};"
            % (name, COLLECTIVES[a["coll"]], n,
               "sendbuf" if "sendbuf" in names else "nullptr", recv)]
    if persistent:
        call = ", ".join("recv_" if x == recv else x for x in names)
        out += ["  void *recv_ = %s;" % recv,
                "  mpisync::amplify::AmpRequest *amp = mpisync::amplify::BeginPersistent(c, &recv_);",
                "  int rc = mpisync::amplify::below.%s(%s);" % (name, call),
                "  return mpisync::amplify::EndPersistent(amp, rc, request);",
                "}", ""]
        return out
    out += ["  mpisync::amplify::AmpRequest *held = mpisync::amplify::BeginHold(c);",
            "  if (!held)",
            "    return mpisync::amplify::below.%s(%s);" % (name, ", ".join(names))]
    kept = {}
    for x, p in zip(names, params.split(",")):
        if not re.match(r"^\s*(const\s+)?MPI_Datatype\s+\w+\s*(\[\s*\])?\s*$", p):
            continue
        kept[x] = x + "_kept"
        if "[" in p:
            send = "true" if x.startswith("send") else "false"
            out.append("  const MPI_Datatype *%s = mpisync::amplify::KeepTypes(held, %s, %s);"
                       % (kept[x], x, send))
        else:
            out.append("  MPI_Datatype %s = mpisync::amplify::KeepType(held, %s);" % (kept[x], x))
    subst = {recv: "recv_", "request": "request_"}
    subst.update(kept)
    call = ", ".join(subst.get(x, x) for x in names)
    out += ["  auto issue = [=](void *recv_, MPI_Request *request_) {",
            "    return mpisync::amplify::below.%s(%s);" % (name, call),
            "  };",
            "  return mpisync::amplify::FinishHold(held, issue, request);",
            "}", ""]
    return out


def amplify_file(table_entries, protos):
    """The amplify layer's generated collective entries, the names of the
    calls they cover, and the function that installs them."""
    out = ["// Generated by gen_mpi_wrappers.py from mpi_calls.tbl; do not edit.",
           "// The amplify layer's collective entries (runtime/amplify/).",
           "#include <mpi.h>", "",
           '#include "amplify/amplify_coll.h"',
           '#include "mpisync_collectives.h"', ""]
    fills, covered = [], []
    for entry, name in table_entries:
        params = protos[name]
        shim = amplify_shim(entry, name, param_names(params), params)
        if shim is None:
            continue
        out += shim
        fills.append("  next->%s = AmplifyShim_%s;" % (name, name))
        if not name.endswith("_c"):
            covered.append('    "%s",' % name)
    out += ["namespace mpisync {", "namespace amplify {", "",
            "const char *const kAmplifiedCollectives[] = {"] + covered + [
            "    nullptr};", "",
            "void InstallGeneratedCollectives(MpiNext *next) {"] + fills + [
            "}", "", "} // namespace amplify", "} // namespace mpisync", ""]
    return "\n".join(out)


def next_table(wrapped, protos):
    """The header declaring mpisync::MpiNext and the definition of mpi_next,
    which starts as PMPI: one entry per wrapped call, in table order."""
    header = ["// Generated by gen_mpi_wrappers.py from mpi_calls.tbl; do not edit.",
              "// The MPI below the wrappers: see mpisync_layers.h.",
              "#ifndef MPISYNC_MPI_NEXT_H", "#define MPISYNC_MPI_NEXT_H", "",
              "#include <mpi.h>", "", "namespace mpisync {", "",
              "struct MpiNext {"]
    header += ["  %s (*%s)(%s);" % (RETURNS[n], n, protos[n]) for n in wrapped]
    header += ["};", "",
               "// What the wrappers call; PMPI unless a mode layer is installed.",
               "extern MpiNext mpi_next;",
               "// The entries as PMPI, whatever layers are installed.",
               "extern const MpiNext kPmpi;", "",
               "} // namespace mpisync", "", "#endif // MPISYNC_MPI_NEXT_H", ""]
    # A call the MPI lacks is reached only by the layers, which issue what
    # they hold through the large-count variants: its entry is the MPI-3
    # call where that differs in scalar counts only, else one that fails.
    lacking = []
    for n in wrapped:
        if n in LACKING:
            lacking += lacking_entry(n, protos)
    pmpi = ["  %s," % ("Lacking_" + n if n in LACKING else "P" + n) for n in wrapped]
    definition = lacking + ["namespace mpisync {",
                  "const MpiNext kPmpi = {"] + pmpi + ["};",
                  "MpiNext mpi_next = {"] + pmpi + ["};",
                  "} // namespace mpisync", ""]
    return "\n".join(header), definition


def main():
    table, proto_h, out_path, out_h, out_clone, out_amplify = sys.argv[1:7]
    protos = parse_prototypes(proto_h)
    out = ["// Generated by gen_mpi_wrappers.py from mpi_calls.tbl; do not edit.",
           "#include <mpi.h>", "",
           '#include "%s"' % os.path.basename(out_h),
           '#include "mpisync_collectives.h"',
           '#include "mpisync_comm_info.h"',
           '#include "mpisync_mpi_family.h"',
           '#include "mpisync_mpi_hooks.h"',
           '#include "mpisync_rma.h"',
           '#include "sanitizer_common/sanitizer_internal_defs.h"', "",
           "using __sanitizer::uptr;", ""]
    wrapped = []
    clone_entries = []
    for entry in parse_table(table):
        base = entry["name"]
        if base not in protos:
            raise SystemExit("%s:%d: %s is not in %s (nor in mpi_bindings.h)"
                             % (table, entry["line"], base, proto_h))
        for name in variants(base, protos):
            params = protos[name]
            names = param_names(params)
            used = {v for k, v in entry["args"].items()
                    if not v.isdigit() and k not in KEYWORD_KEYS}
            for r, b, c, t in entry["buffers"]:
                used |= {b, c, t}
            missing = used - set(names)
            if missing:
                raise SystemExit("%s:%d: %s has no parameter %s" %
                                 (table, entry["line"], name, ", ".join(sorted(missing))))
            wrapped.append(name)
            if name in LACKING:  # the program cannot call it: no wrapper
                continue
            clone_entries.append((entry, name))
            out.append('extern "C" SANITIZER_INTERFACE_ATTRIBUTE %s %s(%s) {'
                       % (RETURNS[name], name, params))
            out.append(body(entry, name, names, params))
            out.append("}")
            out.append("")
    header, definition = next_table(wrapped, protos)
    write_if_changed(out_h, header)
    write_if_changed(out_clone, clone_file(clone_entries, protos))
    write_if_changed(out_amplify, amplify_file(clone_entries, protos))
    write_if_changed(out_path, "\n".join(out + definition))


if __name__ == "__main__":
    main()
