/// What one hot reload did; `line` is what the console shows for it.
public struct ReloadReport: Sendable, Equatable {
  /// Saved scripts that were re-run, relative to the game folder (`data/colours.lua`).
  public var scripts: [String] = []
  /// Scripts re-run because they require a saved one (so values derived from it are rebuilt).
  public var dependents: [String] = []
  /// Images and sounds reloaded in place.
  public var assets: [String] = []
  /// Files the game had loaded that are gone.
  public var deleted: [String] = []
  /// Why the whole game restarted (`conf.lua changed`), or nil when it kept running.
  public var restartReason: String?
  /// Why the reload did not apply, starting with `file:line:` when Lua says where.
  public var error: String?
  /// How long applying the change took, in milliseconds.
  public var milliseconds = 0.0

  /// Creates an empty report.
  public init() {}

  /// One line for the console, e.g. `reloaded data/colours.lua, main.lua in 3.1 ms`.
  public var line: String {
    let took = "in " + String(format: "%.1f ms", milliseconds)
    if let error {
      let firstLine = error.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? error
      return "reload failed \(took): \(firstLine) (the old code keeps running)"
    }
    var parts: [String] = []
    if let restartReason {
      parts.append("restarted the game \(took) (\(restartReason))")
    } else if !(scripts + dependents + assets).isEmpty {
      parts.append("reloaded \((scripts + dependents + assets).joined(separator: ", ")) \(took)")
    }
    for file in deleted { parts.append("\(file) was deleted (the game keeps what it loaded from it)") }
    return parts.joined(separator: "; ")
  }
}
