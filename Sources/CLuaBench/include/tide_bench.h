/*
** Benchmark floors: the cheapest C that does what an engine path does, so `tide bench` can
** show what the engine adds to it. A target of its own beside CLua, so the runtime a player
** runs carries no benchmark code; built with the same flags as CLua, so the floor is fair.
*/
#ifndef TIDE_BENCH_H
#define TIDE_BENCH_H

#include <lua.h>

/* An __index that answers every key with 1.0. */
int tide_bench_index(lua_State *L);
/* __index and __newindex over a userdata of two doubles, x then y, by the key's first letter. */
int tide_bench_xy_index(lua_State *L);
int tide_bench_xy_newindex(lua_State *L);
/* A C function that does nothing: the baseline of `tide bench call`. */
int tide_noop_cfunction(lua_State *L);

/* Builds `bodies` circles (radius 8) falling into a box as `tide bench physics`'s game does,
** on Chipmunk directly, steps it `ticks` times at 1/60 s and returns the seconds the steps
** took (the building not counted); `checksum` gets the sum of the bodies' final y. */
double tide_bench_physics(int bodies, int ticks, double *checksum);

#endif
