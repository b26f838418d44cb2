import Foundation

/// The generated Lua API reference, and what is wrong with the doc comments it was made from.
public struct APIDocResult: Sendable, Equatable {
  /// The reference as Markdown, the content of `docs/api.md`.
  public var markdown: String
  /// One line per fault, `path:line: message`, in source order; empty when every export is documented.
  public var problems: [String]

  /// Wraps a generated reference and its problems.
  public init(markdown: String, problems: [String]) {
    self.markdown = markdown
    self.problems = problems
  }
}

/// Builds the Lua API reference (`docs/api.md`) from the `///` comments on the bindings.
///
/// It reads source text and never compiles or runs it. In each binding file
/// `let m = module("tide.x")` and `let t = type("X")` name the Lua tables, and the `///` block
/// right above each `m.function("name")` / `t.method("name")` call documents that export, Defold
/// style: a summary, then `@param name type: text` (a type ending in `?` marks an optional
/// argument), `@return type: text` and one line of Lua per `@example`. The `///` comment above the
/// function that calls `module(...)` (or above the `let m = module(...)` line) introduces the
/// module, minus a leading "`tide.x`:"; the one above `let t = type(...)` introduces the type.
/// A missing doc comment or summary is reported as a problem, so a test can fail on it.
public struct APIDocGenerator {
  /// The folder, relative to the package root, whose bindings the reference documents.
  public static let sourceFolder = "Sources/TideScript/API"
  /// The folder of the Lua library, whose modules installed as `tide.<name>` are documented too.
  public static let luaSourceFolder = "Sources/TideScript/Lua/tide"
  /// The library modules a game reaches as `tide.<name>` (see `Engine.installStartValues`).
  public static let luaModules = ["rules", "ui"]

