/*
** Fields read and written in C. A boxed object may carry the address of a
** block of plain fields (tide_Object.fields) and the map of the fields in it
** (tide_Object.fieldmap, which lives as long as the VM: the registry anchors
** every map); its metatable's __index and __newindex are then
** tide_fields_index / tide_fields_newindex, which serve the fields named in
** the map straight from the block, and hand every other key, and every write
** they will not do, to the object's Swift getter or setter in the same C frame
** (so its errors read exactly as if it were the metamethod itself). Keys match
** by the identity of Lua's interned short strings: lua_topointer of `s.x`'s key
** is the TString of "x". A guarded field is read and written in C only while
** its flag byte in the block is set (a sprite's `radius` is half its width
** only for circles; a text's `width` is served by C once measured), and one
** marked unless-held only while the object's table holds none of the raw fields
** it writes (a uniform scale: neither axis); otherwise, and for every write of a
** read-only field, Swift serves it. C and Swift enforce the same ranges: a number
** C will not store goes to the setter, which raises the usual error.
**
** This is the hot path of every script that moves sprites: the metamethods
** make no call that is not into liblua or Swift (tide_objectbox and
** tide_callswift are inline).
*/

#include "callswift.h"

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

int tide_fieldmap_add(tide_FieldMap *map, const void *key, uint32_t offset, uint32_t mirror, uint32_t kind,
                      uint32_t guard, uint32_t when, uint32_t also, double lo, double hi) {
  if (key == NULL) return 0;
  unsigned slot = tide_fieldslot(key);
  while (map->slots[slot].key != NULL && map->slots[slot].key != key)
    slot = (slot + 1) & (TIDE_FIELD_SLOTS - 1);
  if (map->slots[slot].key == NULL) {
    if (map->count >= TIDE_FIELD_SLOTS / 2) return 0;
    map->count++;
  }
  map->slots[slot] = (tide_Field){ key, offset, mirror, kind, guard, when, also != 0 ? also : offset, lo, hi };
  return 1;
}

/* Whether C serves `f` of the object whose block is `block` now (see TIDE_FIELD_GUARDED and
** TIDE_FIELD_UNLESS); most fields have neither, which one test of `kind` tells. */
static inline int tide_fieldserved(const tide_Field *f, const char *block) {
  if (!(f->kind & (TIDE_FIELD_GUARDED | TIDE_FIELD_UNLESS))) return 1;
  if ((f->kind & TIDE_FIELD_GUARDED) && block[f->when] == 0) return 0;
  return !(f->kind & TIDE_FIELD_UNLESS) || !((unsigned char)block[f->guard] & (f->kind >> TIDE_FIELD_UNLESS_SHIFT));
}

/* The object at index 1 (Lua passes the object first to __index and
** __newindex) when it has a field block, or NULL. Each Lua API call here
** costs a few ns, a third of the whole access: hence no upvalue lookups. */
static inline __attribute__((always_inline)) const tide_Object *tide_fieldobject(lua_State *L) {
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
static int tide_fields_index(lua_State *L) {
  const tide_Object *o = tide_fieldobject(L);
  if (o != NULL) {
    const tide_Field *f = tide_findfield(o->fieldmap, lua_topointer(L, 2));
    const char *block = (const char *)o->fields;
    if (f != NULL && tide_fieldserved(f, block)) {
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
** stored in the block; anything else (other keys, read-only fields, guarded
** fields whose flag is down, wrong
** types, numbers out of range or NaN, which the setter turns into the usual
** errors) goes to the setter, so C and Swift enforce the same ranges.
*/
static int tide_fields_newindex(lua_State *L) {
  const tide_Object *o = tide_fieldobject(L);
  if (o != NULL) {
    const tide_Field *f = tide_findfield(o->fieldmap, lua_topointer(L, 2));
    char *block = (char *)o->fields;
    if (f != NULL && !(f->kind & TIDE_FIELD_READONLY) && tide_fieldserved(f, block)) {
      int type = lua_type(L, 3);
      if ((f->kind & TIDE_FIELD_NUMBER) && type == LUA_TNUMBER) {
        double d = (double)lua_tonumber(L, 3);
        if (d >= f->lo && d <= f->hi) { /* false for NaN */
          *(double *)(block + f->offset) = d;
          *(double *)(block + f->mirror) = d;
          *(double *)(block + f->also) = d; /* the offset again for most: a store, not a branch */
          /* A raw field reaches here only while its table lacks it (a script set it to
             nil, or one left out until written is written first): put it in, so the next
             writes are plain table writes. This is a call from Lua, where an allocation that
             fails may raise; the flag goes up only once the table holds it. */
          if ((f->kind & TIDE_FIELD_RAW) && lua_type(L, 1) == LUA_TTABLE) {
            lua_settop(L, 3);
            lua_rawset(L, 1);
            if (f->guard != 0) block[f->guard] |= (unsigned char)(f->kind >> TIDE_FIELD_HELD_SHIFT);
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

void tide_pushfieldsindex(lua_State *L) {
  lua_pushcclosure(L, tide_fields_index, 2);
}

void tide_pushfieldsnewindex(lua_State *L) {
  lua_pushcclosure(L, tide_fields_newindex, 1);
}
