/*
** Table-backed objects. An object whose metatable names raw fields is pushed
** as a table, not a userdata: those fields are plain fields of the table,
** which Lua reads and writes as fast as any table's (`b.x = b.x + vx` over
** thousands of sprites a tick), and every other key misses them and reaches
** the metatable's __index/__newindex as a userdata's would. A raw field may
** also be left out of new tables (tide_RawFields.held): __index serves it from
** the block until a script first writes it, when __newindex puts it in the
** table and raises the block's flag for it; pulls and list pushes skip it
** until then. The engine sees
** a raw write only when it looks: Swift copies the raw fields into the block
** (tide_rawfields_pull) when they may have changed since it last did
** (tide_State.epoch), and copies its own writes back (tide_rawfields_push).
** The tables are found by the object's owner (a registry reference, or the
** object cache) and passed by stack index; a list pull whose owner keeps each
** table's address reads the tables in place instead (luatable.h), with no
** Lua API call per object or per field.
** None of these raises: pull and push use raw gets and sets on keys the table
** holds, which allocate nothing (a key a script set to nil is left for
** __newindex), and restore, which may allocate, sets in a protected call.
** The per-object pull and push are in tide_inline.h: Swift calls them per
** sprite. Here are the calls made once per list, per metatable or per error.
*/

#include <stdio.h>

#include "luatable.h"
#include "tide_inline.h"

/* Whether luatable.h reads L's tables as lua_rawget does: a table grown key by key (so rehashed
** several times, its keys chained), with integers, floats and other values, a key set to nil,
** and a key it never held. May raise (out of memory), as tide_rawfields_add. */
static int tide_luatable_agrees(lua_State *L) {
#ifdef TIDE_LUATABLE
  enum { keys = 40 };
  int base = lua_gettop(L);
  luaL_checkstack(L, keys + 4, NULL);
  lua_createtable(L, 0, 0);
  int t = base + 1, ok = 1;
  char name[16];
  for (int i = 0; i < keys; i++) {
    snprintf(name, sizeof name, "k%d", i);
    lua_pushstring(L, name); /* stays at t + 1 + i: each key is looked up again as the table grows */
    lua_pushvalue(L, -1);
    if (i % 3 == 0) lua_pushinteger(L, i);
    else if (i % 3 == 1) lua_pushnumber(L, i + 0.5);
    else lua_pushboolean(L, 1);
    lua_rawset(L, t);
  }
  lua_pushstring(L, "k7");
  lua_pushnil(L);
  lua_rawset(L, t);
  lua_pushstring(L, "never held");
  for (int i = 0; i <= keys && ok; i++) {
    int key = t + 1 + i;
    const tide_LuaShortString *s = (const tide_LuaShortString *)lua_topointer(L, key);
    if (s == NULL || s->tt != LUA_TSTRING) { /* a short string's tag: no variant bits */
      ok = 0;
      break;
    }
    double got = 0;
    int found = tide_luatable_number(tide_luatable_find((const tide_LuaTable *)lua_topointer(L, t), s), &got);
    lua_pushvalue(L, key);
    int type = lua_rawget(L, t);
    ok = type == LUA_TNUMBER ? found && got == (double)lua_tonumber(L, -1) : !found;
    lua_pop(L, 1);
  }
  lua_settop(L, base);
  return ok;
#else
  (void)L;
  return 0;
#endif
}

int tide_rawfields_add(lua_State *L, tide_RawFields *f, const char *name, uint32_t offset, uint32_t also, double lo,
                       double hi, uint32_t held, unsigned char held_bit) {
  if (f->count >= TIDE_RAW_MAX) return 0;
  /* Fields left out until written come last and share one flags byte (tide_RawFields.held). */
  if (f->count > 0 && f->held[f->count - 1] != 0 && (held == 0 || held != f->held[f->count - 1])) return 0;
  if (held != 0 && (held_bit == 0 || (held_bit & (held_bit - 1)) != 0)) return 0;
  if (held != 0) f->held_field[__builtin_ctz(held_bit)] = (unsigned char)(f->count + 1);
  f->held[f->count] = held;
  f->held_bit[f->count] = held_bit;
  if (f->count == 0) f->direct = tide_luatable_agrees(L);
  /* The loops push the name from the registry: no hashing and comparing it each time. */
  lua_pushstring(L, name);
  f->strings[f->count] = lua_topointer(L, -1);
#ifdef TIDE_LUATABLE
  /* Read in place only by a short string's pointer: one longer is not interned. */
  if (((const tide_LuaShortString *)f->strings[f->count])->tt != LUA_TSTRING) f->direct = 0;
#endif
  f->keys[f->count] = luaL_ref(L, LUA_REGISTRYINDEX);
  f->names[f->count] = name;
  f->offsets[f->count] = offset;
  f->also[f->count] = also != 0 ? also : offset;
  f->lo[f->count] = lo;
  f->hi[f->count] = hi;
  f->count++;
  return 1;
}

