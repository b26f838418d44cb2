/*
** Benchmark floors: the cheapest C that does what an engine path does, so
** `tide bench` can show what the engine adds to it.
*/

#include "tide_bench.h"

/* An __index that answers every key with 1.0, as cheaply as C can. */
int tide_bench_index(lua_State *L) {
  lua_pushnumber(L, 1.0); /* the "field" */
  return 1;
}

/* With state: a userdata of two doubles, x then y, read and written by the
** cheapest C metamethods that still tell the keys apart (first letter only), so a loop over
** them takes the same branches as over tables. */
int tide_bench_xy_index(lua_State *L) {
  const double *xy = (const double *)lua_touserdata(L, 1);
  const char *k = lua_tostring(L, 2);
  lua_pushnumber(L, xy[k[0] == 'y']);
  return 1;
}

int tide_bench_xy_newindex(lua_State *L) {
  double *xy = (double *)lua_touserdata(L, 1);
  const char *k = lua_tostring(L, 2);
  xy[k[0] == 'y'] = lua_tonumber(L, 3);
  return 0;
}

/* A C function that does nothing: the baseline of `tide bench call`. */
int tide_noop_cfunction(lua_State *L) {
  (void)L;
  return 0;
}
