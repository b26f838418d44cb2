#ifndef TIDE_CLUA_SHIM_H
#define TIDE_CLUA_SHIM_H

/*
** The C half of LuaBridge. Swift cannot import Lua's function-like macros,
** and a Lua error or yield must never longjmp through a Swift frame, so:
**  - every macro LuaBridge needs has a static inline copy here (tide_lua_*);
**  - Swift functions run behind ONE C dispatch (tide_callswift, reached from
**    the trampoline and from the C field metamethods): they return a result
**    count or a marker, and the C caller raises or yields;
**  - the instruction-budget hook and the budgeted allocator are C, so their
**    errors start and end in C and Lua frames only.
*/

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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

/* Entries of the cache of tables' boxes (tide_objectbox): a power of 2. */
#define TIDE_BOX_CACHE_SLOTS 256

/* Instructions between two calls of the count hook. */
#define TIDE_HOOK_PERIOD 1000

/* Fields of a boxed object read and written in C: see tide_fields_index. */
#define TIDE_FIELD_NUMBER   1 /* a double; writes take numbers only */
#define TIDE_FIELD_BOOLEAN  2 /* a byte holding 0 or 1; writes take booleans only */
#define TIDE_FIELD_READONLY 4 /* read in C; writes go to the Swift setter */
#define TIDE_FIELD_HALF     8 /* a number field read as half the stored value (a circle's radius) */
#define TIDE_FIELD_GUARDED 16 /* read in C only while the byte at `guard` is nonzero; else Swift */
#define TIDE_FIELD_RAW     32 /* kept raw in a table-backed object's table (see tide_RawFields) */
#define TIDE_FIELD_SLOTS   64 /* open addressing; at most half full */

typedef struct tide_Field {
  const void *key;  /* interned name, anchored by the map's user value; NULL = empty slot */
  uint32_t offset;  /* byte offset of the value in the field block */
  uint32_t mirror;  /* a write stores here too (a uniform scale); == offset for none */
  uint32_t kind;    /* TIDE_FIELD_NUMBER or _BOOLEAN, maybe | _READONLY, _HALF, _GUARDED */
  uint32_t guard;   /* with TIDE_FIELD_GUARDED: byte offset of the flag that lets C read it */
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
  void *fields; /* the object's field block (see tide_fields_index), or NULL;
                   NULL too once __gc has released the object */
  const tide_FieldMap *fieldmap; /* the fields in it; NULL when fields is */
} tide_Object;

/* The memory of a function box userdata: the retained Swift box (NULL once __gc
** released it) and the slot trampoline that calls it, or -1 (see tide_pushtrampoline). */
typedef struct tide_FunctionBox {
  void *box;
  int slot;
} tide_FunctionBox;

/* Slot trampolines per VM: a power of 8, as tide_pushtrampoline's table is built. */
#define TIDE_FAST_SLOTS 512

/* Calls the Swift closure boxed in `box`; returns n >= 0 or a TIDE_MARK_*.
** Defined in Swift (LuaBridge, @_cdecl) and called directly rather than
** through a pointer: every Lua->Swift call goes through it. */
int tide_dispatch(lua_State *L, void *box);

/*
** The watchdog's view of a VM, written by a timer thread and read by the hook:
** every field is accessed with atomic builtins.
*/
typedef struct tide_Watchdog {
  unsigned long long started_ns; /* when the outermost call from Swift began; 0 when none runs */
  int tripped;                   /* set by the timer: raise at the next hook */
  int seconds;                   /* the limit, for the message */
} tide_Watchdog;

static inline void tide_watchdog_arm(tide_Watchdog *w, unsigned long long now) {
  __atomic_store_n(&w->tripped, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&w->started_ns, now, __ATOMIC_RELEASE);
}
static inline void tide_watchdog_disarm(tide_Watchdog *w) {
  __atomic_store_n(&w->started_ns, 0ULL, __ATOMIC_RELEASE);
}
static inline unsigned long long tide_watchdog_started(tide_Watchdog *w) {
  return __atomic_load_n(&w->started_ns, __ATOMIC_ACQUIRE);
}
static inline void tide_watchdog_trip(tide_Watchdog *w) {
  __atomic_store_n(&w->tripped, 1, __ATOMIC_RELEASE);
}
static inline int tide_watchdog_tripped(tide_Watchdog *w) {
  return w != NULL && __atomic_load_n(&w->tripped, __ATOMIC_ACQUIRE);
}

