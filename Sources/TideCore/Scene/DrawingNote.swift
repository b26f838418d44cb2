import Foundation
import Synchronization

/// Which sprite a scene's renderers are drawing, for the message of a frame stuck in drawing.
///
/// Drawing a sprite whose cost grows with its data (a polygon's or line's points, a text) is
/// bounded, but should one ever run away, the process is ended by a guard on another thread,
/// which reads here what to name. Each renderer keeps its own `Drawer` (so several bands drawing
/// at once do not overwrite each other's note) and, per costly sprite, stores only its id.
public final class DrawingNote: @unchecked Sendable {
  /// One renderer's note.
  public final class Drawer: Sendable {
    /// The id of the last sprite of a costly kind (polygon, line, text) the renderer started
    /// drawing in its current or last frame; 0: none yet.
    public let item = Atomic<Int>(0)

    public init() {}

    /// Notes that the renderer starts drawing node `id`.
    @inline(__always)
    public func drawing(_ id: Int) { item.store(id, ordering: .relaxed) }
  }

  private let lock = NSLock()
  private var drawers: [Drawer] = []
  /// Draws begun so far: the same count on two looks seconds apart means no draw has begun
  /// (and, if one is running, ended) in between.
  private var begun: UInt64 = 0

  public init() {}

  /// Marks `drawer` as drawing a frame of this scene, from now until `leave`.
  public func enter(_ drawer: Drawer) {
    drawer.item.store(0, ordering: .relaxed)
    lock.withLock {
      drawers.append(drawer)
      begun &+= 1
    }
  }

  /// Marks the frame `drawer` drew as done.
  public func leave(_ drawer: Drawer) {
    lock.withLock { drawers.removeAll { $0 === drawer } }
  }

  /// While a frame is being drawn: how many draws have begun, and the sprites the drawing
  /// renderers have noted (0 for one that has not reached a costly sprite). Nil when none draws.
  public func running() -> (begun: UInt64, items: [Int])? {
    lock.withLock {
      drawers.isEmpty ? nil : (begun, drawers.map { $0.item.load(ordering: .relaxed) })
    }
  }
}
