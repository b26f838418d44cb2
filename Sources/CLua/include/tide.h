#ifndef TIDE_CLUA_TIDE_H
#define TIDE_CLUA_TIDE_H

/*
** The C half of LuaBridge. Swift cannot import Lua's function-like macros,
** and a Lua error or yield must never longjmp through a Swift frame, so:
**  - every macro LuaBridge needs has a static inline copy (tide_inline.h);
**  - Swift functions run behind ONE C dispatch (tide_callswift, reached from
**    the trampolines and from the C field metamethods): they return a result
**    count or a marker, and the C caller raises or yields;
**  - the instruction-budget hook, the budgeted allocator and the pattern
**    matcher are C, so their errors start and end in C and Lua frames only.
**
** This header holds the types Swift and C share and the functions of the C
** files, one concern each:
**   budget.c       the allocator, the count hook, coroutines born hooked
**   trampolines.c  the C functions behind every Swift function
**   fields.c       fields of boxed objects read and written in C
**   rawfields.c    fields kept raw in a table-backed object's table
**   errors.c       markers raised as Lua errors; messages and places for Swift
**   sandbox.c      `load` for text only; the string library's bounded functions
**   lstrlib.c      copies of Lua's own string functions, bounded
**   luatable.h     a copy of Lua's table layout, for pulls that read tables in place
** tide_inline.h holds what Swift calls on the hot path, inline.
*/

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* ------------------------------------------------------------------------
** Markers a Swift dispatcher returns instead of a result count (n >= 0).
** ---------------------------------------------------------------------- */
#define TIDE_MARK_RAISE     (-1) /* message on top: raise it after "chunk:line: " */
#define TIDE_MARK_ERROR     (-2) /* error value on top: raise it unchanged */
#define TIDE_MARK_ARGERROR  (-3) /* message on top, name or nil below, arg in error_arg: luaL_argerror */
#define TIDE_MARK_TYPEERROR (-4) /* type name on top, name or nil below, arg (present) in error_arg: luaL_typeerror */
#define TIDE_MARK_YIELD     (-5) /* yield yield_count values from the top */

/* Entries of the cache of tables' boxes (tide_objectbox): 2^TIDE_BOX_CACHE_BITS, room for
** every sprite of a large scene (a table missing from it costs a lookup in the table). */
#define TIDE_BOX_CACHE_BITS 16
#define TIDE_BOX_CACHE_SLOTS (1u << TIDE_BOX_CACHE_BITS)

/* Instructions between two calls of the count hook. */
#define TIDE_HOOK_PERIOD 1000

/* Fields of a boxed object read and written in C: see fields.c. */
#define TIDE_FIELD_NUMBER   1 /* a double; writes take numbers only */
#define TIDE_FIELD_BOOLEAN  2 /* a byte holding 0 or 1; writes take booleans only */
#define TIDE_FIELD_READONLY 4 /* read in C; writes go to the Swift setter */
#define TIDE_FIELD_HALF     8 /* a number field read as half the stored value (a circle's radius) */
#define TIDE_FIELD_GUARDED 16 /* read and written in C only while the byte at `when` is nonzero */
#define TIDE_FIELD_RAW     32 /* kept raw in a table-backed object's table (see tide_RawFields) */
#define TIDE_FIELD_UNLESS  64 /* read and written in C only while the bits `kind` >> TIDE_FIELD_UNLESS_SHIFT
                                 of the byte at `guard` are clear: a field whose value the table
                                 may hold newer under another name (a scale's axis, while the
                                 table holds the uniform scale), which Swift serves then */
#define TIDE_FIELD_SLOTS   64 /* open addressing; at most half full */
#define TIDE_FIELD_HELD_SHIFT 8    /* a raw field's bit in its flags byte (see tide_Field.guard) */
#define TIDE_FIELD_UNLESS_SHIFT 16 /* the bits of that byte that stop an _UNLESS field */

