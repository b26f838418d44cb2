import Foundation
import TideCore

extension Engine {
  /// Runs the game to `seconds`, queueing each scripted event at its tick: the headless half of
  /// `tide shot` and of golden-image tests, so both see exactly the same frame.
  public func replay(_ script: InputScript, until seconds: Double) {
    let ticks = ticks(in: seconds)
    var next = 0
    let entries = script.entries
    while tick < ticks {
      while next < entries.count, entries[next].tick <= tick {
        enqueue(entries[next].event)
        next += 1
      }
      step()
    }
  }
}
