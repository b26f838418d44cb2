#ifndef TIDE_CLUA_SHIM_H
#define TIDE_CLUA_SHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
/* Filled in by the LuaBridge work: static inline copies of Lua's function-like macros,
   the trampoline, the instruction hook and the budgeted allocator. */
#endif
