import Foundation
import LuaBridge
import TideCore

/// Diagnostics from the host for `tide.stats`: frames presented and real time since start, with
/// the ticks run and the sprites of `graph`.
final class Stats: Part {
  let context: PartContext
  let graph: SceneGraph
  /// Frames the window presented (none headless).
  var framesPresented = 0
  let startedAt = DispatchTime.now().uptimeNanoseconds

  init(context: PartContext, graph: SceneGraph) {
    self.context = context
    self.graph = graph
  }
}