/*
** Per-VM bookkeeping, shared by the main thread and every coroutine:
** lua_getextraspace holds a pointer to it, and Lua copies the extra space
** into each new thread. It is also the allocator's `ud`.
*/
typedef struct tide_State {
  void *owner;            /* the Swift LuaVM, unretained */
  lua_State *main_thread;
  /* memory */
  size_t used;            /* bytes currently allocated by this VM */
  size_t limit;           /* refuse growth past this; 0 = no limit */
  int enforce_limit;      /* 1 while Lua code runs; 0 in Swift frames, which must not longjmp */
  /* instruction budget */
  lua_Integer budget;     /* per protected call from Swift; 0 = unlimited */
  lua_Integer budget_left;
  int budget_tripped;     /* set when the hook raised; stays until the next reset */
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
  size_t frees;           /* blocks this VM's allocator has freed */
  struct tide_BoxCacheEntry {
    const void *table;
    const tide_Object *box;
    size_t frees;
  } box_cache[TIDE_BOX_CACHE_SLOTS];
} tide_State;

/* ------------------------------------------------------------------------
** Macro copies.
** ---------------------------------------------------------------------- */
static inline int tide_lua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void tide_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void tide_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void tide_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline int tide_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline void *tide_lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
static inline void tide_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline int tide_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
static inline int tide_lua_resume(lua_State *L, lua_State *from, int nargs, int *nresults) {
  return lua_resume(L, from, nargs, nresults);
}
static inline int tide_lua_gc(lua_State *L, int what, int data) { return lua_gc(L, what, data); }
static inline int tide_luaL_loadbuffer(lua_State *L, const char *s, size_t sz, const char *name,
                                       const char *mode) {
  return luaL_loadbufferx(L, s, sz, name, mode);
}

/* The tide_State of any thread of a VM made by tide_newstate. */
static inline tide_State *tide_state(lua_State *L) {
  return *(tide_State **)lua_getextraspace(L);
}

/* ------------------------------------------------------------------------
** Allocator: counts bytes and refuses growth past `limit` while Lua code
** runs (Lua then raises "not enough memory"). Frees and shrinks always
** succeed. In Swift frames (enforce_limit == 0) it lets the count overrun,
** because a refused allocation there would longjmp through Swift.
** ---------------------------------------------------------------------- */
static inline void *tide_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  tide_State *s = (tide_State *)ud;
  size_t old = ptr ? osize : 0; /* without ptr, osize is a type tag */
  if (nsize == 0) {
    free(ptr);
    s->used -= old;
    s->frees += ptr != NULL;
    return NULL;
  }
  if (nsize > old && s->enforce_limit && s->limit != 0 && s->used - old + nsize > s->limit)
    return NULL;
  void *p = realloc(ptr, nsize);
  if (p == NULL) return NULL;
  s->used = s->used - old + nsize;
  return p;
}

/* A new state using tide_alloc, its extra space pointing at `s`. */
static inline lua_State *tide_newstate(tide_State *s) {
  lua_State *L = lua_newstate(tide_alloc, s);
  if (L != NULL) {
    *(tide_State **)lua_getextraspace(L) = s;
    s->main_thread = L;
  }
  return L;
}

/* ------------------------------------------------------------------------
** Instruction budget: a count hook every `hook_period` instructions spends
** the budget of the current protected call from Swift and raises once it
** is gone. It then raises at every instruction until Swift resets the
** budget, so a script that catches the error with pcall cannot keep looping.
** ---------------------------------------------------------------------- */
static inline void tide_hook(lua_State *L, lua_Debug *ar) {
  tide_State *s = tide_state(L);
  (void)ar;
  if (tide_watchdog_tripped(s->watchdog)) {
    /* As for the budget: fail at every instruction until the call ends. */
    lua_sethook(L, tide_hook, LUA_MASKCOUNT, 1);
    luaL_where(L, 0);
    lua_pushfstring(L, "stopped by the watchdog: this call from the engine ran for over %d s (stuck?)",
                    s->watchdog->seconds);
    lua_concat(L, 2);
    lua_error(L);
  }
  if (s->budget <= 0) return;
  s->budget_left -= lua_gethookcount(L); /* instructions since the last call */
  if (s->budget_left > 0) return;
  s->budget_tripped = 1;
  /* From now on fail at every instruction, so the error also fires right
     after a script's pcall returns instead of only inside the loop it caught. */
  lua_sethook(L, tide_hook, LUA_MASKCOUNT, 1);
  luaL_where(L, 0); /* the running Lua function is level 0 inside a hook */
  lua_pushliteral(L, "instruction budget exceeded (runaway loop?)");
  lua_concat(L, 2);
  lua_error(L);
}

/* Installs (period > 0) or removes (period == 0) the budget hook on L. */
static inline void tide_sethook(lua_State *L, int period) {
  if (period > 0)
    lua_sethook(L, tide_hook, LUA_MASKCOUNT, period);
  else
    lua_sethook(L, NULL, 0, 0);
}

