// The JSON printer (log_format=json): a ReportDesc as one JSON object on one
// line (JSON Lines), written with RapidJSON's SAX Writer. The runtime takes no
// memory from malloc and no exceptions: RapidJSON's stack and the output buffer
// use sanitizer_common's internal allocator, and its assertions are CHECKs.
// docs/reports.md documents the object; tools/mpisync-report reads it.
#include "mpisync_report_desc.h"

#include "mpisync_flags.h"
#include "mpisync_modules.h"
#include "mpisync_stack.h"
#include "sanitizer_common/sanitizer_common.h"
#include "sanitizer_common/sanitizer_libc.h"
#include "sanitizer_common/sanitizer_stackdepot.h"
#include "sanitizer_common/sanitizer_stacktrace.h"
#include "sanitizer_common/sanitizer_symbolizer.h"

namespace mpisync {
namespace json_detail {
// RapidJSON's own objects (its stack's allocator if none is given) come
// from here, never from operator new (no libstdc++ at link time).
struct InternalHeap {};
template <typename T> void Delete(T *p) {
  if (p) {
    p->~T();
    __sanitizer::InternalFree(p);
  }
}
} // namespace json_detail
} // namespace mpisync

inline void *operator new(__SIZE_TYPE__ size,
                          mpisync::json_detail::InternalHeap) {
  return __sanitizer::InternalAlloc(size);
}
inline void operator delete(void *p, mpisync::json_detail::InternalHeap) {
  __sanitizer::InternalFree(p);
}

#define RAPIDJSON_ASSERT(x) CHECK(x)
#define RAPIDJSON_NEW(x) new (::mpisync::json_detail::InternalHeap{}) x
#define RAPIDJSON_DELETE(p) ::mpisync::json_detail::Delete(p)
#include <rapidjson/writer.h>

using namespace __sanitizer;

