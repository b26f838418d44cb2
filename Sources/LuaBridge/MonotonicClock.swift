#if canImport(Glibc)
  import Glibc
#else
  import Dispatch
#endif

/// The clock the watchdogs time calls and ticks by: monotonic nanoseconds, read cheaply.
///
/// Read at each call from Swift into Lua and at each tick, thousands of times a played second,
/// only ever to learn whether seconds have passed. On Linux it is the coarse monotonic clock
/// (a few ns a read, to within a few ms) instead of `DispatchTime.now()` (the full clock, several
/// times the cost, and a call into libdispatch); elsewhere it is `DispatchTime`. Every start
/// and every "now" a watchdog compares must come from here, as one clock: the coarse one runs
/// up to a few ms behind the full one.
public enum MonotonicClock {
  /// Nanoseconds since an arbitrary fixed point; never 0 (0 means "not started" to callers).
  @inline(__always)
  public static func nanoseconds() -> UInt64 {
    #if canImport(Glibc)
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
      return max(UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec), 1)
    #else
      return max(DispatchTime.now().uptimeNanoseconds, 1)
    #endif
  }
}