/* ------------------------------------------------------------------------
** The trampoline: the lua_CFunction behind every Swift function. Upvalue 1
** is a userdata holding the Swift box pointer. tide_callswift runs the box
** and turns the dispatcher's markers into lua_error / luaL_argerror /
** luaL_typeerror / lua_yield, so every longjmp starts here, after the Swift
** frames have returned. Called straight from the lua_CFunction Lua called
** (never through lua_call), errors name that function and its caller's line.
** ---------------------------------------------------------------------- */
/* luaL_argerror, but a function Lua cannot name (called through a computed field:
** `tide.sprite[kind](opts)`, which Lua calls '?') is named `fallback` (its registered name,
** or NULL): the sandbox has no package.loaded for Lua to search. */
static int tide_argerror(lua_State *L, int arg, const char *extramsg, const char *fallback) {
  lua_Debug ar;
  if (!lua_getstack(L, 0, &ar)) /* no stack frame? */
    return luaL_error(L, "bad argument #%d (%s)", arg, extramsg);
  lua_getinfo(L, "n", &ar);
  if (strcmp(ar.namewhat, "method") == 0) {
    arg--; /* do not count 'self' */
    if (arg == 0) /* error is in the self argument itself? */
      return luaL_error(L, "calling '%s' on bad self (%s)", ar.name, extramsg);
  }
  /* A field read with a key Lua cannot show (a variable) is named "?" by Lua itself. */
  int unnamed = ar.name == NULL || strcmp(ar.name, "?") == 0;
  const char *name = !unnamed ? ar.name : (fallback != NULL ? fallback : "?");
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name, extramsg);
}

/* luaL_typeerror, naming the function as tide_argerror does. */
static int tide_typeerror(lua_State *L, int arg, const char *tname, const char *fallback) {
  const char *typearg;
  if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
    typearg = lua_tostring(L, -1);
  else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA)
    typearg = "light userdata";
  else
    typearg = luaL_typename(L, arg);
  return tide_argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", tname, typearg), fallback);
}

/* Raises or yields as a dispatcher's marker asks. Out of line: it is the rare path of
** every trampoline, and 512 slot trampolines should not carry a copy each. */
static __attribute__((noinline)) int tide_raisemarker(lua_State *L, tide_State *s, int n) {
  switch (n) {
    case TIDE_MARK_YIELD:
      return lua_yield(L, s->yield_count);
    case TIDE_MARK_ARGERROR: /* the message on top, the function's name (or nil) below it */
      return tide_argerror(L, s->error_arg, lua_tostring(L, -1), lua_tostring(L, -2));
    case TIDE_MARK_TYPEERROR: /* only for present arguments: our message sits above them */
      return tide_typeerror(L, s->error_arg, lua_tostring(L, -1), lua_tostring(L, -2));
    case TIDE_MARK_RAISE:
      luaL_where(L, 1); /* position of the Lua caller */
      lua_insert(L, -2);
      lua_concat(L, 2);
      return lua_error(L);
    default: /* TIDE_MARK_ERROR */
      return lua_error(L);
  }
}

static inline int tide_callswift(lua_State *L, void *box) {
  tide_State *s = tide_state(L);
  if (s->epoch != NULL) ++*s->epoch; /* the script may have written raw fields: Swift re-reads */
  int enforce = s->enforce_limit;
  s->enforce_limit = 0; /* Swift frames: allocations must not fail */
  int n = tide_dispatch(L, box);
  s->enforce_limit = enforce;
  if (__builtin_expect(n >= 0, 1)) return n;
  return tide_raisemarker(L, s, n);
}

/* The trampoline for a Swift function that got no slot: the box is read from
** upvalue 1, a light userdata holding the box userdata's memory. */
static inline int tide_trampoline(lua_State *L) {
  return tide_callswift(L, *(void **)lua_touserdata(L, lua_upvalueindex(1)));
}

/* Slot trampolines: tide_fast_NNN (NNN in octal) calls the box in slot 0NNN of
** its VM's fast_boxes, found through the state's extra space with no Lua API
** call at all. Reading an upvalue costs a call into liblua (lua_touserdata on
** lua_upvalueindex), a third of what a Swift function adds to a bare C one. */
#define TIDE_FAST_FN(d) \
  static int tide_fast_##d(lua_State *L) { return tide_callswift(L, tide_state(L)->fast_boxes[0##d]); }
