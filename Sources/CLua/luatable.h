#ifndef TIDE_CLUA_LUATABLE_H
#define TIDE_CLUA_LUATABLE_H

/*
** Copies of Lua 5.4's layouts of a table, its hash nodes and a short
** string (lobject.h), and of its lookup of a short-string key
** (luaH_getshortstr in ltable.c): what lets a list pull read a thousand
** tables' number fields without a Lua API call per field. Lua's public API
** offers no way to read a table but one key at a time through the stack;
** each of those calls costs more than the read itself, and a pull of every
** sprite before a frame is drawn makes them by the tens of thousands.
**
** Only reads: nothing here writes a table, allocates or runs the collector,
** so no barrier or invariant of Lua's is involved. Lua promises no layout
** between releases (5.2.4 changed its Table's), so this builds only for the
** 5.4 releases up to 5.4.7, which lay these out alike; a later one keeps to
** the API until someone reads its lobject.h. At run time too,
** tide_luatable_agrees (rawfields.c) compares this lookup with lua_rawget's
** on a live table before any pull trusts it, and a VM whose Lua disagrees
** keeps to the API (tide_RawFields.direct). Private to CLua: Swift never
** sees these types.
*/

#include <lua.h>

#if LUA_VERSION_NUM == 504 && defined(LUA_VERSION_RELEASE_NUM) && LUA_VERSION_RELEASE_NUM <= 50407
#define TIDE_LUATABLE 1

typedef union {
  void *gc;
  void *p;
  lua_CFunction f;
  lua_Integer i;
  lua_Number n;
} tide_LuaValue;

/* A hash node: its value, then its key. */
typedef union {
  struct {
    tide_LuaValue value;
    unsigned char tt;
    unsigned char key_tt;
    int next; /* offset to the next node of the chain; 0 ends it */
    tide_LuaValue key_val;
  } u;
} tide_LuaNode;

typedef struct {
  void *next;
  unsigned char tt, marked, flags, lsizenode;
  unsigned int alimit;
  void *array;
  tide_LuaNode *node;
} tide_LuaTable;

typedef struct {
  void *next;
  unsigned char tt, marked, extra, shrlen;
  unsigned int hash;
} tide_LuaShortString;

/* Type tags with their variant bits (makevariant), and a collectable value's bit (ctb). */
#define TIDE_LUA_VNUMINT (LUA_TNUMBER | (0 << 4))
#define TIDE_LUA_VNUMFLT (LUA_TNUMBER | (1 << 4))
#define TIDE_LUA_KEY_SHRSTR (LUA_TSTRING | (0 << 4) | (1 << 6))

/* The node holding short-string key `key` (lua_topointer of the interned string) in table `t`
** (lua_topointer of the table), or NULL when `t` holds no such key: luaH_getshortstr's walk. */
static inline const tide_LuaNode *tide_luatable_find(const tide_LuaTable *t, const tide_LuaShortString *key) {
  const tide_LuaNode *n = &t->node[key->hash & ((1u << t->lsizenode) - 1)];
  for (;;) {
    if (n->u.key_tt == TIDE_LUA_KEY_SHRSTR && n->u.key_val.gc == (const void *)key) return n;
    int next = n->u.next;
    if (next == 0) return NULL;
    n += next;
  }
}

/* The number node `n` holds as a double into *d, returning 1; 0 when it holds no number (or
** `n` is NULL: the key is absent). */
static inline int tide_luatable_number(const tide_LuaNode *n, double *d) {
  if (n == NULL) return 0;
  if (n->u.tt == TIDE_LUA_VNUMFLT) {
    *d = (double)n->u.value.n;
    return 1;
  }
  if (n->u.tt == TIDE_LUA_VNUMINT) {
    *d = (double)n->u.value.i;
    return 1;
  }
  return 0;
}
#endif

#endif
