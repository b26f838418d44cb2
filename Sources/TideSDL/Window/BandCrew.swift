import CSDL2
import Foundation

/// Threads that draw a frame's bands while the main thread steps the game. Each band is
/// claimed by whichever thread is free first, the main thread included once it has stepped
/// and waits for the frame.
///
/// One thread per other CPU, so that no more threads want a CPU than there are: with a
/// worker per CPU besides the stepping main thread, one of the three often waited a
/// scheduler tick (4 ms, a quarter of the frame) for its turn. And there are more bands than
/// threads, so that the main thread has some left to draw however long its step took.
final class BandCrew: @unchecked Sendable {
  /// One frame's bands: `draw(index)` for every index below `count`, each exactly once.
  private final class Job: @unchecked Sendable {
    let count: Int32
    let draw: (Int) -> Void
    /// The next band to claim, and how many are not drawn yet. Per job, so that a thread still
    /// claiming from a finished frame gets nothing.
    private let counters: UnsafeMutablePointer<SDL_atomic_t>
    var next: UnsafeMutablePointer<SDL_atomic_t> { counters }
    var undrawn: UnsafeMutablePointer<SDL_atomic_t> { counters + 1 }

    init(count: Int, draw: @escaping (Int) -> Void) {
      self.count = Int32(count)
      self.draw = draw
      counters = .allocate(capacity: 2)
      counters.initialize(repeating: SDL_atomic_t(value: 0), count: 2)
      SDL_AtomicSet(undrawn, Int32(count))
    }

    deinit { counters.deallocate() }
  }

  // The lock guards `job`, `posted` and `stopping`, and the waits on the conditions.
  private let lock: OpaquePointer
  /// Signalled when a job is posted, and to stop.
  private let wake: OpaquePointer
  /// Signalled when a job's last band is drawn.
  private let done: OpaquePointer
  /// Signalled by each thread as it ends.
  private let ended: OpaquePointer
  /// Jobs posted so far.
  private var posted = 0
  private var job: Job?
  private var stopping = false
  private let threadCount: Int
  /// The job the main thread posted and has not finished (read by the main thread only).
  private var current: Job?

  /// Starts `threads` threads (at least 1).
  init(threads: Int) throws {
    guard let lock = SDL_CreateMutex(), let wake = SDL_CreateCond(), let done = SDL_CreateCond(),
      let ended = SDL_CreateSemaphore(0)
    else { throw SDLError.last("Making the drawing threads' locks") }
    self.lock = lock
    self.wake = wake
    self.done = done
    self.ended = ended
    threadCount = max(1, threads)
    for index in 0..<threadCount {
      let thread = Thread { [self] in
        // Named from inside: on Linux a name set before the start is not the thread's.
        Thread.current.name = "tide-band-\(index)"
        work()
      }
      thread.start()
    }
  }

  deinit {
    // `stop()` has run: no thread holds the crew any more.
    SDL_DestroySemaphore(ended)
    SDL_DestroyCond(done)
    SDL_DestroyCond(wake)
    SDL_DestroyMutex(lock)
  }

  /// Finishes the frame in flight and ends the threads; call before letting go of the crew.
  func stop() {
    finish()
    SDL_LockMutex(lock)
    stopping = true
    SDL_CondBroadcast(wake)
    SDL_UnlockMutex(lock)
    for _ in 0..<threadCount { SDL_SemWait(ended) }
  }

  /// Posts a frame of `count` bands; `draw(index)` draws one, on any thread. Returns at once.
  func post(count: Int, draw: @escaping (Int) -> Void) {
    finish()
    let job = Job(count: count, draw: draw)
    current = job
    SDL_LockMutex(lock)
    self.job = job
    posted += 1
    SDL_CondBroadcast(wake)
    SDL_UnlockMutex(lock)
  }

  /// Draws the bands of the posted frame that no thread has claimed, then waits for the rest.
  func finish() {
    guard let job = current else { return }
    current = nil
    claim(job)
    SDL_LockMutex(lock)
    while SDL_AtomicGet(job.undrawn) > 0 { SDL_CondWait(done, lock) }
    // Let go of the drawing closure (and what it holds, such as the draw list) now.
    self.job = nil
    SDL_UnlockMutex(lock)
  }

  /// Draws unclaimed bands of `job` until there are none.
  private func claim(_ job: Job) {
    while true {
      let index = SDL_AtomicAdd(job.next, 1)
      guard index < job.count else { return }
      job.draw(Int(index))
      if SDL_AtomicAdd(job.undrawn, -1) == 1 {
        SDL_LockMutex(lock)
        SDL_CondBroadcast(done)
        SDL_UnlockMutex(lock)
      }
    }
  }

  /// A drawing thread: sleeps until a frame is posted, then draws what bands it can claim.
  private func work() {
    var seen = 0
    while true {
      SDL_LockMutex(lock)
      while !stopping && posted == seen { SDL_CondWait(wake, lock) }
      if stopping {
        SDL_UnlockMutex(lock)
        break
      }
      seen = posted
      // Nil when other threads drew the whole frame already.
      let job = self.job
      SDL_UnlockMutex(lock)
      if let job { claim(job) }
    }
    SDL_SemPost(ended)
  }
}