#define TIDE_FAST_8(p, X) X(p##0) X(p##1) X(p##2) X(p##3) X(p##4) X(p##5) X(p##6) X(p##7)
#define TIDE_FAST_64(p, X) TIDE_FAST_8(p##0, X) TIDE_FAST_8(p##1, X) TIDE_FAST_8(p##2, X) \
  TIDE_FAST_8(p##3, X) TIDE_FAST_8(p##4, X) TIDE_FAST_8(p##5, X) TIDE_FAST_8(p##6, X) TIDE_FAST_8(p##7, X)
#define TIDE_FAST_512(X) TIDE_FAST_64(0, X) TIDE_FAST_64(1, X) TIDE_FAST_64(2, X) TIDE_FAST_64(3, X) \
  TIDE_FAST_64(4, X) TIDE_FAST_64(5, X) TIDE_FAST_64(6, X) TIDE_FAST_64(7, X)
TIDE_FAST_512(TIDE_FAST_FN)
#define TIDE_FAST_ENTRY(d) tide_fast_##d,

/* Pushes a Swift function: [-1 (box userdata), +1 (closure)]. While the VM has
** slots left, the closure is a slot trampoline whose one upvalue is the box
** userdata, which keeps the box alive for as long as the closure can be called
** (finalizers included); the box's __gc empties the slot, which tide_dispatch
** turns into an error, and a slot is never reused, so a closure called late
** can never reach another function. The engine's API is pushed when its VM
** starts, so it is what gets slots. After that, the closure is tide_trampoline
** with upvalue 1 the box's memory as a light userdata and upvalue 2 the box. */
static inline void tide_pushtrampoline(lua_State *L) {
  static const lua_CFunction fast[TIDE_FAST_SLOTS] = { TIDE_FAST_512(TIDE_FAST_ENTRY) };
  tide_State *s = tide_state(L);
  tide_FunctionBox *box = (tide_FunctionBox *)lua_touserdata(L, -1);
  if (s->fast_boxes != NULL && s->fast_used < TIDE_FAST_SLOTS) {
    int slot = s->fast_used++;
    s->fast_boxes[slot] = box->box;
    box->slot = slot;
    lua_pushcclosure(L, fast[slot], 1);
    return;
  }
  lua_pushlightuserdata(L, box);
  lua_insert(L, -2);
  lua_pushcclosure(L, tide_trampoline, 2);
}

/* Benchmark floor: an __index that answers every key with 1.0, as cheaply as C can. */
static inline int tide_bench_index(lua_State *L) {
  lua_pushnumber(L, 1.0);  /* the "field" */
  return 1;
}

/* Benchmark floor with state: a userdata of two doubles, x then y, read and written by the
** cheapest C metamethods that still tell the keys apart (first letter only), so a loop over
** them takes the same branches as over tables. */
static inline int tide_bench_xy_index(lua_State *L) {
  const double *xy = (const double *)lua_touserdata(L, 1);
  const char *k = lua_tostring(L, 2);
  lua_pushnumber(L, xy[k[0] == 'y']);
  return 1;
}

static inline int tide_bench_xy_newindex(lua_State *L) {
  double *xy = (double *)lua_touserdata(L, 1);
  const char *k = lua_tostring(L, 2);
  xy[k[0] == 'y'] = lua_tonumber(L, 3);
  return 0;
}

/* A C function that does nothing: the baseline of `tide bench call`. */
static inline int tide_noop_cfunction(lua_State *L) {
  (void)L;
  return 0;
}

/* ------------------------------------------------------------------------
** Errors seen from Swift.
** ---------------------------------------------------------------------- */

/* The line of the first Lua frame at or above `level` of L (0: none), with
** its chunk's short name copied into `name` (LUA_IDSIZE bytes). [-0, +0] */
static inline int tide_where(lua_State *L, int level, char *name) {
  lua_Debug ar;
  while (lua_getstack(L, level++, &ar)) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) {
      memcpy(name, ar.short_src, LUA_IDSIZE);
      return ar.currentline;
    }
  }
  return 0;
}

/* Pushes "short_src:line" of the first Lua frame at or above `level` of L1
** onto L, or nil when there is none: [-0, +1]. */
static inline void tide_pushlocation(lua_State *L, lua_State *L1, int level) {
  char name[LUA_IDSIZE];
  int line = tide_where(L1, level, name);
  if (line > 0)
    lua_pushfstring(L, "%s:%d", name, line);
  else
    lua_pushnil(L);
}

/* Pushes a copy of the value at idx as a string, the way lua.c shows error
** objects: [-0, +1]. With use_meta, tries __tostring first; that runs Lua
** code which may raise, so Swift passes 0. */
static inline void tide_pushmessage(lua_State *L, int idx, int use_meta) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER) {
    lua_pushvalue(L, idx);
    lua_tostring(L, -1); /* converts the copy, never the original */
    return;
  }
  if (use_meta && luaL_callmeta(L, idx, "__tostring")) {
    if (lua_type(L, -1) == LUA_TSTRING) return;
    lua_pop(L, 1); /* __tostring gave a non-string */
  }
  lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
}

