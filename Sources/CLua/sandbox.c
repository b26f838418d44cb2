/*
** The C parts of the sandbox (LuaVM.openSafeLibraries): `load` that takes
** text chunks only, since a binary chunk can crash the VM, and the string
** functions that would run unbounded in C, replaced by lstrlib.c's.
*/

#include "tide_inline.h"

/*
** `load` for sandboxes: upvalue 1 is the base library's load, called with
** mode forced to "t". Arguments are checked here first so that errors name
** 'load' at the script's call site.
*/
static int tide_textload(lua_State *L) {
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

void tide_pushtextload(lua_State *L) {
  lua_pushcclosure(L, tide_textload, 1);
}

/* The string table is also the strings' metatable's __index, so ("x"):find is
** replaced with string.find. */
void tide_installstrlib(lua_State *L) {
  static const luaL_Reg bounded[] = {
    {"rep", tide_str_rep},       {"find", tide_str_find}, {"match", tide_str_match},
    {"gmatch", tide_str_gmatch}, {"gsub", tide_str_gsub}, {NULL, NULL},
  };
  lua_getglobal(L, "string");
  luaL_setfuncs(L, bounded, 0);
  lua_pop(L, 1);
}
