//===- MPICallTable.h - The MPI calls the plugin knows ----------*- C++ -*-===//
//
// What each MPI call does to requests and buffers, generated from the
// runtime's table (include/mpisync/mpi_calls.tbl) by gen_call_table.py, so the
// plugin and the runtime recognise the same calls.
//
//===----------------------------------------------------------------------===//
#ifndef MPISYNC_CLANG_PLUGIN_MPICALLTABLE_H
#define MPISYNC_CLANG_PLUGIN_MPICALLTABLE_H

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace mpisync {

enum class MPICallAction {
  Start,          // nonblocking operation: buffers pending until req completes
  PersistentInit, // inactive persistent request; pending from MPI_Start
  StartAll,       // starts reqs[0..n)
  Wait,           // completes req
  Test,           // completes req when *flag
  WaitAll,        // completes reqs[0..n)
  TestAll,        // completes reqs[0..n) when *flag
  WaitSome,       // completes some of reqs[0..n), which is not known here
  TestSome,       // the same, when *flag or *outcount
  GetStatus,      // req (by value) completed when *flag; the handle stays
  RequestFree,    // frees req; an active operation goes on unseen
  Blocking,       // a blocking call: reads or writes its buffers now
  NoEffect,       // changes no request (MPI_Cancel: still to be completed)
};

// Send buffers may be read while pending, receive buffers not accessed.
// Any: the role depends on the rank (MPI_Ibcast): only writes conflict.
enum class ArgRole { Send, Recv, Any };

struct MPIBufferParam {
  ArgRole Role;
  int Buffer; // argument positions
  int Count;  // -1: the length is not one count (counts arrays)
  int Datatype;
};

struct MPICall {
  const char *Name;
  MPICallAction Action;
  int Requests;   // argument: the request, or the array of requests
  int Count;      // argument: how many requests, or -1
  int CountConst; // how many requests when Count is -1
  int Flag;       // argument: the flag of a test, or -1
  int Root;       // argument: the root of a rooted collective, or -1
  std::vector<MPIBufferParam> Buffers;
};

// The call named Name (or PMPI_Name), or null.
const MPICall *lookupMPICall(llvm::StringRef Name);

} // namespace mpisync

#endif
