/*
** Errors between Lua and Swift. A Swift function never raises: it returns a
** marker (TIDE_MARK_*) with its payload on the stack, and tide_raisemarker
** raises or yields for it from the trampoline's frame, once every Swift frame
** has returned; argument errors are worded as Lua's own (luaL_argerror,
** luaL_typeerror). The other way, Swift calls Lua only through lua_pcall with
** tide_msghandler, which takes the message, place and traceback while the
** failing stack is still there; tide_where and tide_pushlocation give Swift
** places of its own. None of the helpers Swift calls raises.
*/

#include <string.h>
#include "tide_inline.h"

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

/* Out of line: the rare path of every trampoline, which 512 slot trampolines and the
** field metamethods should not carry a copy of each. Called from the lua_CFunction Lua
** called, so level 1 is its Lua caller, and a yield leaves from that function. */
int tide_raisemarker(lua_State *L, tide_State *s, int n) {
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

int tide_where(lua_State *L, int level, char *name) {
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

void tide_pushlocation(lua_State *L, lua_State *L1, int level) {
  char name[LUA_IDSIZE];
  int line = tide_where(L1, level, name);
  if (line > 0)
    lua_pushfstring(L, "%s:%d", name, line);
  else
    lua_pushnil(L);
}

/* With use_meta, tries __tostring first; that runs Lua code which may raise, so
** Swift passes 0. */
void tide_pushmessage(lua_State *L, int idx, int use_meta) {
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
** Replaces the error value with { message, location or nil, traceback } while
** the failing stack is still there. Runs outside the memory cap so that an
** error near the cap still gets its traceback.
*/
int tide_msghandler(lua_State *L) {
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