typedef struct tide_Field {
  const void *key;  /* interned name, anchored by the map's user value; NULL = empty slot */
  uint32_t offset;  /* byte offset of the value in the field block */
  uint32_t mirror;  /* a write stores here too (a uniform scale); == offset for none */
  uint32_t kind;    /* TIDE_FIELD_NUMBER or _BOOLEAN, maybe | _READONLY, _HALF, _GUARDED, _UNLESS */
  uint32_t guard;   /* with TIDE_FIELD_UNLESS: byte offset of the flags byte whose bits (`kind` >>
                       TIDE_FIELD_UNLESS_SHIFT) stop it; with TIDE_FIELD_RAW, nonzero: that of the
                       flags byte in which a write into the table sets the field's bit (`kind` >>
                       TIDE_FIELD_HELD_SHIFT). A field with both has one byte for both. */
  uint32_t when;    /* with TIDE_FIELD_GUARDED: byte offset of the flag that lets C read it (a
                       field may have both: a sprite's `w` is raw, and served in C unless text) */
  uint32_t also;    /* a raw field's second offset in the block, which its writes store too (a
                       uniform scale: both axes; `mirror` is then its confirmed copy), or the
                       field's own offset again (given as 0), as tide_RawFields.also */
  double lo, hi;    /* a number field stores only lo <= v <= hi (never NaN); others go to Swift */
} tide_Field;

typedef struct tide_FieldMap {
  int count;
  tide_Field slots[TIDE_FIELD_SLOTS];
} tide_FieldMap;

/* Userdata that boxes a retained Swift object; magic tells ours apart. */
#define TIDE_OBJECT_MAGIC 0x5449444542524447ULL
typedef struct tide_Object {
  uint64_t magic;
  void *object; /* Unmanaged, retained; NULL once released by __gc */
  void *fields; /* the object's field block (see fields.c), or NULL;
                   NULL too once __gc has released the object */
  const tide_FieldMap *fieldmap; /* the fields in it; NULL when fields is */
} tide_Object;

/* The memory of a function box userdata: the retained Swift box (NULL once __gc
** released it) and the slot trampoline that calls it, or -1 (see tide_pushtrampoline). */
typedef struct tide_FunctionBox {
  void *box;
  int slot;
} tide_FunctionBox;

/* Slot trampolines per VM: a power of 8, as trampolines.c builds its table. */
#define TIDE_FAST_SLOTS 512

/* Calls the Swift closure boxed in `box`; returns n >= 0 or a TIDE_MARK_*.
** Defined in Swift (LuaBridge, @_cdecl) and called directly rather than
** through a pointer: every Lua->Swift call goes through it. */
int tide_dispatch(lua_State *L, void *box);

/*
** The watchdog's view of a VM, written by a timer thread and read by the hook:
** every field is accessed with atomic builtins (tide_inline.h).
*/
typedef struct tide_Watchdog {
  unsigned long long started_ns; /* when the outermost call from Swift began; 0 when none runs */
  int tripped;                   /* set by the timer: raise at the next hook */
  int seconds;                   /* the limit, for the message */
} tide_Watchdog;

