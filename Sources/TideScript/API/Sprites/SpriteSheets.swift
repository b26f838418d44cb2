import LuaBridge
import TideCore

extension Sprites {
  /// The sheet `tide.sprite.sheet` describes at `arg`, each region checked against the image.
  func readSheet(_ lua: LuaState, arg: Int32) throws -> SpriteSheet {
    lua.rawGet(arg, key: "image")
    let image = lua.type(at: -1) == .string ? lua.toString(at: -1) : nil
    lua.pop(1)
    guard let image else {
      throw LuaArgumentError(arg: arg, message: "image: the name of an image in assets/ expected")
    }
    guard !image.contains("#") else { throw LuaArgumentError(arg: arg, message: "image: a sheet is cut from an image, not from a region ('\(image)')") }
    let size = try imageSize(image, arg: arg)
    lua.rawGet(arg, key: "regions")
    let hasRegions = lua.type(at: -1) != .nil
    lua.pop(1)
    let gridKeys = ["frame_w", "frame_h", "count", "margin", "spacing", "names"].filter { key in
      lua.rawGet(arg, key: key)
      defer { lua.pop(1) }
      return lua.type(at: -1) != .nil
    }
    if hasRegions {
      guard gridKeys.isEmpty else {
        throw LuaArgumentError(arg: arg, message: "give regions or a grid (frame_w, frame_h), not both: \(gridKeys.joined(separator: ", ")) with regions")
      }
      return try readRegions(lua, arg: arg, image: image, size: size)
    }
    guard gridKeys.contains("frame_w"), gridKeys.contains("frame_h") else {
      throw LuaArgumentError(arg: arg, message: "frame_w and frame_h (a grid's cell size in pixels) or regions expected")
    }
    let side = NumberRange(1...Double(Limits.imageSide))
    let cellWidth = try lua.optNumberField(arg, "frame_w", in: side, default: 1)
    let cellHeight = try lua.optNumberField(arg, "frame_h", in: side, default: 1)
    let margin = try lua.optNumberField(arg, "margin", in: NumberRange(0...Double(Limits.imageSide)), default: 0)
    let spacing = try lua.optNumberField(arg, "spacing", in: NumberRange(0...Double(Limits.imageSide)), default: 0)
    let count = try lua.optNumberField(arg, "count", in: NumberRange(1...Double(Limits.sheetRegions)), default: Double(Limits.sheetRegions))
    for (key, value) in [("frame_w", cellWidth), ("frame_h", cellHeight), ("margin", margin), ("spacing", spacing), ("count", count)]
    where value != value.rounded() {
      throw LuaArgumentError(arg: arg, message: "\(key): a whole number of pixels expected, got \(value)")
    }
    let cells = SpriteSheet.grid(
      imageWidth: size.x, imageHeight: size.y, cellWidth: cellWidth, cellHeight: cellHeight,
      margin: margin, spacing: spacing, limit: Int(count))
    guard !cells.isEmpty else {
      throw LuaArgumentError(arg: arg, message: "no \(Int(cellWidth))x\(Int(cellHeight)) cell fits in '\(image)' (\(Int(size.x))x\(Int(size.y)) pixels)")
    }
    if lua.rawGet(arg, key: "count") != .nil, cells.count < Int(count) {
      lua.pop(1)
      throw LuaArgumentError(arg: arg, message: "count: '\(image)' holds \(cells.count) whole \(Int(cellWidth))x\(Int(cellHeight)) cells, not \(Int(count))")
    }
    lua.pop(1)
    var names: [String: Int] = [:]
    lua.rawGet(arg, key: "names")
    defer { lua.pop(1) }
    if lua.type(at: -1) != .nil {
      guard lua.type(at: -1) == .table else { throw LuaArgumentError(arg: arg, message: "names: a list of cell names expected") }
      let list = lua.absIndex(-1)
      let total = lua.rawLength(list)
      guard total <= cells.count else {
        throw LuaArgumentError(arg: arg, message: "names: \(total) names for \(cells.count) cells")
      }
      for i in stride(from: 1, through: total, by: 1) {
        lua.rawGet(list, index: i)
        defer { lua.pop(1) }
        guard lua.type(at: -1) == .string, let cell = lua.toString(at: -1) else {
          throw LuaArgumentError(arg: arg, message: "names[\(i)]: a name expected, got \(lua.typeName(at: -1))")
        }
        try checkRegionName(cell, what: "names[\(i)]", names: names, arg: arg)
        names[cell] = i - 1
      }
    }
    return SpriteSheet(image: image, regions: cells, names: names)
  }

