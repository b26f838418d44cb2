/*
** The budget hook on coroutines that Lua code makes (see LuaState.syncBudgetHook).
**
** A count hook, however rare its calls, makes Lua's VM stop at every instruction of a hooked
** thread (luaG_traceexec): plain Lua ran 1.7x slower under it. So the main thread of a VM with
** a watchdog runs unhooked and the watchdog's timer hooks it once a call from Swift has run
** long enough to matter. A coroutine, though, only ever gets a hook when it is made (it copies
** its maker's) or by Swift resuming it, so one that Lua made while the main thread ran unhooked
** would run unbounded: coroutine.create and coroutine.wrap hook each new coroutine themselves.
*/
#ifndef TIDE_BUDGET_H
#define TIDE_BUDGET_H

#include "shim.h"

/* Gives coroutine `co` the budget hook its VM asks for, if any. */
static inline void tide_hook_coroutine(lua_State *L, lua_State *co) {
  tide_State *s = tide_state(L);
  if (s->budget > 0 || s->watchdog != NULL) tide_sethook(co, s->hook_period);
}

/* coroutine.create, as Lua's own (lcorolib.c), with the hook on the new coroutine. */
static inline int tide_cocreate(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_pushvalue(L, 1); /* move function to top */
  lua_xmove(L, co, 1); /* move function from L to co */
  tide_hook_coroutine(L, co);
  return 1;
}

/* coroutine.wrap: Lua's own (upvalue 1), then the hook on the coroutine its function holds. */
static inline int tide_cowrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION); /* here, so the error names coroutine.wrap */
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  if (lua_getupvalue(L, -1, 1) != NULL) {
    if (lua_type(L, -1) == LUA_TTHREAD) tide_hook_coroutine(L, lua_tothread(L, -1));
    lua_pop(L, 1);
  }
  return 1;
}

#endif
