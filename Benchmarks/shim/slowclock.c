/*
** Preloaded under valgrind by `Scripts/bench count`: CLOCK_MONOTONIC_COARSE, the clock Tide's
** watchdogs read, runs 100 times slower, so a call slowed down by callgrind is never taken for
** stuck (nor hooked by the instruction budget's timer), whatever the machine's load. Counts of
** instructions then do not depend on how fast the machine ran them.
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <time.h>

static int (*real_clock_gettime)(clockid_t, struct timespec *);
static uint64_t start;

int clock_gettime(clockid_t id, struct timespec *ts) {
  if (real_clock_gettime == NULL)
    real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
  int r = real_clock_gettime(id, ts);
  if (r == 0 && id == CLOCK_MONOTONIC_COARSE) {
    uint64_t ns = (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
    if (start == 0) start = ns;
    ns = start + (ns - start) / 100;
    ts->tv_sec = (time_t)(ns / 1000000000ull);
    ts->tv_nsec = (long)(ns % 1000000000ull);
  }
  return r;
}