/*
** Message handler of every protected call from Swift. Replaces the error
** value with { message, location or nil, traceback } while the failing
** stack is still there. Runs outside the memory cap so that an error near
** the cap still gets its traceback.
*/
static inline int tide_msghandler(lua_State *L) {
  tide_State *s = tide_state(L);
  s->enforce_limit = 0; /* the caller (Swift) restores it */
  lua_createtable(L, 3, 0);
  tide_pushmessage(L, 1, 1);
  lua_rawseti(L, -2, 1);
  tide_pushlocation(L, L, 1);
  lua_rawseti(L, -2, 2);
  luaL_traceback(L, L, NULL, 1);
  lua_rawseti(L, -2, 3);
  return 1;
}

/* ------------------------------------------------------------------------
** Metatables.
** ---------------------------------------------------------------------- */


/* ------------------------------------------------------------------------
** Fields read and written in C. A boxed object may carry the address of a
** block of plain fields (tide_Object.fields) and the map of the fields in
** it (tide_Object.fieldmap, which lives as long as the VM: the registry
** anchors every map); its metatable's __index and __newindex are then
** tide_fields_index / tide_fields_newindex, which serve the fields named in
** the map straight from the block, and hand
** every other key, and every write they will not do, to the object's Swift
** getter or setter in the same C frame (so its errors read exactly as if it
** were the metamethod itself). Keys match by the identity of Lua's interned
** short strings: lua_topointer of `s.x`'s key is the TString of "x". A
** guarded field is read in C only while its flag byte in the block is set (a
** sprite's `radius` is half its width only for circles); otherwise, and for
** every write of a read-only field, Swift serves it.
** ---------------------------------------------------------------------- */
/* Interned strings are heap objects aligned to 16: skip the always-zero bits. */
static inline unsigned tide_fieldslot(const void *key) {
  return (unsigned)((uintptr_t)key >> 4) & (TIDE_FIELD_SLOTS - 1);
}

/* The field named by the interned string `key`, or NULL. */
static inline const tide_Field *tide_findfield(const tide_FieldMap *map, const void *key) {
  if (key == NULL) return NULL; /* not a collectable value: never a name */
  for (unsigned slot = tide_fieldslot(key);; slot = (slot + 1) & (TIDE_FIELD_SLOTS - 1)) {
    const tide_Field *f = &map->slots[slot];
    if (f->key == key) return f;
    if (f->key == NULL) return NULL;
  }
}

/* Adds (or replaces) a field; 0 when the map is full or the key is NULL. */
static inline int tide_fieldmap_add(tide_FieldMap *map, const void *key, uint32_t offset,
                                    uint32_t mirror, uint32_t kind, uint32_t guard, double lo,
                                    double hi) {
  if (key == NULL) return 0;
  unsigned slot = tide_fieldslot(key);
  while (map->slots[slot].key != NULL && map->slots[slot].key != key)
    slot = (slot + 1) & (TIDE_FIELD_SLOTS - 1);
  if (map->slots[slot].key == NULL) {
    if (map->count >= TIDE_FIELD_SLOTS / 2) return 0;
    map->count++;
  }
  map->slots[slot] = (tide_Field){ key, offset, mirror, kind, guard, lo, hi };
  return 1;
}

/* The box of the object at `idx`: the userdata itself, or for a table-backed
** object the userdata its table holds under the VM's private key (the
** tide_State's address, a light userdata no script can make). NULL for
** anything else. Scripts cannot make full userdata (no C libraries are
** open), and every one they can reach is a tide_Object, so the magic is
** enough, as for the userdata Lua passes a metamethod. A script can move one
** object's box into another's table with rawset: that only confuses its own
** objects, since every box is a real one. */
static inline const tide_Object *tide_objectbox(lua_State *L, int idx) {
  const tide_Object *o = NULL;
  int type = lua_type(L, idx);
  if (type == LUA_TUSERDATA) {
    o = (const tide_Object *)lua_touserdata(L, idx);
  } else if (type == LUA_TTABLE) {
    /* Scripts touch the same sprites' fields and methods tick after tick: each table's box is
       kept in a small cache by the table's address, which saves the lookup below (two thirds
       of the cost) until something is freed. */
    tide_State *s = tide_state(L);
    const void *table = lua_topointer(L, idx);
    struct tide_BoxCacheEntry *e = &s->box_cache[((uintptr_t)table >> 6) & (TIDE_BOX_CACHE_SLOTS - 1)];
    if (e->table == table && e->frees == s->frees) return e->box;
    if (lua_rawgetp(L, idx, s) == LUA_TUSERDATA) o = (const tide_Object *)lua_touserdata(L, -1);
    lua_pop(L, 1); /* the table holds the box: it outlives this pop */
    if (o == NULL || o->magic != TIDE_OBJECT_MAGIC) return NULL;
    e->table = table;
    e->box = o;
    e->frees = s->frees;
    return o;
  }
  return o != NULL && o->magic == TIDE_OBJECT_MAGIC ? o : NULL;
}

