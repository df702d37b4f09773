// JSON Lines reports (log_format=json): one JSON object per report, on one
// line, written with RapidJSON's SAX Writer. The runtime takes no memory
// from malloc and no exceptions: RapidJSON's stack and the output buffer
// use sanitizer_common's internal allocator, and its assertions are CHECKs.
// docs/reports.md documents the object; tools/mpisync-report reads it.
#include "mpisync_report_json.h"

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

// Text of [begin, end), without the trailing newline.
void Substring(JsonWriter &w, const InternalScopedString &text, uptr begin,
               uptr end) {
  while (end > begin && (text.data()[end - 1] == '\n'))
    end--;
  w.String(text.data() + begin, (rapidjson::SizeType)(end - begin));
}

// Addresses as strings, as printed in the text ("0x7ffc..."): JSON numbers
// lose 64-bit precision in many readers.
void Address(JsonWriter &w, uptr addr) {
  char buf[32];
  internal_snprintf(buf, sizeof(buf), "%p", (void *)addr);
  w.String(buf);
}

const char *RoleName(BufferRole role) {
  return role == BufferRole::kSend ? "send" : "receive";
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
// text. `top` receives the index of the frame the SUMMARY line names: the
// first one outside the MPI library (for Fortran, the caller of MPICH's
// binding).
void Frames(JsonWriter &w, u32 id, uptr *top) {
  StackTrace stack = StackDepotGet(id);
  uptr index = 0;
  bool top_found = false;
  *top = 0;
  w.StartArray();
  for (uptr i = 0; i < stack.size && stack.trace[i]; i++) {
    uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[i]);
    if (!top_found &&
        (i + 1 >= stack.size || !IsMpiLibraryPc(stack.trace[i]))) {
      *top = index;
      top_found = true;
    }
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

void Stack(JsonWriter &w, const ReportRecord::Stack &s,
           const InternalScopedString &text) {
  w.StartObject();
  Key(w, "role");
  String(w, s.role);
  Key(w, "title");
  Substring(w, text, s.title_begin, s.title_end);
  Key(w, "frames");
  uptr top;
  Frames(w, s.id, &top);
  Key(w, "top");
  w.Uint64(top);
  w.EndObject();
}

void Buffer(JsonWriter &w, const ReportRecord &rec) {
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
  Address(w, rec.buf_addr);
  Key(w, "offset");
  w.Int64((sptr)rec.buf_addr - (sptr)(buf.base ? buf.base : buf.lo));
  Key(w, "count");
  w.Int64(buf.count);
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

// A place of the SUMMARY line: the frame it names (as in Frames) and the
// index of its stack in "stacks".
void Place(JsonWriter &w, const ReportRecord &rec, u32 id) {
  StackTrace stack = StackDepotGet(id);
  uptr frame = 0, index = 0;
  while (frame + 1 < stack.size && IsMpiLibraryPc(stack.trace[frame])) {
    uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[frame]);
    SymbolizedStackHolder holder(SymbolizeReadable(pc));
    index++;
    for (const SymbolizedStack *f = holder.get(); f && f->next; f = f->next)
      index++;
    frame++;
  }
  if (stack.size == 0) {
    w.Null();
    return;
  }
  uptr pc = StackTrace::GetPreviousInstructionPc(stack.trace[frame]);
  SymbolizedStackHolder holder(SymbolizeReadable(pc));
  AddressInfo none;
  none.address = pc;
  const AddressInfo &info = holder.get() ? holder.get()->info : none;
  const char *strip = flags()->strip_path_prefix;
  w.StartObject();
  Key(w, "stack");
  bool found = false;
  for (uptr i = 0; i < rec.num_stacks && !found; i++)
    if (rec.stacks[i].id == id) {
      w.Uint64(i);
      found = true;
    }
  if (!found)
    w.Null();
  Key(w, "frame");
  w.Uint64(index);
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
  w.EndObject();
}

} // namespace

void ReportRecord::PrintStack(const char *role, u32 id,
                              InternalScopedString *text) {
  if (num_stacks < kMaxStacks)
    stacks[num_stacks++] = {role, id, text_mark, text->length()};
  mpisync::PrintStack(id, text);
  text_mark = text->length();
}

void ReportRecord::SetSummary(u32 where, const char *call, u32 call_where,
                              const InternalScopedString &text) {
  where_stack = where;
  call_name = call;
  call_stack = call_where;
  summary_begin = text.length();
}

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

void PrintJsonReport(const ReportRecord &rec, const InternalScopedString &text,
                     int rank, uptr seq) {
  JsonBuffer out;
  InternalJsonAllocator stack_allocator;
  JsonWriter w(out, &stack_allocator);
  w.StartObject();
  Key(w, "mpisync");
  w.Int(1); // version of this object's layout
  Key(w, "kind");
  String(w, ErrorKindName(rec.kind));
  Key(w, "rank");
  w.Int(rank);
  Key(w, "pid");
  w.Int(internal_getpid());
  Key(w, "seq");
  w.Uint64(seq);
  Key(w, "time_ns");
  w.Uint64(NanoTime());
  Key(w, "verdict");
  String(w, rec.verdict);
  Key(w, "manifest");
  if (rec.verdict && !internal_strcmp(rec.verdict, "manifest"))
    w.Bool(true);
  else if (rec.verdict && !internal_strcmp(rec.verdict, "latent"))
    w.Bool(false);
  else
    w.Null();
  if (rec.amplified) { // amplify=1 forced the conflict (docs/amplify.md)
    Key(w, "amplified");
    String(w, rec.amplified);
  }
  Key(w, "message");
  if (rec.num_stacks)
    Substring(w, text, rec.stacks[0].title_begin, rec.stacks[0].title_end);
  else
    w.Null();

  Key(w, "access");
  if (rec.access_type) {
    w.StartObject();
    Key(w, "type");
    String(w, rec.access_type);
    Key(w, "address");
    Address(w, rec.access_addr);
    Key(w, "size");
    w.Uint64(rec.access_size);
    w.EndObject();
  } else {
    w.Null();
  }
  Key(w, "buffer");
  if (rec.op && rec.buf)
    Buffer(w, rec);
  else
    w.Null();
  Key(w, "mpi_call");
  String(w, rec.call_name);

  Key(w, "stacks");
  w.StartArray();
  for (uptr i = 0; i < rec.num_stacks; i++)
    Stack(w, rec.stacks[i], text);
  w.EndArray();

  // The SUMMARY line: its two places, and its text.
  Key(w, "location");
  Place(w, rec, rec.where_stack);
  Key(w, "call_location");
  Place(w, rec, rec.call_stack);
  Key(w, "summary");
  uptr end = rec.summary_begin;
  while (end < text.length() && text.data()[end] != '\n')
    end++;
  Substring(w, text, rec.summary_begin, end);
  w.EndObject();
  Printf("%s", out.Finish());
}

} // namespace mpisync
