import ArgumentParser
import Foundation
import TideDocs

/// `tide meta`: write the LuaLS library built into this binary, for editors' completion.
struct Meta: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "meta",
    abstract: "Write the LuaLS library (the tide API and busted's names, `---@meta` files) into a folder.",
    discussion: "The library is built into `tide`, so a copied binary still gives an editor full completion: "
      + "point `workspace.library` of a .luarc.json at the folder (`tide new` does that for a new game).")

  @Option(help: "The folder to write the files into (made when missing).")
  var out: String

  func run() throws {
    let folder = URL(fileURLWithPath: out)
    do {
      for name in try EditorLibrary.write(to: folder) { print("wrote \((out as NSString).appendingPathComponent(name))") }
    } catch {
      throw ValidationError("cannot write into '\(out)': \(error.localizedDescription)")
    }
  }
}
