#ifndef TIDE_CLUA_CALLSWIFT_H
#define TIDE_CLUA_CALLSWIFT_H

/*
** The one way C calls Swift from Lua, shared by the trampolines and the field
** metamethods and inlined into each: it runs the box and turns the
** dispatcher's markers into lua_error / luaL_argerror / luaL_typeerror /
** lua_yield, so every longjmp starts here, after the Swift frames have
** returned. Called straight from the lua_CFunction Lua called (never through
** lua_call), errors name that function and its caller's line.
*/

#include "tide_inline.h"

static inline int tide_callswift(lua_State *L, void *box) {
  tide_State *s = tide_state(L);
  if (s->epoch != NULL) ++*s->epoch; /* the script may have written raw fields: Swift re-reads */
  int enforce = s->enforce_limit;
  s->enforce_limit = 0; /* Swift frames: allocations must not fail */
  /* Kept for the stuck-tick guard, which names the function a stuck tick is in. */
  void *outer = s->current_call;
  s->current_call = box;
  int n = tide_dispatch(L, box);
  s->current_call = outer;
  s->enforce_limit = enforce;
  if (__builtin_expect(n >= 0, 1)) return n;
  return tide_raisemarker(L, s, n);
}

#endif