namespace mpisync {

namespace {

// RapidJSON's Allocator concept over the internal allocator.
class InternalJsonAllocator {
public:
  [[maybe_unused]] static const bool kNeedFree = true;
  void *Malloc(size_t size) { return size ? InternalAlloc(size) : nullptr; }
  void *Realloc(void *p, size_t, size_t new_size) {
    if (new_size == 0) {
      InternalFree(p);
      return nullptr;
    }
    return InternalRealloc(p, new_size);
  }
  static void Free(void *p) { InternalFree(p); }
};

// RapidJSON's output stream concept: characters appended to a buffer that
// is written in one piece.
class JsonBuffer {
public:
  typedef char Ch;
  void Put(char c) { data_.push_back(c); }
  void Flush() {}
  const char *Finish() {
    data_.push_back('\n');
    data_.push_back('\0');
    return data_.data();
  }

private:
  InternalMmapVector<char> data_;
};

using JsonWriter =
    rapidjson::Writer<JsonBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                      InternalJsonAllocator>;

enum class LogFormat { kUnknown, kText, kJson };
LogFormat log_format = LogFormat::kUnknown;

void Key(JsonWriter &w, const char *key) { w.Key(key); }

void String(JsonWriter &w, const char *s) {
  if (s)
    w.String(s, (rapidjson::SizeType)internal_strlen(s));
  else
    w.Null();
}

// A title or line, without its trailing newlines.
void Text(JsonWriter &w, const InternalScopedString &text) {
  uptr end = text.length();
  while (end > 0 && text.data()[end - 1] == '\n')
    end--;
  w.String(text.data(), (rapidjson::SizeType)end);
}

// Addresses as strings, as printed in the text ("0x7ffc..."): JSON numbers
// lose 64-bit precision in many readers.
void Address(JsonWriter &w, uptr addr) {
  char buf[32];
  internal_snprintf(buf, sizeof(buf), "%p", (void *)addr);
  w.String(buf);
}

// One symbolized frame: what the text's "#N 0x... in f file:line:col"
// carries, plus the module and offset.
void Frame(JsonWriter &w, uptr index, const AddressInfo &info, bool inlined) {
  const char *strip = flags()->strip_path_prefix;
  w.StartObject();
  Key(w, "index");
  w.Uint64(index);
  Key(w, "pc");
  Address(w, info.address);
  Key(w, "function");
  String(w, info.function);
  Key(w, "file");
  String(w, info.file ? StripPathPrefix(info.file, strip) : nullptr);
  Key(w, "line");
  if (info.file && info.line > 0)
    w.Int(info.line);
  else
    w.Null();
  Key(w, "column");
  if (info.file && info.column > 0)
    w.Int(info.column);
  else
    w.Null();
  Key(w, "module");
  String(w, info.module ? StripPathPrefix(info.module, strip) : nullptr);
  Key(w, "module_offset");
  if (info.module) {
    char buf[32];
    internal_snprintf(buf, sizeof(buf), "0x%zx", info.module_offset);
    w.String(buf);
  } else {
    w.Null();
  }
  Key(w, "inlined");
  w.Bool(inlined);
  w.EndObject();
}

// The frames of stack `id`, inlined frames included, numbered as in the
// text.
void Frames(JsonWriter &w, u32 id) {
  StackTrace stack = StackDepotGet(id);
  uptr index = 0;
  w.StartArray();
  for (uptr i = 0; i < stack.size && stack.trace[i]; i++) {
    uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[i]);
    SymbolizedStackHolder holder(SymbolizeReadable(pc));
    const SymbolizedStack *frames = holder.get();
    if (!frames) {
      AddressInfo info;
      info.address = pc;
      Frame(w, index++, info, false);
      continue;
    }
    for (const SymbolizedStack *f = frames; f; f = f->next)
      Frame(w, index++, f->info, f->next != nullptr);
  }
  w.EndArray();
}

void Stack(JsonWriter &w, const ReportStack &s) {
  w.StartObject();
  Key(w, "role");
  String(w, s.role);
  Key(w, "title");
  Text(w, s.title);
  Key(w, "frames");
  Frames(w, s.id);
  // The frame the SUMMARY line names (FindSummaryFrame).
  Key(w, "top");
  SummaryFrame top;
  FindSummaryFrame(s.id, &top);
  w.Uint64(top.found ? top.index : 0);
  if (s.thread >= 0) { // under threads (docs/threads.md): 0 main, N TN
    Key(w, "thread");
    w.Int(s.thread);
  }
  w.EndObject();
}

void Buffer(JsonWriter &w, const ReportBuffer &rec) {
  const PendingOp &op = *rec.op;
  const PendingBuffer &buf = *rec.buf;
  w.StartObject();
  Key(w, "role");
  String(w, RoleName(buf.role));
  Key(w, "call");
  String(w, op.call);
  Key(w, "started_by");
  String(w, op.start_call);
  Key(w, "begin");
  Address(w, buf.lo);
  Key(w, "end");
  Address(w, buf.hi);
  Key(w, "base");
  Address(w, buf.base);
  Key(w, "address");
  Address(w, rec.addr);
  Key(w, "offset");
  w.Int64((sptr)rec.addr - (sptr)(buf.base ? buf.base : buf.lo));
  Key(w, "count");
  w.Int64(buf.requested_count);
  Key(w, "datatype");
  String(w, rec.datatype);
  Key(w, "element");
  if (rec.element >= 0)
    w.Int64(rec.element);
  else
    w.Null();
  Key(w, "request_freed");
  w.Bool(op.freed_while_active);
  w.EndObject();
}

// A place of the SUMMARY line: the frame it names (FindSummaryFrame) and
// the index of its stack in "stacks".
void Place(JsonWriter &w, const ReportDesc &desc, u32 id) {
  SummaryFrame frame;
  FindSummaryFrame(id, &frame);
  if (!frame.found) {
    w.Null();
    return;
  }
  w.StartObject();
  Key(w, "stack");
  bool found = false;
  for (uptr i = 0; i < desc.num_stacks && !found; i++)
    if (desc.stacks[i].id == id) {
      w.Uint64(i);
      found = true;
    }
  if (!found)
    w.Null();
  Key(w, "frame");
  w.Uint64(frame.index);
  Key(w, "function");
  String(w, frame.function[0] ? frame.function : nullptr);
  Key(w, "file");
  String(w, frame.file[0] ? frame.file : nullptr);
  Key(w, "line");
  if (frame.file[0] && frame.line > 0)
    w.Int(frame.line);
  else
    w.Null();
  Key(w, "column");
  if (frame.file[0] && frame.column > 0)
    w.Int(frame.column);
  else
    w.Null();
  Key(w, "module");
  String(w, frame.module[0] ? frame.module : nullptr);
  w.EndObject();
}

} // namespace