/*
** Per-VM bookkeeping, shared by the main thread and every coroutine:
** lua_getextraspace holds a pointer to it, and Lua copies the extra space
** into each new thread. It is also the allocator's `ud`.
*/
typedef struct tide_State {
  void *owner;            /* the Swift LuaVM, unretained */
  lua_State *main_thread;
  lua_State *isolated;    /* the thread tide_callisolated runs, which the watchdog's timer hooks too; or NULL */
  /* memory */
  size_t used;            /* bytes currently allocated by this VM */
  size_t limit;           /* refuse growth past this; 0 = no limit */
  int enforce_limit;      /* 1 while Lua code runs; 0 in Swift frames, which must not longjmp */
  /* instruction budget */
  lua_Integer budget;     /* per protected call from Swift; 0 = unlimited */
  lua_Integer budget_left;
  int budget_tripped;     /* set when the budget ran out; stays until the next reset */
  int hook_period;
  int call_depth;         /* protected calls/resumes from Swift in progress */
  tide_Watchdog *watchdog; /* NULL when no watchdog runs; owned by the Swift LuaVM */
  /* marker payloads */
  int error_arg;
  int yield_count;
  /* registry refs of LuaBridge's own tables */
  int function_meta_ref;  /* metatable of function boxes (__gc) */
  /* Swift functions called through a slot trampoline (see tide_pushtrampoline) */
  void **fast_boxes;      /* TIDE_FAST_SLOTS boxes, NULL where unused or released; or NULL */
  int fast_used;          /* slots handed out so far: a slot is never handed out twice */
  int object_cache_ref;   /* weak-valued: object pointer -> its userdata or table */
  /* Moved on whenever Lua code may have run since Swift last looked (a Swift function is
     called from Lua; a call from Swift into Lua returns): raw fields of table-backed
     objects may then have been written. NULL when nobody asks; see tide_RawFields. */
  uint64_t *epoch;
  /* Tables tide_objectbox found a box in, and those boxes (see tide_objectbox): an
     entry is good while `frees` is what it was when it was made. Freeing is the only way a
     table's address can come to name another table, or a box's memory go (a box a script
     unhooked from its table stays until freed). */
  void *current_call;     /* the box of the Swift function running now (innermost), or NULL */
  size_t frees;           /* blocks this VM's allocator has freed */
  /* TIDE_BOX_CACHE_SLOTS entries, zeroed (fresh pages: those no entry touched cost nothing),
     owned by the Swift LuaVM. */
  struct tide_BoxCacheEntry *box_cache;
} tide_State;

struct tide_BoxCacheEntry {
  const void *table;
  const tide_Object *box;
  size_t frees;
};

/* The raw fields of a table-backed object (see rawfields.c). */
#define TIDE_RAW_MAX 10

typedef struct tide_RawFields {
  int count;
  const char *names[TIDE_RAW_MAX]; /* C strings for the VM's life: Lua's string cache knows them by address */
  uint32_t offsets[TIDE_RAW_MAX];  /* byte offsets of the doubles in the block */
  uint32_t also[TIDE_RAW_MAX];     /* a second offset a pull stores too (a uniform scale: both
                                      axes), or the field's own offset again */
  double lo[TIDE_RAW_MAX], hi[TIDE_RAW_MAX]; /* the numbers a pull takes (never NaN) */
  /* 0: the table always holds the field. Else the byte offset in the block of a flags byte
     whose bit held_bit[i] is set once the table holds it: a field a new table leaves out,
     served from the block by __index until a script first writes it, so objects that never
     write it cost nothing for it in their tables or their pulls. Such fields come after the
     others and share one flags byte, so a pull looks at one byte for all of them. */
  uint32_t held[TIDE_RAW_MAX];
  unsigned char held_bit[TIDE_RAW_MAX];
  unsigned char held_field[8]; /* for each bit of that byte, 1 + the field it stands for; 0: none */
  int keys[TIDE_RAW_MAX]; /* registry references to the names as Lua strings, for the VM's life */
  const void *strings[TIDE_RAW_MAX]; /* those strings, as lua_topointer has them */
  int direct; /* 1: list pulls read the tables' nodes themselves (luatable.h), which this VM's Lua
                 was found to lay out as they expect; 0: through the API, a field at a time */
} tide_RawFields;

/* ------------------------------------------------------------------------
** budget.c
** ---------------------------------------------------------------------- */
/* A new state allocating through `s` (see budget.c), its extra space pointing at `s`. */
lua_State *tide_newstate(tide_State *s);
/* Installs (period > 0) or removes (period == 0) the budget hook on L. */
void tide_sethook(lua_State *L, int period);
/* Spends `steps` of the budget on work the hook cannot see, from a C function Lua
** called; raises as the hook would once the budget is gone or the watchdog tripped. */
void tide_spend(lua_State *L, lua_Integer steps);
/* coroutine.create and coroutine.wrap (upvalue 1: Lua's wrap) that hook the new coroutine. */
int tide_cocreate(lua_State *L);
int tide_callisolated(lua_State *L);
int tide_cowrap(lua_State *L);

