import Foundation
import XCTest

@testable import TideDocs

/// The editor library agrees with the reference: every function `docs/meta/tide.lua` declares
/// that `docs/api.md` documents has the same parameters (names, types, which are optional) and
/// the same return types; and the binary's built-in copy is the committed library.
final class MetaSignatureTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Signature: Equatable, CustomStringConvertible {
    var parameters: [String] = []
    var returns: [String] = []
    var description: String { "(\(parameters.joined(separator: ", "))) -> \(returns.joined(separator: ", "))" }
  }

  /// The first type of `text` (balanced over brackets, up to a space or `stop` outside them) and what follows.
  static func leadingType(_ text: Substring, stop: Character = " ") -> (type: String, rest: Substring) {
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      if "({[<".contains(c) { depth += 1 }
      if ")}]>".contains(c) { depth -= 1 }
      if depth == 0 && (c == stop || (stop != " " && c == " " && text[text.index(after: index)...].hasPrefix(String(stop)))) { break }
      index = text.index(after: index)
    }
    return (String(text[..<index]), text[index...])
  }

  /// `text` split at top-level commas (a reference's `number, number` is two returns).
  static func splitReturns(_ text: String) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for c in text {
      if "({[<".contains(c) { depth += 1 }
      if ")}]>".contains(c) { depth -= 1 }
      if c == "," && depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    parts.append(current)
    return parts.map { normal($0) }
  }

  /// The fields of each `---@class` of the library, as `name type?` in order.
  static func metaClasses(_ text: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var current: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("---@class ") {
        current = normal(String(line.dropFirst("---@class ".count).prefix { $0 != " " }))
        result[current ?? ""] = []
      } else if let name = current, line.hasPrefix("---@field ") {
        let rest = line.dropFirst("---@field ".count)
        guard let space = rest.firstIndex(of: " ") else { continue }
        var field = String(rest[..<space])
        let optional = field.hasSuffix("?")
        if optional { field.removeLast() }
        result[name, default: []].append("\(field) \(normal(leadingType(rest[rest.index(after: space)...]).type))\(optional ? "?" : "")")
      } else if !line.hasPrefix("---") {
        current = nil
      }
    }
    return result
  }

  /// A type as both files write it, compared plainly: no `tide.` prefix, no spaces.
  static func normal(_ type: String) -> String {
    type.replacingOccurrences(of: "tide.", with: "").replacingOccurrences(of: " ", with: "")
  }

  /// `name type?` per parameter and each return type of every function of the LuaLS library,
  /// by its lower-cased name (`tide.tween`, `camera:to_world`).
  static func metaSignatures(_ text: String) -> [String: Signature] {
    var result: [String: Signature] = [:]
    var pending = Signature()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("---@param ") {
        let rest = line.dropFirst("---@param ".count)
        guard let space = rest.firstIndex(of: " ") else { continue }
        var name = String(rest[..<space])
        let optional = name.hasSuffix("?")
        if optional { name.removeLast() }
        let type = leadingType(rest[rest.index(after: space)...]).type
        pending.parameters.append("\(name) \(normal(type))\(optional ? "?" : "")")
      } else if line.hasPrefix("---@return ") {
        pending.returns.append(normal(leadingType(line.dropFirst("---@return ".count)).type))
      } else if line.hasPrefix("function ") {
        let name = line.dropFirst("function ".count).prefix { $0 != "(" }
        result[name.lowercased()] = pending
        pending = Signature()
      } else if !line.hasPrefix("---") {
        pending = Signature()
      }
    }
    return result
  }

  /// The same from the reference's sections: the parameter table and the **Returns** line or list.
  static func referenceSignatures(_ text: String) -> [String: Signature] {
    var result: [String: Signature] = [:]
    var current: String?
    var signature = Signature()
    var inReturns = false
    func cellType(_ cell: Substring) -> String {
      var text = String(cell).trimmingCharacters(in: .whitespaces)
      text = text.replacingOccurrences(of: #"\[`([^`]*)`\]\(#[^)]*\)"#, with: "$1", options: .regularExpression)
      return text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "\\|", with: "|")
    }
    func finish() {
      if let current { result[current] = signature }
      current = nil
      signature = Signature()
      inReturns = false
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#") {
        finish()
        if line.hasPrefix("### "), line.contains("(") {
          current = String(line.dropFirst(4).prefix { $0 != "(" }).lowercased()
        }
        continue
      }
      guard current != nil else { continue }
      if line.hasPrefix("| `") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0 }
        // `| name | type | description |`, where a type may hold an escaped `\|`.
        let joined = String(line).replacingOccurrences(of: "\\|", with: "\u{1}")
        let parts = joined.split(separator: "|", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\u{1}", with: "\\|") }
        guard cells.count >= 4, parts.count >= 4 else { continue }
        let name = parts[1].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
        var type = cellType(Substring(parts[2]))
        let optional = type.hasSuffix(", optional")
        if optional { type = String(type.dropLast(", optional".count)) }
        signature.parameters.append("\(name) \(normal(type))\(optional ? "?" : "")")
      } else if line.hasPrefix("**Returns**") {
        let rest = line.dropFirst("**Returns**".count).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty {
          inReturns = true
        } else {
          signature.returns += splitReturns(leadingType(Substring(cellType(Substring(rest))), stop: ":").type)
        }
      } else if inReturns, line.hasPrefix("- ") {
        signature.returns += splitReturns(leadingType(Substring(cellType(line.dropFirst(2))), stop: ":").type)
      } else if inReturns, !line.isEmpty {
        inReturns = false
      }
    }
    finish()
    return result
  }

  func testEveryDocumentedSignatureMatchesTheReference() throws {
    let metaText = try String(contentsOf: Self.root.appendingPathComponent("docs/meta/tide.lua"), encoding: .utf8)
    let meta = Self.metaSignatures(metaText)
    let reference = Self.referenceSignatures(try String(contentsOf: Self.root.appendingPathComponent("docs/api.md"), encoding: .utf8))
    let classes = Self.metaClasses(metaText)
    var compared = 0
    for (name, documented) in reference.sorted(by: { $0.key < $1.key }) {
      guard var declared = meta[name] else { continue }
      compared += 1
      // The reference spells out an options table's fields under it; the library names its class.
      if let last = declared.parameters.last, let space = last.firstIndex(of: " ") {
        let type = String(last[last.index(after: space)...])
        let optional = type.hasSuffix("?")
        let spelled = String(last[..<space]) + " table" + (optional ? "?" : "")
        if let fields = classes[optional ? String(type.dropLast()) : type], documented.parameters.contains(spelled) {
          declared.parameters[declared.parameters.count - 1] = spelled
          declared.parameters += fields
        }
      }
      XCTAssertEqual(declared.parameters, documented.parameters, "\(name): parameters")
      XCTAssertEqual(declared.returns, documented.returns, "\(name): returns")
    }
    XCTAssertGreaterThan(compared, 150, "too few functions found in both: the parsers missed them")
    // The defects an author met: tweening the camera, untyped rules, widget placement.
    XCTAssertEqual(meta["tide.tween"]?.parameters.first, "sprite Sprite|Camera")
    for function in ["validate_duel", "duel", "validate_weighted", "weighted_table", "unknown_field"] {
      let signature = try XCTUnwrap(meta["tide.rules." + function])
      XCTAssertFalse(signature.parameters.contains { $0.contains(" any") }, "tide.rules.\(function): \(signature)")
      XCTAssertFalse(signature.returns.isEmpty, "tide.rules.\(function) returns nothing in the library")
    }
  }

  func testWidgetOptionsTakeThePlacementEveryWidgetTakes() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent("docs/meta/tide.lua"), encoding: .utf8)
    for widget in ["Label", "Button", "TextField", "Slider", "Segmented", "Column", "Row", "Spacer"] {
      let start = try XCTUnwrap(text.range(of: "---@class tide.\(widget)Options\n"), widget)
      let block = text[start.upperBound...].prefix { _ in true }.split(separator: "\n").prefix { $0.hasPrefix("---@field") }
      let fields = Set(block.map { $0.dropFirst("---@field ".count).prefix { $0 != " " && $0 != "?" } }.map(String.init))
      for field in ["x", "y", "anchor", "parent", "visible"] {
        XCTAssertTrue(fields.contains(field), "tide.\(widget)Options has no \(field)")
      }
    }
  }

  /// The library the binary writes (`tide new`, `tide meta`) is the committed one.
  func testTheBuiltInLibraryIsTheCommittedOne() throws {
    for name in ["tide.lua", "busted.lua"] {
      let committed = try String(contentsOf: Self.root.appendingPathComponent("docs/meta/\(name)"), encoding: .utf8)
      XCTAssertEqual(EditorLibrary.files[name], committed, name)
    }
  }
}
