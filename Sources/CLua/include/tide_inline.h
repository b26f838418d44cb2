#ifndef TIDE_CLUA_INLINE_H
#define TIDE_CLUA_INLINE_H

/*
** The hot path, inline: what Swift calls on every stack operation, field
** access, method call or sprite drawn, so that none of it costs a call. Lua's
** macros Swift cannot import, the VM's bookkeeping, the watchdog's atomics,
** an object's box, and the per-object copies of raw fields. Anything called
** once per VM, per list or per error belongs in a .c file instead.
*/

#include "tide.h"

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
** The watchdog: each outermost call from Swift arms and disarms it.
** ---------------------------------------------------------------------- */
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

/* ------------------------------------------------------------------------
** Boxes: checked on every method call's self, and every field access.
** ---------------------------------------------------------------------- */

/* The box of the object at `idx`: the userdata itself, or for a table-backed
** object the userdata its table holds under the VM's private key (the
** tide_State's address, a light userdata no script can make). NULL for
** anything else. Scripts cannot make full userdata (no C libraries are
** open), and every one they can reach is a tide_Object, so the magic is
** enough, as for the userdata Lua passes a metamethod. A script can move one
** object's box into another's table with rawset: that only confuses its own
** objects, since every box is a real one. */
static inline __attribute__((always_inline)) const tide_Object *tide_objectbox(lua_State *L, int idx) {
  /* Scripts touch the same sprites' fields and methods tick after tick: each table's box is
     kept in a cache by the table's address, which saves the lookup below (two thirds
     of the cost) until something is freed. The cache is asked before the value's type, one
     Lua API call fewer on the hot path: an entry names a table alive at that address (nothing
     freed since it was made), and no other value a script can hold points there. A full
     userdata's memory and any other collectable value are live objects of their own, and the
     only light userdata a script can reach (the VM's private key, the metatables' field maps,
     the trampolines' boxes) point at memory Lua never hands out as a table while they live. */
  tide_State *s = tide_state(L);
  const void *p = lua_topointer(L, idx);
  /* Fibonacci hashing: tables made one after another lie at a near-even stride, which this
     spreads over the whole cache instead of folding onto a fraction of it. */
  struct tide_BoxCacheEntry *e =
    &s->box_cache[(uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull >> (64 - TIDE_BOX_CACHE_BITS)];
  if (p != NULL && e->table == p && e->frees == s->frees) return e->box;
  const tide_Object *o = NULL;
  int type = lua_type(L, idx);
  if (type == LUA_TUSERDATA) {
    o = (const tide_Object *)p; /* lua_topointer of a full userdata is its memory */
  } else if (type == LUA_TTABLE) {
    if (lua_rawgetp(L, idx, s) == LUA_TUSERDATA) o = (const tide_Object *)lua_touserdata(L, -1);
    lua_pop(L, 1); /* the table holds the box: it outlives this pop */
    if (o == NULL || o->magic != TIDE_OBJECT_MAGIC) return NULL;
    e->table = p;
    e->box = o;
    e->frees = s->frees;
    return o;
  }
  return o != NULL && o->magic == TIDE_OBJECT_MAGIC ? o : NULL;
}

/* ------------------------------------------------------------------------
** Raw fields of one object (rawfields.c says how they are kept).
** ---------------------------------------------------------------------- */
static inline const char *tide_rawfields_name(const tide_RawFields *f, int i) { return f->names[i]; }
static inline uint32_t tide_rawfields_offset(const tide_RawFields *f, int i) { return f->offsets[i]; }
static inline uint32_t tide_rawfields_also(const tide_RawFields *f, int i) { return f->also[i]; }
static inline unsigned char tide_rawfields_heldbit(const tide_RawFields *f, int i) { return f->held_bit[i]; }

/* Pushes raw field `i`'s name, kept in the registry: the same string lua_pushstring of the
** name would find, without hashing and comparing it. [-0, +1] */
static inline void tide_rawfields_pushkey(lua_State *L, const tide_RawFields *f, int i) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->keys[i]);
}

/* Whether the table of the object whose block is `block` holds raw field `i`: always, but
** for a field a new table leaves out until a script writes it (tide_RawFields.held). */
static inline int tide_rawfields_held(const char *block, const tide_RawFields *f, int i) {
  return f->held[i] == 0 || (block[f->held[i]] & f->held_bit[i]) != 0;
}

/* Takes the number `d` as raw field `i`, as tide_rawfields_take does a value on the stack. */
static inline int tide_rawfields_keep(double d, char *block, const tide_RawFields *f, int i, long good) {
  if (!(d >= f->lo[i] && d <= f->hi[i])) return 1; /* NaN too */
  *(double *)(block + f->offsets[i]) = d;
  *(double *)(block + f->also[i]) = d; /* the offset again for most: a store, not a branch */
  if (good >= 0) *(double *)(block + good + 8 * i) = d;
  return 0;
}

/* Takes the value on top of L, of Lua type `type`, as raw field `i`: stores it
** into `block` (at its offset and its `also`, and into the confirmed copy at
** block + good + 8 * i when `good` is not negative) when it is a number within
** the field's range. Returns 1 when it was refused. The caller pops it: the
** list pulls clear a table's values at once, since each Lua API call counts
** there. [-0, +0] */
static inline int tide_rawfields_take(lua_State *L, int type, char *block, const tide_RawFields *f, int i, long good) {
  return type != LUA_TNUMBER || tide_rawfields_keep((double)lua_tonumber(L, -1), block, f, i, good);
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
    if (!tide_rawfields_held(block, f, i)) continue;
    tide_rawfields_pushkey(L, f, i);
    if (tide_rawfields_take(L, lua_rawget(L, idx), block, f, i, good)) bad |= 1u << i;
    lua_pop(L, 1);
  }
  return bad;
}

/* With raw field `k`'s key on top (popped): stores the block's value of it into the table at
** absolute index `idx` where the table holds a number the field takes. Returns 1 when the table
** holds a value the field refuses (left as it is, for the owner to report), else 0; a field the
** table lacks (a script set it to nil) stays absent. [-1, +0], no raise. */
static inline unsigned tide_rawfields_store(lua_State *L, int idx, const char *block, const tide_RawFields *f, int k) {
  lua_pushvalue(L, -1);
  int type = lua_rawget(L, idx);
  double d = type == LUA_TNUMBER ? (double)lua_tonumber(L, -1) : 0;
  if (type != LUA_TNUMBER || !(d >= f->lo[k] && d <= f->hi[k])) { /* NaN too */
    lua_pop(L, 2);
    return type != LUA_TNIL;
  }
  lua_pop(L, 1);
  lua_pushnumber(L, *(const double *)(block + f->offsets[k]));
  lua_rawset(L, idx);
  return 0;
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
  for (int i = 0; i < f->count && (mask >> i) != 0; i++) {
    if (!(mask & (1u << i)) || !tide_rawfields_held(block, f, i)) continue;
    tide_rawfields_pushkey(L, f, i);
    bad |= tide_rawfields_store(L, idx, block, f, i) << i;
  }
  return bad;
}

#endif