/* The object at index 1 (Lua passes the object first to __index and
** __newindex) when it has a field block, or NULL. Each Lua API call here
** costs a few ns, a third of the whole access: hence no upvalue lookups. */
static inline const tide_Object *tide_fieldobject(lua_State *L) {
  const tide_Object *o = tide_objectbox(L, 1);
  if (o == NULL || o->fields == NULL) return NULL;
  /* The block is the object's own allocation, rarely in cache when a script walks
     thousands of sprites: start loading it now, so the miss overlaps the key's lookup
     instead of following it (x and y, the hottest fields, open the block). */
  __builtin_prefetch(o->fields);
  return o;
}

/*
** __index: upvalue 1 is the Swift getter's box (as for tide_trampoline),
** upvalue 2 a methods table or nil. A field in the object's map is read from
** its block; else a method; else the getter.
*/
static inline int tide_fields_index(lua_State *L) {
  const tide_Object *o = tide_fieldobject(L);
  if (o != NULL) {
    const tide_Field *f = tide_findfield(o->fieldmap, lua_topointer(L, 2));
    const char *block = (const char *)o->fields;
    if (f != NULL && (!(f->kind & TIDE_FIELD_GUARDED) || block[f->guard] != 0)) {
      if (f->kind & TIDE_FIELD_NUMBER) {
        double d = *(const double *)(block + f->offset);
        /* Times 0.5 is exactly the getter's division by 2, to the last bit. */
        lua_pushnumber(L, (f->kind & TIDE_FIELD_HALF) ? d * 0.5 : d);
      } else
        lua_pushboolean(L, *(const unsigned char *)(block + f->offset));
      return 1;
    }
  }
  if (lua_type(L, lua_upvalueindex(2)) == LUA_TTABLE) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1; /* a method */
    lua_pop(L, 1);
  }
  return tide_callswift(L, *(void **)lua_touserdata(L, lua_upvalueindex(1)));
}

/*
** __newindex: upvalue 1 is the Swift setter's box. A number within the
** field's range into a number field, or a boolean into a boolean field, is
** stored in the block; anything else (other keys, read-only fields, wrong
** types, numbers out of range or NaN, which the setter turns into the usual
** errors) goes to the setter, so C and Swift enforce the same ranges.
*/
static inline int tide_fields_newindex(lua_State *L) {
  const tide_Object *o = tide_fieldobject(L);
  if (o != NULL) {
    const tide_Field *f = tide_findfield(o->fieldmap, lua_topointer(L, 2));
    char *block = (char *)o->fields;
    if (f != NULL && !(f->kind & TIDE_FIELD_READONLY)) {
      int type = lua_type(L, 3);
      if ((f->kind & TIDE_FIELD_NUMBER) && type == LUA_TNUMBER) {
        double d = (double)lua_tonumber(L, 3);
        if (d >= f->lo && d <= f->hi) { /* false for NaN */
          *(double *)(block + f->offset) = d;
          *(double *)(block + f->mirror) = d;
          /* A raw field reaches here only while its table lacks it (a script set it to
             nil): put it back, so the next writes are plain table writes again. This is a
             call from Lua, where an allocation that fails may raise. */
          if ((f->kind & TIDE_FIELD_RAW) && lua_type(L, 1) == LUA_TTABLE) {
            lua_settop(L, 3);
            lua_rawset(L, 1);
          }
          return 0;
        }
      }
      if ((f->kind & TIDE_FIELD_BOOLEAN) && type == LUA_TBOOLEAN) {
        unsigned char b = (unsigned char)lua_toboolean(L, 3);
        *(unsigned char *)(block + f->offset) = b;
        *(unsigned char *)(block + f->mirror) = b;
        return 0;
      }
    }
  }
  return tide_callswift(L, *(void **)lua_touserdata(L, lua_upvalueindex(1)));
}

/* ------------------------------------------------------------------------
** Table-backed objects. An object whose metatable names raw fields is pushed
** as a table, not a userdata: those fields are plain fields of the table,
** which Lua reads and writes as fast as any table's (`b.x = b.x + vx` over
** thousands of sprites a tick), and every other key misses them and reaches
** the metatable's __index/__newindex as a userdata's would. The engine sees
** a raw write only when it looks: Swift copies the raw fields into the block
** (tide_rawfields_pull) when they may have changed since it last did
** (tide_State.epoch), and copies its own writes back (tide_rawfields_push).
** The tables are found by the object's owner (a registry reference, or the
** object cache) and passed by stack index.
** None of these raises: pull and push use raw gets and sets on keys the table
** holds, which allocate nothing (a key a script set to nil is left for
** __newindex), and restore, which may allocate, sets in a protected call.
** ---------------------------------------------------------------------- */
#define TIDE_RAW_MAX 4