bool JsonReports() {
  if (log_format == LogFormat::kUnknown) {
    const char *f = flags()->log_format;
    if (!f || !*f || !internal_strcmp(f, "text")) {
      log_format = LogFormat::kText;
    } else if (!internal_strcmp(f, "json")) {
      log_format = LogFormat::kJson;
    } else {
      Printf("==%d==ERROR: MPISync: invalid value '%s' for option "
             "'log_format' (expected text or json) in MPISYNC_OPTIONS\n",
             (int)internal_getpid(), f);
      internal__exit(1);
    }
  }
  return log_format == LogFormat::kJson;
}

void PrintJsonReport(const ReportDesc &desc, int rank, uptr seq) {
  JsonBuffer out;
  InternalJsonAllocator stack_allocator;
  JsonWriter w(out, &stack_allocator);
  w.StartObject();
  Key(w, "mpisync");
  w.Int(1); // version of this object's layout
  Key(w, "kind");
  String(w, ErrorKindName(desc.kind));
  Key(w, "rank");
  w.Int(rank);
  Key(w, "pid");
  w.Int(internal_getpid());
  Key(w, "seq");
  w.Uint64(seq);
  Key(w, "time_ns");
  w.Uint64(NanoTime());
  Key(w, "verdict");
  String(w, desc.verdict);
  Key(w, "manifest");
  if (desc.verdict && !internal_strcmp(desc.verdict, "manifest"))
    w.Bool(true);
  else if (desc.verdict && !internal_strcmp(desc.verdict, "latent"))
    w.Bool(false);
  else
    w.Null();
  if (desc.amplified) { // amplify=1 forced the conflict (docs/amplify.md)
    Key(w, "amplified");
    String(w, desc.amplified);
  }
  if (desc.mode) {
    Key(w, "mode");
    w.StartObject();
    Key(w, "name");
    String(w, desc.mode);
    for (uptr i = 0; i < desc.num_mode_fields; i++) {
      const ReportDesc::ModeField &f = desc.mode_fields[i];
      Key(w, f.key);
      if (f.text)
        String(w, f.text);
      else
        w.Int64(f.number);
    }
    w.EndObject();
  }
  Key(w, "message");
  if (desc.num_stacks)
    Text(w, desc.stacks[0].title);
  else
    w.Null();

  Key(w, "access");
  if (desc.has_access) {
    w.StartObject();
    Key(w, "type");
    String(w, desc.access.type);
    Key(w, "address");
    Address(w, desc.access.addr);
    Key(w, "size");
    w.Uint64(desc.access.size);
    w.EndObject();
  } else {
    w.Null();
  }
  Key(w, "buffer");
  if (desc.has_buffer)
    Buffer(w, desc.buffer);
  else
    w.Null();
  Key(w, "mpi_call");
  String(w, desc.call_name);

  Key(w, "stacks");
  w.StartArray();
  for (uptr i = 0; i < desc.num_stacks; i++)
    Stack(w, desc.stacks[i]);
  w.EndArray();

  // The SUMMARY line: its two places, and its text.
  Key(w, "location");
  Place(w, desc, desc.where_stack);
  Key(w, "call_location");
  Place(w, desc, desc.call_stack);
  Key(w, "summary");
  InternalScopedString summary;
  RenderSummary(desc, &summary);
  Text(w, summary);
  w.EndObject();
  Printf("%s", out.Finish());
}

} // namespace mpisync