  /// `regions`: a list `{ {x, y, w, h}, ... }` or names mapped to rectangles.
  private func readRegions(_ lua: LuaState, arg: Int32, image: String, size: Vec2) throws -> SpriteSheet {
    lua.rawGet(arg, key: "regions")
    defer { lua.pop(1) }
    guard lua.type(at: -1) == .table else { throw LuaArgumentError(arg: arg, message: "regions: a table of { x, y, w, h } expected") }
    let table = lua.absIndex(-1)
    var keyed: [(key: String, index: Int?, rect: Rect)] = []
    var failure: Error?
    lua.forEachPair(table) { k, v in
      guard failure == nil else { return }
      let key: String
      var index: Int?
      if lua.type(at: k) == .number, let n = lua.toDouble(at: k), n == n.rounded(), n >= 1 {
        index = Int(n)
        key = "regions[\(Int(n))]"
      } else if lua.type(at: k) == .string, let name = lua.toString(at: k) {
        key = "regions.\(name)"
      } else {
        failure = LuaArgumentError(arg: arg, message: "regions: keys must be 1, 2, 3... or names")
        return
      }
      guard keyed.count < Limits.sheetRegions else {
        failure = LuaArgumentError(arg: arg, message: "regions: at most \(Limits.sheetRegions)")
        return
      }
      do { keyed.append((key, index, try readRect(lua, at: v, what: key, size: size, image: image, arg: arg))) } catch { failure = error }
    }
    if let failure { throw failure }
    guard !keyed.isEmpty else { throw LuaArgumentError(arg: arg, message: "regions: at least one region expected") }
    let listed = keyed.filter { $0.index != nil }
    let named = keyed.filter { $0.index == nil }
    guard listed.isEmpty || named.isEmpty else {
      throw LuaArgumentError(arg: arg, message: "regions: a list or names, not both")
    }
    if !listed.isEmpty {
      let sorted = listed.sorted { ($0.index ?? 0) < ($1.index ?? 0) }
      guard sorted.last?.index == sorted.count else { throw LuaArgumentError(arg: arg, message: "regions: a list without holes expected") }
      return SpriteSheet(image: image, regions: sorted.map(\.rect))
    }
    // Named regions are numbered in name order, so "#1" is the same on every run.
    let sorted = named.sorted { $0.key < $1.key }
    var names: [String: Int] = [:]
    for (i, region) in sorted.enumerated() {
      let name = String(region.key.dropFirst("regions.".count))
      try checkRegionName(name, what: region.key, names: names, arg: arg)
      names[name] = i
    }
    return SpriteSheet(image: image, regions: sorted.map(\.rect), names: names)
  }

  /// `{ x, y, w, h }` at `index`, in whole pixels inside an image `size`.
  private func readRect(_ lua: LuaState, at index: Int32, what: String, size: Vec2, image: String, arg: Int32) throws -> Rect {
    guard lua.type(at: index) == .table, lua.rawLength(index) == 4 else {
      throw LuaArgumentError(arg: arg, message: "\(what): { x, y, w, h } in pixels expected")
    }
    var numbers: [Double] = []
    for i in 1...4 {
      lua.rawGet(index, index: i)
      defer { lua.pop(1) }
      guard lua.type(at: -1) == .number, let n = lua.toDouble(at: -1), n.isFinite, n == n.rounded(), n >= 0 else {
        throw LuaArgumentError(arg: arg, message: "\(what): { x, y, w, h } in whole pixels, 0 or more, expected")
      }
      numbers.append(n)
    }
    let rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    guard rect.width >= 1, rect.height >= 1, rect.x + rect.width <= size.x, rect.y + rect.height <= size.y else {
      throw LuaArgumentError(
        arg: arg,
        message: "\(what): { \(Int(rect.x)), \(Int(rect.y)), \(Int(rect.width)), \(Int(rect.height)) } is not inside '\(image)' (\(Int(size.x))x\(Int(size.y)) pixels)")
    }
    return rect
  }

  /// Refuses a region name a lookup could not tell from a number, or one given twice.
  private func checkRegionName(_ name: String, what: String, names: [String: Int], arg: Int32) throws {
    guard !name.isEmpty, name.utf8.count <= 100, Int(name) == nil, !name.contains("#") else {
      throw LuaArgumentError(arg: arg, message: "\(what): a region's name is 1 to 100 characters, not a number and without '#', got '\(name)'")
    }
    guard names[name] == nil else { throw LuaArgumentError(arg: arg, message: "\(what): '\(name)' is named twice") }
  }

  /// The size of region `name` ("hero#3", "hero#idle"), or an error naming what is missing.
  func regionSize(_ name: String, hash: String.Index, arg: Int32) throws -> Vec2 {
    let sheetName = String(name[..<hash])
    let region = name[name.index(after: hash)...]
    guard let sheet = graph.sheets[sheetName] else {
      throw LuaArgumentError(arg: arg, message: "no sprite sheet '\(sheetName)' for '\(name)' (make one with tide.sprite.sheet)")
    }
    guard let rect = sheet.region(region) else {
      let named = sheet.names.keys.sorted().prefix(20)
      let listed = named.isEmpty ? "" : " or a name: \(named.joined(separator: ", "))"
      throw LuaArgumentError(arg: arg, message: "sheet '\(sheetName)' has no region '\(region)' (1 to \(sheet.regions.count)\(listed))")
    }
    return Vec2(rect.width, rect.height)
  }
}