typedef struct tide_RawFields {
  int count;
  const char *names[TIDE_RAW_MAX]; /* C strings for the VM's life: Lua's string cache knows them by address */
  uint32_t offsets[TIDE_RAW_MAX];  /* byte offsets of the doubles in the block */
  double lo[TIDE_RAW_MAX], hi[TIDE_RAW_MAX]; /* the numbers a pull takes (never NaN) */
} tide_RawFields;

/* Adds field `name` (a C string that lives as long as `f`); 0 when full. */
static inline int tide_rawfields_add(tide_RawFields *f, const char *name, uint32_t offset, double lo, double hi) {
  if (f->count >= TIDE_RAW_MAX) return 0;
  f->names[f->count] = name;
  f->offsets[f->count] = offset;
  f->lo[f->count] = lo;
  f->hi[f->count] = hi;
  f->count++;
  return 1;
}
static inline const char *tide_rawfields_name(const tide_RawFields *f, int i) { return f->names[i]; }
static inline uint32_t tide_rawfields_offset(const tide_RawFields *f, int i) { return f->offsets[i]; }

/* Takes the value on top of L, of Lua type `type`, as raw field `i`: stores it
** into `block` (and into the confirmed copy at block + good + 8 * i when `good`
** is not negative) when it is a number within the field's range. Returns 1 when
** it was refused. The caller pops it: the list pulls clear a table's values at
** once, since each Lua API call counts there. [-0, +0] */
static inline int tide_rawfields_take(lua_State *L, int type, char *block, const tide_RawFields *f, int i, long good) {
  if (type != LUA_TNUMBER) return 1;
  double d = (double)lua_tonumber(L, -1);
  if (!(d >= f->lo[i] && d <= f->hi[i])) return 1; /* NaN too */
  *(double *)(block + f->offsets[i]) = d;
  if (good >= 0) *(double *)(block + good + 8 * i) = d;
  return 0;
}

/* Copies each raw field of the table at `idx` that holds a number within its
** range into `block`, and into block + good + 8 * i as well when `good` is not
** negative (the values the owner last confirmed). Returns a mask of those that
** did not (bit i for field i; every bit when `idx` holds no table).
** [-0, +0], no raise. */
static inline unsigned tide_rawfields_pull(lua_State *L, int idx, char *block, const tide_RawFields *f, long good) {
  unsigned bad = 0;
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 2)) return (1u << f->count) - 1;
  idx = lua_absindex(L, idx);
  for (int i = 0; i < f->count; i++) {
    lua_pushstring(L, f->names[i]);
    if (tide_rawfields_take(L, lua_rawget(L, idx), block, f, i, good)) bad |= 1u << i;
    lua_pop(L, 1);
  }
  return bad;
}

/* Pulls objects from..<to of a list: for each i whose block (blocks[i]) is not
** stamped `epoch` (a uint64_t at `stamp` in it), copies the raw fields of the
** table registry[refs[i]] in as tide_rawfields_pull does (`good` as there) and
** stamps it. Returns the first i whose table held a value its field refuses
** (its good values copied, its stamp left), or `to` when none did. One C loop
** with the keys pushed once: what drawing a frame of thousands of sprites, a
** hit test and the end of every tick take. [-0, +0], no raise. */
static inline int tide_rawfields_pull_list(lua_State *L, const int *refs, void *const *blocks, int from, int to,
                                           size_t stamp, uint64_t epoch, long good, const tide_RawFields *f) {
  int n = f->count;
  if (from >= to || !lua_checkstack(L, 2 * n + 2)) return to;
  int keys = lua_gettop(L) + 1;
  for (int k = 0; k < n; k++) lua_pushstring(L, f->names[k]);
  int top = keys + n - 1, i = from;
  for (; i < to; i++) {
    char *block = (char *)blocks[i];
    uint64_t *stamped = (uint64_t *)(block + stamp);
    if (*stamped == epoch) continue;
    /* The table, then each field above it: one settop clears them all. */
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, refs[i]) != LUA_TTABLE) { /* never: the list holds tables */
      lua_settop(L, top);
      *stamped = epoch;
      continue;
    }
    int bad = 0;
    for (int k = 0; k < n; k++) {
      lua_pushvalue(L, keys + k);
      bad |= tide_rawfields_take(L, lua_rawget(L, top + 1), block, f, k, good);
    }
    lua_settop(L, top);
    if (bad) break;
    *stamped = epoch;
  }
  lua_settop(L, keys - 1);
  return i;
}

