import Foundation
import TideScript

/// The generated Lua API reference, and what is wrong with the doc comments it was made from.
public struct APIDocResult: Sendable, Equatable {
  /// The reference as Markdown, the content of `docs/api.md`.
  public var markdown: String
  /// One line per fault, `path:line: message`, in source order; empty when every export is documented.
  public var problems: [String]
  /// The same API as a LuaLS (lua-language-server) `---@meta` library, `docs/meta/tide.lua`.
  public var meta: String

  /// Wraps a generated reference and its problems.
  public init(markdown: String, problems: [String], meta: String = "") {
    self.markdown = markdown
    self.problems = problems
    self.meta = meta
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
  /// The folders, relative to the package root, whose bindings the reference documents: the
  /// runtime's, and `tide.test`'s, which only the test runner installs.
  public static let sourceFolders = ["Sources/TideScript/API", "Sources/TideTesting/API"]
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

  /// The reference of the package at `root`: its bindings, its Lua library and the engine's
  /// table shapes, as `tide docs` writes it.
  public static func generate(root: URL) throws -> APIDocResult {
    let bindings = try sourceFolders.flatMap { try self.sources(in: root.appendingPathComponent($0), relativeTo: root) }
    let sources = try bindings + luaSources(root: root)
    return generate(sources: sources, shapes: LuaTableShape.all)
  }

  /// Generates the reference from binding sources; the order of `sources` does not matter.
  ///
  /// `shapes` are the tables the engine checks the keys of (`LuaTableShape.all`): each becomes a
  /// type whose fields are exactly the keys the check accepts, so a doc comment can name it as a
  /// parameter's type (`@param opts TweenOptions?`).
  public static func generate(sources: [(path: String, text: String)], shapes: [LuaTableShape] = []) -> APIDocResult {
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
    for shape in shapes { addShape(shape, into: &catalog) }
    return APIDocResult(markdown: render(catalog), problems: catalog.problems, meta: renderMeta(catalog))
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

  enum Owner: Hashable {
    case module(String)
    case type(String)

    var name: String {
      switch self {
      case .module(let name), .type(let name): name
      }
    }
  }

  struct Param {
    var name: String
    var type: String
    var text: String
    var optional: Bool
  }

  struct Return {
    var type: String
    var text: String
  }

  struct DocComment {
    var paragraphs: [String] = []
    var params: [Param] = []
    var returns: [Return] = []
    var examples: [[String]] = []
    /// `@field name type: text`: a field of a type or module, or a key of an options table.
    var fields: [Param] = []
    /// `@type T`: the type of a documented value (`tide.screen.width`).
    var valueType: String?
    /// `@class Name` or `@class Name : Base`: the object a widget constructor returns, whose
    /// methods follow as `@method name(a: type, b: type?) returns: text`.
    var className: String?
    var baseClass: String?
    var methods: [MethodDoc] = []
    /// The first tag line, when it comes before any description.
    var tagBeforeSummary: String?
    /// Faults within the comment, with the line they are on.
    var faults: [(line: Int, message: String)] = []
  }

  /// One `@method` line of a `@class` block.
  struct MethodDoc {
    var name: String
    var params: [Param]
    var returns: [Return]
    var summary: String
    var line: Int
  }

  struct Entry {
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
    /// A field of a Lua library table (`tide.ui.go = navigation.go`) rather than a `@name` value.
    var isLuaField = false

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

  struct Section {
    var intros: [String] = []
    /// `@field` tags from the introduction: the fields of a type (`sprite.x`) or module.
    var fields: [Param] = []
    var baseClass: String?
    /// A table of keys (`LuaTableShape`), not an object with methods.
    var isTable = false
    /// Its scripts may add keys of their own.
    var isOpen = false
    var entries: [Entry] = []
    var seen: [String: (path: String, line: Int)] = [:]
  }

  struct Catalog {
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
        if let introLines {
          if let intro = introduction(from: introLines) { catalog.sections[owner, default: Section()].intros.append(intro) }
          catalog.sections[owner, default: Section()].fields += parseDoc(introLines).fields
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
      let blockDoc = parseDoc(docLines)
      if let className = blockDoc.className {
        addClass(className, from: blockDoc, path: path, into: &catalog)
      }
      var name: String?
      var luaParams: [String] = []
      if let match = line.firstMatch(of: function) {
        name = String(match.1)
        luaParams = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      } else if rawLine.first == " ", let match = line.firstMatch(of: field) {
        name = String(match.1)
      }
      guard let name else {
        if let className = blockDoc.className {
          let owner = Owner.type(className)
          catalog.sections[owner, default: Section()].intros += blockDoc.paragraphs
          catalog.sections[owner, default: Section()].fields += blockDoc.fields
        }
        continue
      }
      var doc = blockDoc
      if let className = doc.className {
        // A widget constructor: one options table (its keys are the `@field`s) in, the widget out.
        if doc.returns.isEmpty { doc.returns = [Return(type: className, text: "")] }
        if doc.params.isEmpty { doc.params = [Param(name: "opts", type: "table", text: "the options below", optional: false)] }
      }
      if doc.params.isEmpty {
        doc.params = luaParams.map { Param(name: $0, type: "", text: "", optional: false) }
      }
      var entry = Entry(owner: owner, name: name, isMethod: false, doc: doc, path: path, line: index + 1)
      // A field documented with parameters or results is a function (`go = navigation.go`).
      entry.isLuaField = line.firstMatch(of: function) == nil
      entry.isValue = entry.isLuaField && doc.params.isEmpty && doc.returns.isEmpty
      catalog.add(entry, docFound: true)
    }
  }

  /// The type section of a table the engine checks the keys of. A key without a type of its own
  /// takes the type and text of the `@field` of the same name on `shape.fieldsOf` (a sprite
  /// constructor's `fill` is the sprite's `fill`); one that type does not document is a problem.
  private static func addShape(_ shape: LuaTableShape, into catalog: inout Catalog) {
    let documented = shape.fieldsOf.map { catalog.sections[.type($0), default: Section()].fields } ?? []
    var section = catalog.sections[.type(shape.className)] ?? Section()
    section.intros.append(shape.summary)
    section.baseClass = shape.base
    section.isTable = true
    section.isOpen = shape.open
    for key in shape.keys {
      var type = key.type
      var text = key.text
      if type.isEmpty {
        guard let field = documented.first(where: { $0.name == key.name }) else {
          catalog.problems.append(
            "LuaTableShape.\(shape.className): key '\(key.name)' has no type, and \(shape.fieldsOf ?? "no type") has no @field \(key.name)")
          continue
        }
        type = field.type
        if text.isEmpty { text = field.text }
      }
      let optional = type.hasSuffix("?") || !key.required
      if type.hasSuffix("?") { type.removeLast() }
      section.fields.append(Param(name: key.name, type: type, text: text, optional: optional))
    }
    catalog.sections[.type(shape.className)] = section
  }

  /// The type section a `@class` block describes: its base, and its `@method`s as entries. A
  /// block that documents nothing else (no function or field below it) gives the introduction.
  private static func addClass(_ name: String, from doc: DocComment, path: String, into catalog: inout Catalog) {
    let owner = Owner.type(name)
    var section = catalog.sections[owner] ?? Section()
    section.baseClass = doc.baseClass ?? section.baseClass
    catalog.sections[owner] = section
    for method in doc.methods {
      var methodDoc = DocComment()
      methodDoc.paragraphs = method.summary.isEmpty ? [] : [method.summary.prefix(1).uppercased() + method.summary.dropFirst()]
      methodDoc.params = method.params
      methodDoc.returns = method.returns
      catalog.add(Entry(owner: owner, name: method.name, isMethod: true, doc: methodDoc, path: path, line: method.line),
                  docFound: true)
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
    enum Continues { case description, param, result, example, field, method }
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
        case .field: doc.fields[doc.fields.count - 1].text += " " + line
        case .method: doc.methods[doc.methods.count - 1].summary += " " + line
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
        let param = namedType(rest)
        if param.name.isEmpty {
          doc.faults.append((lineNumber, "@param needs a name and a type"))
          continues = .description
          continue
        }
        if param.type.isEmpty { doc.faults.append((lineNumber, "@param \(param.name) has no type")) }
        if doc.params.contains(where: { $0.name == param.name }) {
          doc.faults.append((lineNumber, "@param \(param.name) is documented twice"))
        }
        doc.params.append(param)
        continues = .param
      case "@return", "@returns":
        let (type, text) = splitTypeAndText(rest)
        if type.isEmpty { doc.faults.append((lineNumber, "@return has no type")) }
        doc.returns.append(Return(type: type, text: text))
        continues = .result
      case "@field":
        let field = namedType(rest)
        if field.name.isEmpty || field.type.isEmpty { doc.faults.append((lineNumber, "@field needs a name and a type")) }
        doc.fields.append(field)
        continues = .field
      case "@type":
        if rest.isEmpty { doc.faults.append((lineNumber, "@type needs a type")) }
        doc.valueType = rest
        continues = .description
      case "@class":
        let parts = rest.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.first?.isEmpty ?? true { doc.faults.append((lineNumber, "@class needs a name")) }
        doc.className = parts.first
        doc.baseClass = parts.count > 1 ? parts[1] : nil
        continues = .description
      case "@method":
        if let method = parseMethod(rest, line: lineNumber) {
          doc.methods.append(method)
          continues = .method
        } else {
          doc.faults.append((lineNumber, "@method needs `name(a: type, ...) [returns]: summary`"))
          continues = .description
        }
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
        doc.faults.append((lineNumber, "unknown tag \(tag) (use @param, @return, @example, @field, @type, @class or @method)"))
        continues = .description
      }
    }
    endParagraph()
    return doc
  }

  /// Reads `name type: text` (`@param`, `@field`): `name?` or `type?` marks it optional, and
  /// `name: text` (no type) is allowed so the fault can name it.
  private static func namedType(_ rest: String) -> Param {
    var name = String(rest.prefix { !$0.isWhitespace })
    var remainder = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    if name.hasSuffix(":") {
      name.removeLast()
      remainder = ": " + remainder
    }
    var (type, text) = splitTypeAndText(remainder)
    var optional = false
    if name.hasSuffix("?") { name.removeLast(); optional = true }
    if type.hasSuffix("?") { type.removeLast(); optional = true }
    return Param(name: name, type: type, text: text, optional: optional)
  }

  /// Reads `set_text(s: string, b: number?) Button: summary` into a method.
  private static func parseMethod(_ text: String, line: Int) -> MethodDoc? {
    let (head, summary) = splitTypeAndText(text)
    guard let open = head.firstIndex(of: "("), let close = head.lastIndex(of: ")"), open < close else { return nil }
    let name = head[..<open].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    let params = splitTopLevel(String(head[head.index(after: open)..<close])).map { part -> Param in
      let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      var name = pieces[0]
      var type = pieces.count > 1 ? pieces[1] : ""
      var optional = false
      if name.hasSuffix("?") { name.removeLast(); optional = true }
      if type.hasSuffix("?") { type.removeLast(); optional = true }
      return Param(name: name, type: type, text: "", optional: optional)
    }
    let returnType = head[head.index(after: close)...].trimmingCharacters(in: .whitespaces)
    let returns = returnType.isEmpty ? [] : [Return(type: returnType, text: "")]
    return MethodDoc(name: name, params: params, returns: returns, summary: summary, line: line)
  }

  /// `a: number, b: fun(x: number, y: number)` split at the commas outside brackets (or at
  /// another `separator`: `|` splits a type into its alternatives, `table<string, a|b>` whole).
  static func splitTopLevel(_ text: String, at separator: Character = ",") -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      switch character {
      case "(", "[", "{", "<": depth += 1
      case ")", "]", "}", ">": depth = max(0, depth - 1)
      case separator where depth == 0:
        parts.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    let last = current.trimmingCharacters(in: .whitespaces)
    if !last.isEmpty { parts.append(last) }
    return parts
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
  static func receiverName(_ type: String) -> String {
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
    _ = slugger.slug("Names")
    for (name, _, _) in enums { typeLinks[name] = slugger.slug(name) }

    var out: [String] = []
    out.append("# \(title)")
    let folders = (sourceFolders + [luaSourceFolder]).map { "`\($0)`" }
    out.append("_Generated by `tide docs` from the doc comments in \(folders.dropLast().joined(separator: ", ")) and \(folders.last ?? ""). "
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
      if let base = section.baseClass {
        let link = typeLinks[base].map { "[`\(base)`](#\($0))" } ?? "`\(base)`"
        out.append(section.isTable ? "Also takes every key of \(link)." : "Also has every method of \(link).")
      }
      if !section.fields.isEmpty {
        out.append(fieldTable(section.isTable ? "Key" : "Field", section.fields, typeLinks: typeLinks))
      }
      if section.isOpen {
        out.append("Any other key is the game's own.")
      }
      if case .type(let name) = owner {
        // Its own methods returning it (for chaining) are not where a value comes from.
        let makers = owners.filter { $0 != owner }
          .flatMap { catalog.sections[$0, default: Section()].entries }
          .filter { entry in entry.doc.returns.contains { bareType($0.type) == name } }
        if !makers.isEmpty {
          out.append("Returned by " + makers.map { "`\($0.callName)`" }.joined(separator: ", ") + ".")
        }
      }
      // Where the engine defines it, so a reader (or the engine's next engineer) finds any
      // function's home in one step.
      let files = section.entries.reduce(into: [String]()) { files, entry in
        if !files.contains(entry.path) { files.append(entry.path) }
      }
      // One file for the whole section, else one for each entry (the `tide` table gathers
      // functions from many parts).
      if files.count == 1 { out.append("_Defined in `\(files[0])`._") }
      for entry in section.entries {
        var blocks = render(entry, typeLinks: typeLinks)
        if files.count > 1 { blocks.insert("_Defined in `\(entry.path)`._", at: 1) }
        out.append(contentsOf: blocks)
      }
    }
    // The enums the types above name (a test's small catalog may name none).
    var typesUsed: [String] = []
    for section in catalog.sections.values {
      typesUsed += section.fields.map(\.type)
      for entry in section.entries {
        typesUsed += entry.doc.params.map(\.type)
        typesUsed += entry.doc.fields.map(\.type)
        typesUsed += entry.doc.returns.map(\.type)
      }
    }
    let named = enums.filter { item in typesUsed.contains { $0.contains(item.name) } }
    if !named.isEmpty {
      out.append("## Names")
      out.append("The strings some arguments and fields take, named in the types above.")
    }
    for (name, values, text) in named {
      out.append("### \(name)")
      let quoted: [String] = values.map { "`\"" + $0 + "\"`" }
      let sentence: String = text.prefix(1).uppercased() + String(text.dropFirst())
      out.append(sentence + ": " + quoted.joined(separator: ", ") + ".")
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
    if let valueType = entry.doc.valueType {
      blocks.append("**Type** \(typeCell(valueType, typeLinks: typeLinks))")
    }
    if !entry.doc.fields.isEmpty {
      blocks.append(fieldTable(entry.isValue && entry.doc.className == nil ? "Field" : "Option", entry.doc.fields, typeLinks: typeLinks))
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

  /// A table of fields or options: name, type (optional ones marked) and description.
  private static func fieldTable(_ heading: String, _ fields: [Param], typeLinks: [String: String]) -> String {
    var table = ["| \(heading) | Type | Description |", "| --- | --- | --- |"]
    for field in fields {
      var type = typeCell(field.type, typeLinks: typeLinks)
      if field.optional { type += ", optional" }
      table.append("| `\(field.name)` | \(escapeCell(type)) | \(escapeCell(field.text)) |")
    }
    return table.joined(separator: "\n")
  }

  private static func typeCell(_ type: String, typeLinks: [String: String]) -> String {
    guard !type.isEmpty else { return "" }
    if let anchor = typeLinks[bareType(type)] { return "[`\(type)`](#\(anchor))" }
    return "`\(type)`"
  }

  static func bareType(_ type: String) -> String {
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