/* ------------------------------------------------------------------------
** trampolines.c
** ---------------------------------------------------------------------- */
/* Pushes a Swift function: [-1 (box userdata), +1 (closure)]. */
void tide_pushtrampoline(lua_State *L);
/* The trampoline of a Swift function that got no slot. */
int tide_trampoline(lua_State *L);

/* ------------------------------------------------------------------------
** fields.c
** ---------------------------------------------------------------------- */
/* Adds (or replaces) a field, `also` 0 for none; 0 when the map is full or the key is NULL. */
int tide_fieldmap_add(tide_FieldMap *map, const void *key, uint32_t offset, uint32_t mirror, uint32_t kind,
                      uint32_t guard, uint32_t when, uint32_t also, double lo, double hi);
/* Pushes tide_fields_index: [-2 (getter box, methods or nil), +1]. */
void tide_pushfieldsindex(lua_State *L);
/* Pushes tide_fields_newindex: [-1 (setter box), +1]. */
void tide_pushfieldsnewindex(lua_State *L);

/* ------------------------------------------------------------------------
** rawfields.c (the per-object pull and push are in tide_inline.h)
** ---------------------------------------------------------------------- */
/* Adds field `name` (a C string that lives as long as `f`) of L's VM, stored at `offset` in
** the block and at `also` too when nonzero; 0 when full, or when a field left out until written
** would come before one that is not (see tide_RawFields.held). May raise (out of memory), as a
** call from Swift that is not protected. */
int tide_rawfields_add(lua_State *L, tide_RawFields *f, const char *name, uint32_t offset, uint32_t also, double lo,
                       double hi, uint32_t held, unsigned char held_bit);
/* Pulls objects from..<to of a list: see rawfields.c. [-0, +0], no raise. */
int tide_rawfields_pull_list(lua_State *L, const int *refs, void *const *blocks, int from, int to, size_t stamp,
                             uint64_t epoch, long good, const tide_RawFields *f, int backward, long table_at);
/* Pushes raw fields of objects from..<to of a list: see rawfields.c. [-0, +0], no raise. */
int tide_rawfields_push_list(lua_State *L, const int *refs, void *const *blocks, int from, int to, unsigned mask,
                             size_t stamp, uint64_t epoch, const tide_RawFields *f, unsigned *bad);
/* Stores raw field `i` into the table at `idx` even where it lacks it: 1 when stored. No raise. */
int tide_rawfields_restore(lua_State *L, int idx, const char *block, const tide_RawFields *f, int i);

/* ------------------------------------------------------------------------
** errors.c
** ---------------------------------------------------------------------- */
/* Raises or yields as a dispatcher's marker `n` asks. */
int tide_raisemarker(lua_State *L, tide_State *s, int n);
/* The line of the first Lua frame at or above `level` of L (0: none), its chunk's short
** name copied into `name` (LUA_IDSIZE bytes). [-0, +0] */
int tide_where(lua_State *L, int level, char *name);
/* Pushes "short_src:line" of the first Lua frame at or above `level` of L1 onto L, or nil. */
void tide_pushlocation(lua_State *L, lua_State *L1, int level);
/* Pushes the value at idx as a string, as lua.c shows error objects: [-0, +1]. */
void tide_pushmessage(lua_State *L, int idx, int use_meta);
/* Message handler of every protected call from Swift. */
int tide_msghandler(lua_State *L);

/* ------------------------------------------------------------------------
** sandbox.c
** ---------------------------------------------------------------------- */
/* Pushes `load` for text chunks only, closed over the load on top: [-1, +1]. */
void tide_pushtextload(lua_State *L);
/* Puts lstrlib.c's bounded functions into the global string table: [-0, +0]. */
void tide_installstrlib(lua_State *L);

/* ------------------------------------------------------------------------
** lstrlib.c
** ---------------------------------------------------------------------- */
int tide_str_rep(lua_State *L);
int tide_str_find(lua_State *L);
int tide_str_match(lua_State *L);
int tide_str_gmatch(lua_State *L);
int tide_str_gsub(lua_State *L);

#endif