/* Stores the block's values of the raw fields in `mask` into the table at
** `idx`, each where the table holds a number there. A field a script set to
** nil stays absent (__index serves it from the block, __newindex puts it
** back); one holding anything else is left as it is and its bit returned, for
** the owner to report before it overwrites it. [-0, +0], no raise: a raw set
** of a number on a key the table holds allocates nothing. */
static inline unsigned tide_rawfields_push(lua_State *L, int idx, const char *block, const tide_RawFields *f,
                                           unsigned mask) {
  unsigned bad = 0;
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 3)) return 0;
  idx = lua_absindex(L, idx);
  for (int i = 0; i < f->count; i++) {
    if (!(mask & (1u << i))) continue;
    lua_pushstring(L, f->names[i]);
    lua_pushvalue(L, -1);
    int type = lua_rawget(L, idx);
    double d = type == LUA_TNUMBER ? (double)lua_tonumber(L, -1) : 0;
    if (type != LUA_TNUMBER || !(d >= f->lo[i] && d <= f->hi[i])) { /* NaN too */
      if (type != LUA_TNIL) bad |= 1u << i;
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    lua_pushnumber(L, *(const double *)(block + f->offsets[i]));
    lua_rawset(L, idx);
  }
  return bad;
}

/* Protected body of tide_rawfields_restore: table, key, value -> table[key] = value. */
static inline int tide_rawset_k(lua_State *L) {
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

/* Stores the block's value of raw field `i` into the table at `idx` even
** where the table lacks it (a script set it to nil), which may allocate: so
** in a protected call. Returns 1 when stored. [-0, +0], no raise. */
static inline int tide_rawfields_restore(lua_State *L, int idx, const char *block, const tide_RawFields *f, int i) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 5)) return 0;
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, tide_rawset_k);
  lua_pushvalue(L, idx);
  lua_pushstring(L, f->names[i]);
  lua_pushnumber(L, *(const double *)(block + f->offsets[i]));
  if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
    lua_pop(L, 1); /* the error */
    return 0;
  }
  return 1;
}

/* Pushes tide_fields_index: [-2 (getter box, methods or nil), +1]. */
static inline void tide_pushfieldsindex(lua_State *L) {
  lua_pushcclosure(L, tide_fields_index, 2);
}

/* Pushes tide_fields_newindex: [-1 (setter box), +1]. */
static inline void tide_pushfieldsnewindex(lua_State *L) {
  lua_pushcclosure(L, tide_fields_newindex, 1);
}

/* ------------------------------------------------------------------------
** Sandbox.
** ---------------------------------------------------------------------- */

/*
** `load` for sandboxes: upvalue 1 is the base library's load, called with
** mode forced to "t" (binary chunks can crash the VM). Arguments are checked
** here first so that errors name 'load' at the script's call site.
*/
static inline int tide_textload(lua_State *L) {
  if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER)
    luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_optstring(L, 2, NULL);
  if (lua_gettop(L) < 3) lua_settop(L, 3); /* env (4) stays absent when absent */
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* Pushes tide_textload closed over the load on top: [-1, +1]. */
static inline void tide_pushtextload(lua_State *L) {
  lua_pushcclosure(L, tide_textload, 1);
}

/*
** string.rep for sandboxes: Lua 5.4.4's str_rep, but an empty piece and an
** empty separator give "" at once. 5.4.4 copies the empty piece n times, so
** string.rep("", 1e15) spins in C for days where no hook sees it (Lua 5.4.5
** has the same fix). Same arguments, results and messages as the original.
*/
static inline int tide_str_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  const size_t maxsize = (sizeof(size_t) < sizeof(lua_Integer) ? (size_t)~(size_t)0 : (size_t)LUA_MAXINTEGER);
  if (n <= 0 || l + lsep == 0)
    lua_pushliteral(L, "");
  else if (l + lsep < l || l + lsep > maxsize / (size_t)n)
    return luaL_error(L, "resulting string too large");
  else {
    size_t totallen = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, totallen);
    while (n-- > 1) { /* first n-1 copies, each followed by the separator */
      memcpy(p, s, l);
      p += l;
      if (lsep > 0) {
        memcpy(p, sep, lsep);
        p += lsep;
      }
    }
    memcpy(p, s, l); /* the last copy, with no separator */
    luaL_pushresultsize(&b, totallen);
  }
  return 1;
}

/* Replaces string.rep with tide_str_rep: [-0, +0]. */
static inline void tide_installstrrep(lua_State *L) {
  lua_getglobal(L, "string");
  lua_pushcfunction(L, tide_str_rep);
  lua_setfield(L, -2, "rep");
  lua_pop(L, 1);
}

#endif
