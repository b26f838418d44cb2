import Foundation
import PackagePlugin

/// Compiles the target's `Lua/` folder into a Swift source (see Sources/TideLuaEmbed), so the
/// `tide` binary needs no resource bundle beside it: shipping a game is the binary and the game.
@main
struct EmbedLuaLibrary: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    // From the package's folder: `Target.directoryURL` needs tools version 6.1.
    // TideDocs embeds the LuaLS library that `tide docs` generates (docs/meta), which `tide new`
    // and `tide meta` write out; every other target its own Lua/ folder.
    let folder = target.name == "TideDocs" ? "docs/meta" : "Sources/\(target.name)/Lua"
    let library = context.package.directoryURL.appendingPathComponent(folder)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedLuaLibrary.swift")
    // Every file is an input, so an edited, added or removed library file regenerates it.
    var inputs: [URL] = []
    if let walker = FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil) {
      for case let url as URL in walker where url.pathExtension == "lua" { inputs.append(url) }
    }
    return [
      .buildCommand(
        displayName: "Embedding the Lua library of \(target.name)",
        executable: try context.tool(named: "TideLuaEmbed").url,
        arguments: [library.path, output.path, folder],
        inputFiles: inputs.sorted { $0.path < $1.path },
        outputFiles: [output])
    ]
  }
}