/* Takes the fields of a list's pull that the table at top + 1 holds once written (`holds`,
** its flags byte; their keys at keys + k), for tide_rawfields_pull_list. Returns 1 when one
** held a value its field refuses. One step per field held, found by its bit: a sprite that
** spins holds rotation alone, and one that grows its size alone. A call apart from the list's
** loop, which most sprites, holding none of them, never make: inline, it cost that loop
** registers, and the x/y row of `tide bench sprites` its speed. */
static __attribute__((noinline)) int tide_rawfields_pull_held(lua_State *L, char *block, const tide_RawFields *f,
                                                              unsigned holds, int keys, int top, long good,
                                                              unsigned *pushed) {
  int bad = 0;
  for (; holds != 0; holds &= holds - 1) {
    int k = f->held_field[__builtin_ctz(holds)] - 1;
    if (k < 0) continue; /* a bit no field stands for: never raised */
    /* The list's pull put nil in these keys' places (`pushed` says which it has replaced): most
       pulls, a few sprites at the end of a tick, meet no sprite holding one. */
    if (!(*pushed & (1u << k))) {
      tide_rawfields_pushkey(L, f, k);
      lua_replace(L, keys + k);
      *pushed |= 1u << k;
    }
    lua_pushvalue(L, keys + k);
    bad |= tide_rawfields_take(L, lua_rawget(L, top + 1), block, f, k, good);
  }
  return bad;
}

/* How many of the fields every table holds come first (the rest are held once written, see
** tide_RawFields.held), and in *flags the offset of the flags byte that says which of those a
** table holds (0: there are none). */
static inline int tide_rawfields_always(const tide_RawFields *f, size_t *flags) {
  int n = f->count, always = 0;
  while (always < n && f->held[always] == 0) always++;
  *flags = always < n ? f->held[always] : 0;
  return always;
}

#ifdef TIDE_LUATABLE
/* Takes raw field `k` of table `t` (read in place: luatable.h) as tide_rawfields_take does. */
static inline int tide_rawfields_read(const tide_LuaTable *t, char *block, const tide_RawFields *f, int k, long good) {
  double d;
  if (!tide_luatable_number(tide_luatable_find(t, (const tide_LuaShortString *)f->strings[k]), &d)) return 1;
  return tide_rawfields_keep(d, block, f, k, good);
}

/* tide_rawfields_pull_list reading each table in place, its address at `table_at` in the
** block: no Lua API call at all. */
static int tide_rawfields_read_list(void *const *blocks, int from, int to, size_t stamp, uint64_t epoch, long good,
                                    const tide_RawFields *f, int backward, long table_at) {
  int done = backward ? from - 1 : to, step = backward ? -1 : 1;
  size_t flags;
  int always = tide_rawfields_always(f, &flags);
  int i = backward ? to - 1 : from;
  for (; i != done; i += step) {
    char *block = (char *)blocks[i];
    uint64_t *stamped = (uint64_t *)(block + stamp);
    if (*stamped == epoch) continue;
    const tide_LuaTable *t = *(const tide_LuaTable *const *)(block + table_at);
    int bad = 0;
    if (t != NULL) { /* never NULL: the list holds tables */
      for (int k = 0; k < always; k++) bad |= tide_rawfields_read(t, block, f, k, good);
      if (flags != 0)
        for (unsigned holds = (unsigned char)block[flags]; holds != 0; holds &= holds - 1) {
          int k = f->held_field[__builtin_ctz(holds)] - 1;
          if (k >= 0) bad |= tide_rawfields_read(t, block, f, k, good);
        }
    }
    if (bad) break;
    *stamped = epoch;
  }
  return i;
}
#endif