  /// The Lua library modules' sources, `tide/<name>.lua` for each of `luaModules`.
  ///
  /// In them a block of `---` lines documents what follows it: `function M.name(...)` or a
  /// `name = ...` field of the module's table, with the same tags as the Swift comments; a
  /// function without `@param` tags shows its Lua parameter names.
  ///
  /// Also `Engine+Install.swift`, whose `/// @name tide.screen.width` blocks document the values
  /// set at each start.
  public static func luaSources(root: URL) throws -> [(path: String, text: String)] {
    let paths = luaModules.map { luaSourceFolder + "/" + $0 + ".lua" } + ["Sources/TideScript/Engine/Engine+Install.swift"]
    return try paths.map { path in
      (path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// Generates the reference from binding sources; the order of `sources` does not matter.
  public static func generate(sources: [(path: String, text: String)]) -> APIDocResult {
    var catalog = Catalog()
    // Stable sort: files in path order, so exports keep their source order across files.
    let ordered = sources.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }
    for (_, source) in ordered {
      if source.path.hasSuffix(".lua") {
        scanLua(path: source.path, text: source.text, into: &catalog)
      } else {
        scan(path: source.path, text: source.text, into: &catalog)
      }
    }
    return APIDocResult(markdown: render(catalog), problems: catalog.problems)
  }

  /// Reads every `.swift` file under `directory`, sorted by path.
  ///
  /// Paths are relative to `root` (normally the package root, so problems read
  /// `Sources/TideScript/API/TimeAPI.swift:42: ...`) when `directory` lies inside it, and
  /// absolute otherwise.
  public static func sources(in directory: URL, relativeTo root: URL? = nil) throws -> [(path: String, text: String)] {
    let fileManager = FileManager.default
    let base = directory.standardizedFileURL.resolvingSymlinksInPath()
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
    }
    let prefix = root.flatMap { relativePath(of: directory, to: $0) } ?? directory.standardizedFileURL.path
    var result: [(path: String, text: String)] = []
    for subpath in try fileManager.subpathsOfDirectory(atPath: base.path) where subpath.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appendingPathComponent(subpath), encoding: .utf8)
      result.append((path: prefix.isEmpty ? subpath : prefix + "/" + subpath, text: text))
    }
    return result.sorted { $0.path < $1.path }
  }

  // MARK: Model

  private enum Owner: Hashable {
    case module(String)
    case type(String)

    var name: String {
      switch self {
      case .module(let name), .type(let name): name
      }
    }
  }

  private struct Param {
    var name: String
    var type: String
    var text: String
    var optional: Bool
  }

  private struct Return {
    var type: String
    var text: String
  }

  private struct DocComment {
    var paragraphs: [String] = []
    var params: [Param] = []
    var returns: [Return] = []
    var examples: [[String]] = []
    /// The first tag line, when it comes before any description.
    var tagBeforeSummary: String?
    /// Faults within the comment, with the line they are on.
    var faults: [(line: Int, message: String)] = []
  }

  private struct Entry {
    var owner: Owner
    var name: String
    /// `t.method` (receiver passed with `:`) rather than `m.function`.
    var isMethod: Bool
    var doc: DocComment
    var path: String
    var line: Int
    /// A field of a Lua module's table (`tide.ui.theme`, `tide.ui.label`), shown without a call:
    /// its description gives the call form.
    var isValue = false

    /// How Lua code calls it: `tide.sprite.rect`, `sprite:on`, `Sprite.new`.
    var callName: String {
      switch owner {
      case .module(let module): "\(module).\(name)"
      case .type(let type): isMethod ? "\(APIDocGenerator.receiverName(type)):\(name)" : "\(type).\(name)"
      }
    }

    /// How problems name it: `tide.every`, `Sprite:on`.
    var qualifiedName: String {
      switch owner {
      case .module(let module): "\(module).\(name)"
      case .type(let type): "\(type)\(isMethod ? ":" : ".")\(name)"
      }
    }
  }

  private struct Section {
    var intros: [String] = []
    var entries: [Entry] = []
    var seen: [String: (path: String, line: Int)] = [:]
  }

  private struct Catalog {
    var sections: [Owner: Section] = [:]
    var problems: [String] = []

    mutating func problem(_ path: String, _ line: Int, _ message: String) {
      problems.append("\(path):\(line): \(message)")
    }

    mutating func add(_ entry: Entry, docFound: Bool) {
      let name = entry.qualifiedName
      if !docFound {
        problem(entry.path, entry.line, "\(name) has no doc comment")
      } else {
        if entry.doc.paragraphs.isEmpty {
          if let tag = entry.doc.tagBeforeSummary {
            problem(entry.path, entry.line, "\(name) has no summary: its doc comment starts with `\(tag)`")
          } else {
            problem(entry.path, entry.line, "\(name) has an empty doc comment (no summary)")
          }
        }
        for fault in entry.doc.faults {
          problem(entry.path, fault.line, "\(name): \(fault.message)")
        }
      }
      let key = (entry.isMethod ? ":" : ".") + entry.name
      if let first = sections[entry.owner]?.seen[key] {
        problem(entry.path, entry.line, "\(name) is defined twice (first at \(first.path):\(first.line))")
      } else {
        sections[entry.owner, default: Section()].seen[key] = (entry.path, entry.line)
      }
      sections[entry.owner, default: Section()].entries.append(entry)
    }
  }

  // MARK: Scanning

  private typealias DocLine = (line: Int, text: String)

  private static func scan(path: String, text: String, into catalog: inout Catalog) {
    let binding = /\b(?:let|var)\s+([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*(?:self\.)?(module|type)\(\s*"([^"]*)"\s*\)/
    let registration = /(?:\b(module|type)\(\s*"([^"]*)"\s*\)|\b([A-Za-z_]\w*))\s*\.(function|method)\(\s*"([^"]*)"/
    let funcDeclaration = /^(?:(?:@\w+|public|private|fileprivate|internal|package|static|final|override|mutating|nonisolated)\s+)*func\s/

    var bindings: [String: Owner] = [:]
    var docLines: [DocLine] = []
    // The `///` above the latest `func`, waiting for that function's `module(...)` call.
    var functionDoc: [DocLine]?

    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineNumber = index + 1
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.hasPrefix("///") && !line.hasPrefix("////") {
        var content = line.dropFirst(3)
        if content.first == " " { content = content.dropFirst() }
        docLines.append((lineNumber, String(content)))
        continue
      }
      defer { docLines = [] }
      if line.hasPrefix("//") { continue }
      // `/// @name tide.screen.width` documents a value the code below puts under `tide`.
      if let first = docLines.first, first.text.hasPrefix("@name ") {
        let dotted = first.text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        if let dot = dotted.lastIndex(of: ".") {
          var entry = Entry(owner: .module(String(dotted[..<dot])), name: String(dotted[dotted.index(after: dot)...]),
                            isMethod: false, doc: parseDoc(Array(docLines.dropFirst())), path: path, line: lineNumber)
          entry.isValue = true
          catalog.add(entry, docFound: true)
        } else {
          catalog.problem(path, first.line, "@name needs a dotted name like tide.screen.width")
        }
        continue
      }

      if line.firstMatch(of: funcDeclaration) != nil {
        functionDoc = docLines.isEmpty ? nil : docLines
      }
      if let match = line.firstMatch(of: binding) {
        let owner: Owner = match.2 == "module" ? .module(String(match.3)) : .type(String(match.3))
        bindings[String(match.1)] = owner
        if catalog.sections[owner] == nil { catalog.sections[owner] = Section() }
        let introLines: [DocLine]?
        switch owner {
        case .module:
          introLines = docLines.isEmpty ? functionDoc : docLines
          functionDoc = nil
        case .type:
          introLines = docLines.isEmpty ? nil : docLines
        }
        if let introLines, let intro = introduction(from: introLines) {
          catalog.sections[owner, default: Section()].intros.append(intro)
        }
      }
      for match in line.matches(of: registration) {
        let owner: Owner?
        if let kind = match.1, let name = match.2 {
          owner = kind == "module" ? .module(String(name)) : .type(String(name))
        } else {
          owner = match.3.flatMap { bindings[String($0)] }
        }
        let isMethod = match.4 == "method"
        guard let owner else {
          let variable = match.3.map(String.init) ?? "?"
          catalog.problem(path, lineNumber,
            "\(variable).\(match.4)(\"\(match.5)\") is on no known module or type "
              + "(no `let \(variable) = module(...)` or `type(...)` above it in this file)")
          continue
        }
        let entry = Entry(owner: owner, name: String(match.5), isMethod: isMethod,
                          doc: parseDoc(docLines), path: path, line: lineNumber)
        catalog.add(entry, docFound: !docLines.isEmpty)
      }
    }
  }

  /// Reads a library module `tide/<name>.lua`: each `---` block above `function M.f(a, b)` or a
  /// table field `f = ...` documents `tide.<name>.f`.
  private static func scanLua(path: String, text: String, into catalog: inout Catalog) {
    let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".lua", with: "")
    let owner = Owner.module("tide." + stem)
    if catalog.sections[owner] == nil { catalog.sections[owner] = Section() }
    let function = /^function\s+[A-Za-z_]\w*\.([A-Za-z_]\w*)\s*\(([^)]*)\)/
    let field = /^([A-Za-z_]\w*)\s*=/
    var docLines: [DocLine] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("---") {
        var content = line.dropFirst(3)
        if content.first == " " { content = content.dropFirst() }
        docLines.append((index + 1, String(content)))
        continue
      }
      defer { docLines = [] }
      guard !docLines.isEmpty else { continue }
      var name: String?
      var luaParams: [String] = []
      if let match = line.firstMatch(of: function) {
        name = String(match.1)
        luaParams = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      } else if rawLine.first == " ", let match = line.firstMatch(of: field) {
        name = String(match.1)
      }
      guard let name else { continue }
      var doc = parseDoc(docLines)
      if doc.params.isEmpty {
        doc.params = luaParams.map { Param(name: $0, type: "", text: "", optional: false) }
      }
      var entry = Entry(owner: owner, name: name, isMethod: false, doc: doc, path: path, line: index + 1)
      entry.isValue = luaParams.isEmpty && line.firstMatch(of: function) == nil
      catalog.add(entry, docFound: true)
    }
  }

  /// The module or type introduction: the description of `lines`, minus a leading
  /// "`tide.sprite`:" that only repeats the heading.
  private static func introduction(from lines: [DocLine]) -> String? {
    let paragraphs = parseDoc(lines).paragraphs
    guard var first = paragraphs.first else { return nil }
    if first.hasPrefix("`"), let colon = topLevelColon(in: first) {
      first = String(first[first.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }
    if let initial = first.first, initial.isLowercase {
      first = initial.uppercased() + first.dropFirst()
    }
    let text = ([first] + paragraphs.dropFirst()).filter { !$0.isEmpty }.joined(separator: "\n\n")
    return text.isEmpty ? nil : text
  }

  private static func parseDoc(_ lines: [DocLine]) -> DocComment {
    enum Continues { case description, param, result, example }
    var doc = DocComment()
    var paragraph: [String] = []
    var continues = Continues.description
    var sawTag = false

    func endParagraph() {
      if !paragraph.isEmpty { doc.paragraphs.append(paragraph.joined(separator: " ")) }
      paragraph = []
    }

    for (lineNumber, raw) in lines {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        endParagraph()
        continues = .description
        continue
      }
      guard line.hasPrefix("@") else {
        switch continues {
        case .description: paragraph.append(line)
        case .param: doc.params[doc.params.count - 1].text += (doc.params[doc.params.count - 1].text.isEmpty ? "" : " ") + line
        case .result: doc.returns[doc.returns.count - 1].text += (doc.returns[doc.returns.count - 1].text.isEmpty ? "" : " ") + line
        case .example: doc.examples[doc.examples.count - 1].append(raw)
        }
        continue
      }
      endParagraph()
      if !sawTag && doc.paragraphs.isEmpty { doc.tagBeforeSummary = line }
      sawTag = true
      let tag = line.prefix { !$0.isWhitespace }
      let rest = line.dropFirst(tag.count).trimmingCharacters(in: .whitespaces)
      switch tag {
      case "@param":
        var name = String(rest.prefix { !$0.isWhitespace })
        var remainder = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        if name.hasSuffix(":") {
          name.removeLast()
          remainder = ": " + remainder
        }
        let (declaredType, text) = splitTypeAndText(remainder)
        var type = declaredType
        var optional = false
        if name.hasSuffix("?") { name.removeLast(); optional = true }
        if type.hasSuffix("?") { type.removeLast(); optional = true }
        if name.isEmpty {
          doc.faults.append((lineNumber, "@param needs a name and a type"))
          continues = .description
          continue
        }
        if type.isEmpty { doc.faults.append((lineNumber, "@param \(name) has no type")) }
        if doc.params.contains(where: { $0.name == name }) {
          doc.faults.append((lineNumber, "@param \(name) is documented twice"))
        }
        doc.params.append(Param(name: name, type: type, text: text, optional: optional))
        continues = .param
      case "@return", "@returns":
        let (type, text) = splitTypeAndText(rest)
        if type.isEmpty { doc.faults.append((lineNumber, "@return has no type")) }
        doc.returns.append(Return(type: type, text: text))
        continues = .result
      case "@example", "@examples":
        var code = raw.drop { $0.isWhitespace }.dropFirst(tag.count)
        if code.first == " " { code = code.dropFirst() }
        if code.trimmingCharacters(in: .whitespaces).isEmpty {
          doc.faults.append((lineNumber, "\(tag) has no code"))
        } else if continues == .example {
          doc.examples[doc.examples.count - 1].append(String(code))
        } else {
          doc.examples.append([String(code)])
        }
        continues = doc.examples.isEmpty ? .description : .example
      default:
        doc.faults.append((lineNumber, "unknown tag \(tag) (use @param, @return or @example)"))
        continues = .description
      }
    }
    endParagraph()
    return doc
  }

  /// Splits `number: seconds` into type and description at the first colon that is followed by a
  /// space and sits outside brackets and code spans, so `fun(x: number)` stays whole.
  private static func splitTypeAndText(_ text: String) -> (type: String, text: String) {
    guard let colon = topLevelColon(in: text) else {
      return (text.trimmingCharacters(in: .whitespaces), "")
    }
    let type = text[..<colon].trimmingCharacters(in: .whitespaces)
    let rest = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    return (type, rest)
  }

  private static func topLevelColon(in text: String) -> String.Index? {
    var depth = 0
    var inCode = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      switch character {
      case "`": inCode.toggle()
      case "(", "[", "{", "<": if !inCode { depth += 1 }
      case ")", "]", "}", ">": if !inCode { depth = max(0, depth - 1) }
      case ":" where !inCode && depth == 0:
        if next == text.endIndex || text[next].isWhitespace { return index }
      default: break
      }
      index = next
    }
    return nil
  }

  /// The conventional Lua name for a value of `type`: `Sprite` -> `sprite`, `TextBox` -> `text_box`.
  private static func receiverName(_ type: String) -> String {
    var result = ""
    var previous: Character?
    for character in type {
      if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
        result.append("_")
      }
      result += character.lowercased()
      previous = character
    }
    return result
  }

  // MARK: Rendering

  private static let title = "Tide Lua API"

  private static func render(_ catalog: Catalog) -> String {
    let owners = catalog.sections.keys.sorted { a, b in
      switch (a, b) {
      case (.module, .type): return true
      case (.type, .module): return false
      case (.module(let x), .module(let y)): return (x == "tide" ? 0 : 1, x) < (y == "tide" ? 0 : 1, y)
      case (.type(let x), .type(let y)): return x < y
      }
    }
    let modules = owners.filter { if case .module = $0 { true } else { false } }
    let types = owners.filter { if case .type = $0 { true } else { false } }

    // Anchors follow GitHub's rules, which number repeated headings in document order.
    var slugger = Slugger()
    _ = slugger.slug(title)
    _ = slugger.slug("Contents")
    var sectionAnchor: [Owner: String] = [:]
    var entryAnchors: [Owner: [String]] = [:]
    for owner in owners {
      sectionAnchor[owner] = slugger.slug(owner.name)
      entryAnchors[owner] = catalog.sections[owner, default: Section()].entries.map { slugger.slug(signature($0)) }
    }
    var typeLinks: [String: String] = [:]
    for case .type(let name) in types { typeLinks[name] = sectionAnchor[.type(name)] }

    var out: [String] = []
    out.append("# \(title)")
    out.append("_Generated by `tide docs` from the doc comments in `\(sourceFolder)` and `\(luaSourceFolder)`. "
      + "Do not edit this file by hand: change the comments and run `tide docs` again._")
    out.append("Every function and method a game's Lua code can call, in the order the bindings define them. "
      + "Optional arguments are shown in brackets: `f(a, [b])`.")
    out.append("## Contents")
    for (label, group) in [("Modules", modules), ("Types", types)] where !group.isEmpty {
      out.append("**\(label)**")
      let lines = group.map { owner -> String in
        let section = catalog.sections[owner, default: Section()]
        let anchors = entryAnchors[owner, default: []]
        let links = zip(section.entries, anchors).map { "[\($0.name)](#\($1))" }
        let head = "- [\(owner.name)](#\(sectionAnchor[owner, default: ""]))"
        return links.isEmpty ? head : head + ": " + links.joined(separator: ", ")
      }
      out.append(lines.joined(separator: "\n"))
    }

    for owner in owners {
      let section = catalog.sections[owner, default: Section()]
      out.append("## \(owner.name)")
      out.append(contentsOf: section.intros)
      if case .type(let name) = owner {
        // Its own methods returning it (for chaining) are not where a value comes from.
        let makers = owners.filter { $0 != owner }
          .flatMap { catalog.sections[$0, default: Section()].entries }
          .filter { entry in entry.doc.returns.contains { bareType($0.type) == name } }
        if !makers.isEmpty {
          out.append("Returned by " + makers.map { "`\($0.callName)`" }.joined(separator: ", ") + ".")
        }
      }
      for entry in section.entries {
        out.append(contentsOf: render(entry, typeLinks: typeLinks))
      }
    }
    return out.joined(separator: "\n\n") + "\n"
  }

  private static func signature(_ entry: Entry) -> String {
    if entry.isValue { return entry.callName }
    let arguments = entry.doc.params.map { $0.optional ? "[\($0.name)]" : $0.name }
    return "\(entry.callName)(\(arguments.joined(separator: ", ")))"
  }

  private static func render(_ entry: Entry, typeLinks: [String: String]) -> [String] {
    var blocks = ["### \(signature(entry))"]
    blocks.append(contentsOf: entry.doc.paragraphs)
    if entry.doc.params.contains(where: { !$0.type.isEmpty || !$0.text.isEmpty }) {
      var table = ["| Parameter | Type | Description |", "| --- | --- | --- |"]
      for param in entry.doc.params {
        var type = typeCell(param.type, typeLinks: typeLinks)
        if param.optional { type += type.isEmpty ? "optional" : ", optional" }
        let cells = ["`\(param.name)`", escapeCell(type), escapeCell(param.text)]
        table.append("| " + cells.map { $0.isEmpty ? "" : $0 + " " }.joined(separator: "| ") + "|")
      }
      blocks.append(table.joined(separator: "\n"))
    }
    let returns = entry.doc.returns.map { result -> String in
      let type = typeCell(result.type, typeLinks: typeLinks)
      return result.text.isEmpty ? type : "\(type): \(result.text)"
    }
    if returns.count == 1 {
      blocks.append("**Returns** \(returns[0])")
    } else if returns.count > 1 {
      blocks.append("**Returns**")
      blocks.append(returns.map { "- \($0)" }.joined(separator: "\n"))
    }
    for example in entry.doc.examples {
      blocks.append((["```lua"] + example + ["```"]).joined(separator: "\n"))
    }
    return blocks
  }

  private static func typeCell(_ type: String, typeLinks: [String: String]) -> String {
    guard !type.isEmpty else { return "" }
    if let anchor = typeLinks[bareType(type)] { return "[`\(type)`](#\(anchor))" }
    return "`\(type)`"
  }

  private static func bareType(_ type: String) -> String {
    type.hasSuffix("?") ? String(type.dropLast()) : type
  }

  private static func escapeCell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered.
  private struct Slugger {
    var occurrences: [String: Int] = [:]

    mutating func slug(_ heading: String) -> String {
      let kept = heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
      let base = kept.replacingOccurrences(of: " ", with: "-")
      var result = base
      while occurrences[result] != nil {
        occurrences[base, default: 0] += 1
        result = "\(base)-\(occurrences[base, default: 0])"
      }
      occurrences[result] = 0
      return result
    }
  }

  private static func relativePath(of directory: URL, to root: URL) -> String? {
    let candidates = [
      (directory.standardizedFileURL, root.standardizedFileURL),
      (directory.standardizedFileURL.resolvingSymlinksInPath(), root.standardizedFileURL.resolvingSymlinksInPath()),
    ]
    for (inner, outer) in candidates {
      let innerParts = inner.pathComponents
      let outerParts = outer.pathComponents
      if innerParts.count >= outerParts.count, Array(innerParts.prefix(outerParts.count)) == outerParts {
        return innerParts.dropFirst(outerParts.count).joined(separator: "/")
      }
    }
    return nil
  }
}
