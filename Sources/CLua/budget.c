/*
** Memory cap and instruction budget: what keeps a script from taking the host down.
**
** The allocator counts bytes and refuses growth past `limit` while Lua code runs (Lua then
** raises "not enough memory"). Frees and shrinks always succeed. In Swift frames
** (enforce_limit == 0) it lets the count overrun, because a refused allocation there would
** longjmp through Swift.
**
** A count hook every `hook_period` instructions spends the budget of the current protected
** call from Swift and raises once it is gone. It then raises at every instruction until
** Swift resets the budget, so a script that catches the error with pcall cannot keep looping.
** The watchdog's trip raises from the same hook. C work the hook cannot see (the pattern
** matcher) spends the same budget through tide_spend, and stops the same way.
**
** Coroutines that Lua code makes get the hook here too (see LuaState.syncBudgetHook). A
** count hook, however rare its calls, makes Lua's VM stop at every instruction of a hooked
** thread (luaG_traceexec): plain Lua ran 1.7x slower under it. So the main thread of a VM
** with a watchdog runs unhooked and the watchdog's timer hooks it once a call from Swift has
** run long enough to matter. A coroutine, though, only ever gets a hook when it is made (it
** copies its maker's) or by Swift resuming it, so one that Lua made while the main thread ran
** unhooked would run unbounded: coroutine.create and coroutine.wrap hook each new coroutine.
*/

#include <stdlib.h>
#include <time.h>
#include "tide_inline.h"

static void *tide_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
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

lua_State *tide_newstate(tide_State *s) {
  lua_State *L = lua_newstate(tide_alloc, s);
  if (L != NULL) {
    *(tide_State **)lua_getextraspace(L) = s;
    s->main_thread = L;
  }
  return L;
}

static void tide_hook(lua_State *L, lua_Debug *ar);

/* Raises the message on top at the Lua function `level` of L names (0 inside a hook, 1
** inside a C function Lua called), after hooking L at every instruction: the error then also
** fires right after a script's pcall returns, instead of only inside the loop it caught. */
static int tide_stop(lua_State *L, int level) {
  lua_sethook(L, tide_hook, LUA_MASKCOUNT, 1);
  luaL_where(L, level);
  lua_insert(L, -2);
  lua_concat(L, 2);
  return lua_error(L);
}

/* Raises "stopped by the watchdog" when it tripped. */
static void tide_checkwatchdog(lua_State *L, tide_State *s, int level) {
  if (tide_watchdog_tripped(s->watchdog)) {
    lua_pushfstring(L, "stopped by the watchdog: this call from the engine ran for over %d s (stuck?)",
                    s->watchdog->seconds);
    tide_stop(L, level);
  }
}

/* Marks the budget spent and raises. */
static void tide_overbudget(lua_State *L, tide_State *s, int level) {
  s->budget_tripped = 1;
  lua_pushliteral(L, "instruction budget exceeded (runaway loop?)");
  tide_stop(L, level);
}

static void tide_hook(lua_State *L, lua_Debug *ar) {
  tide_State *s = tide_state(L);
  (void)ar;
  tide_checkwatchdog(L, s, 0);
  if (s->budget <= 0) return;
  s->budget_left -= lua_gethookcount(L); /* instructions since the last call */
  if (s->budget_left > 0) return;
  tide_overbudget(L, s, 0); /* the running Lua function is level 0 inside a hook */
}

void tide_sethook(lua_State *L, int period) {
  if (period > 0)
    lua_sethook(L, tide_hook, LUA_MASKCOUNT, period);
  else
    lua_sethook(L, NULL, 0, 0);
}

/* Counted whether or not L is hooked: the hook's lateness on the main thread is there to
** spare plain Lua the hook's cost, and a count costs C nothing. */
void tide_spend(lua_State *L, lua_Integer steps) {
  tide_State *s = tide_state(L);
  tide_checkwatchdog(L, s, 1);
  if (s->budget <= 0) return;
  s->budget_left -= steps;
  if (s->budget_left > 0) return;
  tide_overbudget(L, s, 1); /* the Lua caller of the C function */
}

/* Gives coroutine `co` the budget hook its VM asks for, if any. */
static void tide_hook_coroutine(lua_State *L, lua_State *co) {
  tide_State *s = tide_state(L);
  if (s->budget > 0 || s->watchdog != NULL) tide_sethook(co, s->hook_period);
}

/* coroutine.create, as Lua's own (lcorolib.c), with the hook on the new coroutine. */
int tide_cocreate(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_pushvalue(L, 1); /* move function to top */
  lua_xmove(L, co, 1); /* move function from L to co */
  tide_hook_coroutine(L, co);
  return 1;
}

/* coroutine.wrap: Lua's own (upvalue 1), then the hook on the coroutine its function holds. */
int tide_cowrap(lua_State *L) {
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

/* Calls the function at 1 with the values after it in a thread of its own, and returns true
** and its results, or false, its error and whether the watchdog or the instruction budget
** stopped it. A stop raises at every instruction of the thread it hit, which ends here with
** that thread: the budget and the watchdog's clock then start afresh and the caller goes on.
** The test runner runs each test so, so one stuck test fails alone. Like the main thread, the
** thread runs unhooked until the watchdog's timer hooks it (LuaVM.hookMainThread). */
int tide_callisolated(lua_State *L) {
  tide_State *s = tide_state(L);
  int n = lua_gettop(L);
  int nres = 0;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  if (s->budget > 0 && s->budget < 1000000) tide_sethook(co, s->hook_period);
  else if (s->watchdog != NULL) tide_sethook(co, 0);
  else tide_hook_coroutine(L, co);
  lua_insert(L, 1);
  lua_xmove(L, co, n);
  lua_State *outer = __atomic_load_n(&s->isolated, __ATOMIC_ACQUIRE);
  __atomic_store_n(&s->isolated, co, __ATOMIC_RELEASE);
  int status = lua_resume(co, L, n - 1, &nres);
  __atomic_store_n(&s->isolated, outer, __ATOMIC_RELEASE);
  if (status == LUA_OK) {
    luaL_checkstack(L, nres + 1, "too many results");
    lua_pushboolean(L, 1);
    lua_xmove(co, L, nres);
    return nres + 1;
  }
  lua_pushboolean(L, 0);
  if (status == LUA_YIELD) lua_pushliteral(L, "attempt to yield across a test");
  else lua_xmove(co, L, 1);
  int stopped = tide_watchdog_tripped(s->watchdog) || s->budget_tripped;
  if (stopped) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    if (s->watchdog != NULL)
      tide_watchdog_arm(s->watchdog, (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec);
    s->budget_left = s->budget;
    s->budget_tripped = 0;
    /* A stop that hit this thread too (in engine work the test called) left it hooked at
       every instruction: back to the usual period. */
    if (lua_gethook(L) != NULL) tide_sethook(L, s->hook_period);
  }
  lua_pushboolean(L, stopped);
  return 3;
}