/* Pulls objects from..<to of a list: for each i whose block (blocks[i]) is not
** stamped `epoch` (a uint64_t at `stamp` in it), copies the raw fields of the
** table registry[refs[i]] in as tide_rawfields_pull does (`good` as there) and
** stamps it. Returns the first i whose table held a value its field refuses
** (its good values copied, its stamp left), or `to` when none did. With
** `backward`, takes them from to - 1 down, returns the first such i met that
** way, or from - 1 when none. One C loop with the keys pushed once: what
** drawing a frame of thousands of sprites, a hit test and the end of every
** tick take. With `table_at` not negative, each block keeps its table's
** address there (lua_topointer), and the tables are read in place where this
** VM's Lua lays them out as luatable.h expects. [-0, +0], no raise. */
int tide_rawfields_pull_list(lua_State *L, const int *refs, void *const *blocks, int from, int to, size_t stamp,
                             uint64_t epoch, long good, const tide_RawFields *f, int backward, long table_at) {
#ifdef TIDE_LUATABLE
  if (f->direct && table_at >= 0)
    return tide_rawfields_read_list(blocks, from, to, stamp, epoch, good, f, backward, table_at);
#endif
  int n = f->count;
  int done = backward ? from - 1 : to, step = backward ? -1 : 1;
  if (from >= to || !lua_checkstack(L, 2 * n + 2)) return done;
  /* The fields every table holds, then those a table holds once written (tide_RawFields.held):
     most sprites hold none of those, which one look at their flags byte tells. */
  size_t flags;
  int always = tide_rawfields_always(f, &flags);
  int keys = lua_gettop(L) + 1;
  for (int k = 0; k < n; k++) {
    if (k < always) tide_rawfields_pushkey(L, f, k);
    else lua_pushnil(L); /* pushed when a table first holds it (tide_rawfields_pull_held) */
  }
  int top = keys + n - 1, i = backward ? to - 1 : from;
  unsigned pushed = 0;
  for (; i != done; i += step) {
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
    for (int k = 0; k < always; k++) {
      lua_pushvalue(L, keys + k);
      bad |= tide_rawfields_take(L, lua_rawget(L, top + 1), block, f, k, good);
    }
    if (flags != 0 && block[flags] != 0)
      bad |= tide_rawfields_pull_held(L, block, f, (unsigned char)block[flags], keys, top, good, &pushed);
    lua_settop(L, top);
    if (bad) break;
    *stamped = epoch;
  }
  lua_settop(L, keys - 1);
  return i;
}

/* Pushes the fields in `mask` of objects from..<to of a list into their tables
** (registry[refs[i]]) as tide_rawfields_push does each, with the keys pushed
** once: what a physics step that moved a thousand sprites takes. Returns the
** first i whose table held a value its field refuses, with those fields in
** *bad (its good fields stored, the rest left for the owner to report and put
** right), or `to` when none did. A block stamped `epoch` (a uint64_t at
** `stamp` in it) is one whose table held good values, every one, when the
** owner last confirmed it, and no Lua has run since: its table holds them
** still, so it is written without looking first. Each table stays on the
** stack until a few dozen are, and goes with them in one lua_settop, one of
** the dearer calls of the loop. [-0, +0], no raise: a raw set of a number on a
** key the table holds allocates nothing. */
#define TIDE_PUSH_HELD 32
int tide_rawfields_push_list(lua_State *L, const int *refs, void *const *blocks, int from, int to, unsigned mask,
                             size_t stamp, uint64_t epoch, const tide_RawFields *f, unsigned *bad) {
  int n = f->count;
  *bad = 0;
  if (from >= to || !lua_checkstack(L, n + TIDE_PUSH_HELD + 4)) return to;
  int keys = lua_gettop(L) + 1;
  for (int k = 0; k < n; k++) {
    if (mask & (1u << k)) tide_rawfields_pushkey(L, f, k);
    else lua_pushnil(L); /* never read: the loop takes the fields in `mask` alone */
  }
  int base = keys + n - 1, held = 0, i = from;
  for (; i < to; i++) {
    if (held == TIDE_PUSH_HELD) {
      lua_settop(L, base);
      held = 0;
    }
    const char *block = (const char *)blocks[i];
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, refs[i]) != LUA_TTABLE) { /* never: the list holds tables */
      lua_settop(L, base);
      held = 0;
      continue;
    }
    int table = base + ++held;
    unsigned refused = 0;
    if (*(const uint64_t *)(block + stamp) == epoch) {
      for (int k = 0; k < n; k++) {
        if (!(mask & (1u << k)) || !tide_rawfields_held(block, f, k)) continue;
        lua_pushvalue(L, keys + k);
        lua_pushnumber(L, *(const double *)(block + f->offsets[k]));
        lua_rawset(L, table);
      }
    } else {
      for (int k = 0; k < n; k++) {
        if (!(mask & (1u << k))) continue;
        lua_pushvalue(L, keys + k);
        refused |= tide_rawfields_store(L, table, block, f, k) << k;
      }
    }
    if (refused) {
      *bad = refused;
      break;
    }
  }
  lua_settop(L, keys - 1);
  return i;
}

/* Protected body of tide_rawfields_restore: table, key, value -> table[key] = value. */
static int tide_rawset_k(lua_State *L) {
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

/* Stores the block's value of raw field `i` into the table at `idx` even
** where the table lacks it (a script set it to nil), which may allocate: so
** in a protected call. Returns 1 when stored. [-0, +0], no raise. */
int tide_rawfields_restore(lua_State *L, int idx, const char *block, const tide_RawFields *f, int i) {
  if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 5)) return 0;
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, tide_rawset_k);
  lua_pushvalue(L, idx);
  tide_rawfields_pushkey(L, f, i);
  lua_pushnumber(L, *(const double *)(block + f->offsets[i]));
  if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
    lua_pop(L, 1); /* the error */
    return 0;
  }
  return 1;
}
