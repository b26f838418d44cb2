import LuaBridge
import TideCore

/// The strings sprite bindings accept, one list each for the check and the docs' enums.
package enum SpriteAPIEnums {
  package static let anchorNames = ["top_left", "top", "top_right", "left", "center", "right", "bottom_left", "bottom", "bottom_right"]
  package static let spriteEvents = ["tap", "drag", "press", "release", "pinch", "mouse_down", "mouse_up", "wheel"]
}

extension Color {
  /// Why `text` is not a colour, worded once so a sprite's refusal and `tide.colour`'s answer agree.
  static func notAColour(_ text: String) -> String {
    "'\(text)' is not a colour (use \"#rrggbb\", \"#rrggbbaa\" or a name like \"white\")"
  }
}

/// The Lua-facing sprite fields; unknown names are refused so a typo fails loudly.
enum SpriteField: String, CaseIterable {
  case x, y, w, h, width, height, anchor, anchor_x, anchor_y, scale, scale_x, scale_y, rotation, alpha, z
  case visible, flip_x, flip_y, tint, fill, stroke, stroke_width, radius, text, font, size, color, align
  case image, frame, tag, name, kind, id, parent, data, clip, points
  case instant_tap, keyboard, moving, layout_text, removed
  case max_width, max_height, fit, min_size, shown_text, shown_size

  static let list = allCases.map(\.rawValue).joined(separator: ", ")

  /// The fields kept as plain fields of the sprite's Lua table, read and written by scripts
  /// without a call into the engine (see `SpriteTables`): the position, which games write most,
  /// then rotation, alpha, the scale per axis, the box's size and the uniform scale, which
  /// spinning, fading, pulsing and stretching sprites write every tick. The table holds those
  /// only once a script has written each (`SpriteSlot.holds`): a sprite that never turns, fades
  /// or grows pays nothing for them. A text never holds its size, which is measured, and a table
  /// holds the uniform scale or the axes, never both. In this order, which `SpriteSlot`'s
  /// confirmed values follow.
  static let raw: [SpriteField] = [.x, .y, .rotation, .alpha, .scale_x, .scale_y, .w, .h, .scale]

  /// Fields a script reads but never writes, in a constructor or as `s.kind = ...`.
  var isReadOnly: Bool {
    switch self {
    case .kind, .id, .parent, .data, .shown_text, .shown_size, .removed: true
    default: false
    }
  }

  /// The numbers a number field takes, from constructors, field writes (in Swift or in C) and
  /// tweens alike; nil for fields that are not numbers.
  var range: NumberRange? {
    switch self {
    case .x, .y: Limits.position
    case .w, .h, .width, .height, .max_width, .max_height: Limits.size
    case .anchor_x, .anchor_y, .anchor: Limits.anchor
    case .scale, .scale_x, .scale_y: Limits.scale
    case .rotation: Limits.rotation
    case .alpha: Limits.alpha
    case .z: Limits.z
    case .stroke_width: Limits.strokeWidth
    case .radius: Limits.radius
    case .size, .min_size: Limits.fontSize
    case .frame: Limits.frame
    default: nil
    }
  }

  /// The fields Lua reads and writes in C, straight from the node's `NodeFields` block, without
  /// entering Swift (see `LuaObjectField`). A write the C side refuses (a value of the wrong type
  /// or outside the field's `range`) and every other field go to `Engine.setField`/`pushField` as before. `z` is read in C but
  /// written in Swift, because a write re-sorts the parent's children.
  static let direct: [LuaObjectField] = {
    func at(_ field: PartialKeyPath<NodeFields>) -> Int { NodeFields.offset(of: field) }
    func bounds(_ name: String) -> ClosedRange<Double> {
      guard let range = SpriteField(rawValue: name)?.range else { preconditionFailure("\(name) has a range") }
      return range.bounds
    }
    return [
      LuaObjectField("x", .number, offset: at(\.x), bounds: bounds("x")),
      LuaObjectField("y", .number, offset: at(\.y), bounds: bounds("y")),
      // `w` and `h` join the table when first written, but never a text's, whose box is
      // measured: Swift serves those, measuring first. `width` and `height` say the same of
      // the same box: in C while the table holds no newer value, else in Swift, which takes it.
      plainSize(
        rawOnceWritten(
          LuaObjectField("w", .number, offset: at(\.width), bounds: bounds("w")), SpriteSlot.holdsWidth,
          confirmed: \.confirmedWidth)),
      plainSize(
        rawOnceWritten(
          LuaObjectField("h", .number, offset: at(\.height), bounds: bounds("h")), SpriteSlot.holdsHeight,
          confirmed: \.confirmedHeight)),
      unlessHeld(
        settled(LuaObjectField("width", .number, offset: at(\.width), bounds: bounds("width"))), SpriteSlot.holdsWidth),
      unlessHeld(
        settled(LuaObjectField("height", .number, offset: at(\.height), bounds: bounds("height"))),
        SpriteSlot.holdsHeight),
      LuaObjectField("anchor_x", .number, offset: at(\.anchorX), bounds: bounds("anchor_x")),
      LuaObjectField("anchor_y", .number, offset: at(\.anchorY), bounds: bounds("anchor_y")),
      uniformScale,
      // An axis is in C while the table holds no uniform scale, which may be newer.
      unlessHeld(
        rawOnceWritten(
          LuaObjectField("scale_x", .number, offset: at(\.scaleX), bounds: bounds("scale_x")),
          SpriteSlot.holdsScaleX, confirmed: \.confirmedScaleX), SpriteSlot.holdsScale),
      unlessHeld(
        rawOnceWritten(
          LuaObjectField("scale_y", .number, offset: at(\.scaleY), bounds: bounds("scale_y")),
          SpriteSlot.holdsScaleY, confirmed: \.confirmedScaleY), SpriteSlot.holdsScale),
      rawOnceWritten(
        LuaObjectField("rotation", .number, offset: at(\.rotation), bounds: bounds("rotation")),
        SpriteSlot.holdsRotation, confirmed: \.confirmedRotation),
      rawOnceWritten(
        LuaObjectField("alpha", .number, offset: at(\.alpha), bounds: bounds("alpha")),
        SpriteSlot.holdsAlpha, confirmed: \.confirmedAlpha),
      LuaObjectField("z", .number, offset: at(\.z), readOnly: true, bounds: bounds("z")),
      LuaObjectField("visible", .boolean, offset: at(\.visible)),
      LuaObjectField("flip_x", .boolean, offset: at(\.flipX)),
      LuaObjectField("flip_y", .boolean, offset: at(\.flipY)),
      // A circle's radius is half its width (`Node.radius`), read in C as scripts read it every
      // tick (`s.y - s.radius`); other kinds' radius is their corner's, and every write sets
      // width and height both: those go to Swift.
      circleRadius,
    ]
  }()

  /// `field`, read and written in C only while the node's box is measured.
  private static func settled(_ field: LuaObjectField) -> LuaObjectField {
    var field = field
    field.onlyWhen = NodeFields.offset(of: \.sizeSettled)
    return field
  }

  /// `field`, read and written in C only while the node's box is the size last written (not a
  /// text's).
  private static func plainSize(_ field: LuaObjectField) -> LuaObjectField {
    var field = field
    field.onlyWhen = NodeFields.offset(of: \.sizeIsPlain)
    return field
  }

  /// `field`, read and written in C only while the sprite's table holds none of the raw fields
  /// `held` names (`SpriteSlot.holds`), which may be newer than the block.
  private static func unlessHeld(_ field: LuaObjectField, _ held: UInt8) -> LuaObjectField {
    var field = field
    field.unlessHeld = .init(offset: SpriteSlot.offset(of: \.holds), bit: held)
    return field
  }

  /// `field`, a raw field the sprite's table takes when a script first writes it, raising the
  /// bit `held` of `SpriteSlot.holds`. That write, checked in C, is also the value the sprite
  /// goes back to if a bad one follows before the engine next looks (`confirmed`): the engine's
  /// own writes of a field the table does not hold yet are not handed to `SpriteTables`.
  private static func rawOnceWritten(
    _ field: LuaObjectField, _ held: UInt8, confirmed: KeyPath<SpriteSlot, Double>
  ) -> LuaObjectField {
    var field = field
    field.rawOnceWritten = .init(offset: SpriteSlot.offset(of: \.holds), bit: held)
    field.alsoWrites = SpriteSlot.offset(of: confirmed)
    return field
  }

  /// `scale`, both axes: joins the table when first written, as the axes do, and a pull takes it
  /// into both. In C while the sprite's table holds neither `scale_x` nor `scale_y`, which may
  /// be newer; once it holds one, Swift serves it, taking them first, and a write puts `scale` in
  /// the table in their place (`SpriteTables.scriptWrote`).
  private static var uniformScale: LuaObjectField {
    var field = rawOnceWritten(
      LuaObjectField("scale", .number, offset: NodeFields.offset(of: \.scaleX), bounds: Limits.scale.bounds),
      SpriteSlot.holdsScale, confirmed: \.confirmedScale)
    field.pullsInto = NodeFields.offset(of: \.scaleY)
    return unlessHeld(field, SpriteSlot.holdsScaleX | SpriteSlot.holdsScaleY)
  }

  private static var circleRadius: LuaObjectField {
    var field = LuaObjectField(
      "radius", .number, offset: NodeFields.offset(of: \.width), readOnly: true, bounds: Limits.radius.bounds)
    field.readsHalf = true
    field.onlyWhen = NodeFields.offset(of: \.isCircle)
    return unlessHeld(field, SpriteSlot.holdsWidth)
  }
}

extension Sprites {
  /// `tide.sprite`: shapes, images and text in a retained scene graph that the engine draws,
  /// animates and hit-tests. Sprites made while a scene is active belong to it and go when it ends.
  /// Every sprite has the fields listed under [Sprite](#sprite), read and written as `s.x = 10` or
  /// passed to a constructor. An unknown field is an error, so a typo never passes silently, and a
  /// number outside its field's range is an error naming the field, wherever it is written:
  /// constructor, `s.x = v` or tween. A sprite is a Lua table whose `x` and `y` are plain fields
  /// (and `rotation`, `alpha`, `scale` or `scale_x` and `scale_y`, `w` and `h`, from the first
  /// time a script writes each; a text's `w` and `h`, which are measured, never), so moving,
  /// spinning, fading, pulsing and stretching thousands a tick costs what it costs on plain tables;
  /// a bad value written there (after that first write, which is checked at its line) is therefore
  /// caught when the engine next reads it, by the end of the tick, not at the line that wrote it:
  /// the error names the sprite, where it was made and the field, and the sprite keeps its last
  /// good value. Sprites nest at most 200 levels deep, and at most 200,000 live at once (removed
  /// ones count until the script lets go of them). A frame paints at most 64 screens' worth of
  /// pixels: each sprite counts its box on screen, a line or outline also each segment, particles
  /// as they are drawn; what comes after that in the frame is not drawn, nor what comes after the
  /// first 250,000 corners of lines and polygons, so no scene can stall the window. What a sprite
  /// holds costs the engine at most O(n log n) in its size (points, text), and only when it
  /// changes: a polygon is cut into triangles once per change of `points`, text fitted once per
  /// change of its text, size or box, when it is next drawn, tapped or read (a score changed every
  /// tick costs nothing until then).
  func install() {
    let m = module("tide.sprite")

    /// Makes a rectangle; `radius` rounds its corners.
    /// @param opts SpriteOptions: `x`, `y`, `w`, `h`, `fill`, `stroke`, `stroke_width`, `radius`, `anchor`, `parent` and any sprite field
    /// @return Sprite
    /// @example local zone = tide.sprite.rect{ x = 40, y = 200, w = 310, h = 220, fill = "#1e5bd6", radius = 12 }
    m.function("rect") { [unowned self] lua in
      try makeSprite(.rect, lua: lua, optsArg: 1) { node in node.fill = .white }
    }

    /// Makes a circle positioned by its centre.
    /// @param opts SpriteOptions: `x`, `y`, `radius`, `fill`, `stroke` and any sprite field
    /// @return Sprite
    /// @example local bubble = tide.sprite.circle{ x = 100, y = 100, radius = 30, fill = "#e84a5f" }
    m.function("circle") { [unowned self] lua in
      try makeSprite(.circle, lua: lua, optsArg: 1) { node in
        node.fill = .white
        node.radius = 16
      }
    }

    /// Makes an ellipse positioned by its centre: a circle whose `w` and `h` differ.
    /// @param opts SpriteOptions: `x`, `y`, `w`, `h`, `fill`, `stroke`, `stroke_width` and any sprite field
    /// @return Sprite: its `kind` is "circle"
    /// @example local shadow = tide.sprite.ellipse{ x = 120, y = 400, w = 90, h = 24, fill = "#00000055" }
    m.function("ellipse") { [unowned self] lua in
      try makeSprite(.circle, lua: lua, optsArg: 1) { node in
        node.fill = .white
        node.width = 48
        node.height = 24
      }
    }

    /// Makes a line through `points`, a flat list `{ x1, y1, x2, y2, ... }` (2 to 10,000 corners)
    /// relative to the sprite's `x`, `y`; drawn in `stroke` (default white), `stroke_width` wide
    /// (default 2, at most 10,000), with square ends and mitred corners. Taps hit within half the
    /// width of it. Its `w`, `h` are the points' extent; setting `points` again reshapes it. Each
    /// segment counts the pixels it covers against the frame's 64 screens (see `tide.sprite`):
    /// a wide line crossing itself at every corner is drawn up to there.
    /// @param opts SpriteOptions: `points` (required), `x`, `y`, `stroke`, `stroke_width` and any sprite field
    /// @return Sprite
    /// @example local path = tide.sprite.line{ x = 40, y = 300, points = { 0, 0, 120, -60, 240, 0 }, stroke = "#ffd500", stroke_width = 6 }
    m.function("line") { [unowned self] lua in
      try requirePoints(lua, optsArg: 1)
      return try makeSprite(.line, lua: lua, optsArg: 1) { node in
        node.stroke = .white
        node.strokeWidth = 2
      }
    }

    /// Makes a filled polygon through `points`, a flat list `{ x1, y1, x2, y2, ... }` (3 to 10,000
    /// corners, concave allowed, edges not crossing) relative to the sprite's `x`, `y`; `fill`
    /// (default white), `stroke` and `stroke_width` as for rects. Taps hit inside its outline.
    /// Its fill is cut into triangles once per change of `points`, in O(n log n) of the corners;
    /// its outline counts against the frame's 64 screens as a line does.
    /// @param opts SpriteOptions: `points` (required), `x`, `y`, `fill`, `stroke`, `stroke_width` and any sprite field
    /// @return Sprite
    /// @example local star = tide.sprite.polygon{ x = 200, y = 200, points = { 0, -50, 12, -15, 48, -15, 19, 7, 30, 42, 0, 20, -30, 42, -19, 7, -48, -15, -12, -15 }, fill = "#ffd500" }
    m.function("polygon") { [unowned self] lua in
      try requirePoints(lua, optsArg: 1)
      return try makeSprite(.polygon, lua: lua, optsArg: 1) { node in node.fill = .white }
    }

    /// Makes an image from the game's `assets/` folder, sized to the picture unless `w`/`h` are given.
    /// @param name string: file name in `assets/`, e.g. "lion0.png": a PNG, JPEG (`.jpg`, `.jpeg`) or WebP at most 8192 pixels a side; without an extension the first of those found
    /// @param opts SpriteOptions?: any sprite field
    /// @return Sprite
    /// @example local lion = tide.sprite.image("lion0.png", { x = 80, y = 640, anchor = "center" })
    m.function("image") { [unowned self] lua in
      let name = try lua.checkString(1)
      let size = try imageSize(name, arg: 1)
      return try makeSprite(.image, lua: lua, optsArg: 2) { node in
        node.image = name
        node.width = size.x
        node.height = size.y
      }
    }

    /// Makes a line of text; colour emoji mix with ordinary text. Its box follows the text.
    /// Characters are drawn with the sprite's `font` (a TrueType or OpenType file in the game's
    /// `assets/fonts/`), else conf.lua's `font`, else DejaVu Sans; what that font lacks falls back
    /// to DejaVu Sans, then Noto Sans CJK (Chinese, Japanese, Korean: "李小龍"), and Noto Color
    /// Emoji draws emoji ("🐉"). The fonts are found through fontconfig.
    /// Give it `max_width` (and `max_height`) to keep it in a box: it wraps onto lines by default,
    /// or shrinks or is cut with "…" as `fit` says. Fitting costs O(n log n) in the text and is
    /// redone only when the text, its size, box or fit change.
    /// @param text string: what to show, at most 20,000 bytes
    /// @param opts SpriteOptions?: `size` (points, default 24), `font`, `color`, `align`, `max_width`, `max_height`, `fit`, `min_size` and any sprite field
    /// @return Sprite
    /// @example local title = tide.sprite.text("Bungle in the Jungle", { size = 40, color = "#ffd500" })
    /// @example local note = tide.sprite.text(long_text, { max_width = 300, align = "center" })  -- wraps
    /// @example local name = tide.sprite.text(player, { size = 32, max_width = 200, fit = "shrink" })
    /// @example local hello = tide.sprite.text("Hello 李小龍 🐉", { font = "ComicNeue-Bold" })  -- assets/fonts/ComicNeue-Bold.otf
    m.function("text") { [unowned self] lua in
      let text = try checkText(lua.checkString(1), arg: 1)
      return try makeSprite(.text, lua: lua, optsArg: 2) { node in
        node.font = context.config.fontKey ?? ""
        node.text = text
      }
    }

    /// Makes an empty group: move, fade or remove many sprites at once through it.
    /// @param opts SpriteOptions?: any sprite field
    /// @return Sprite
    /// @example local card = tide.sprite.group{ x = 20, y = 40 }; card:add(tide.sprite.rect{ w = 100, h = 60 })
    /// @example local hole = tide.sprite.group{ x = 25, y = 250, w = 140, h = 140, clip = true }  -- a mole shows only inside
    m.function("group") { [unowned self] lua in
      try makeSprite(.group, lua: lua, optsArg: 1) { _ in }
    }

    /// Cuts an image into a sprite sheet: a grid of equal cells (`frame_w`, `frame_h`), or a list
    /// of `regions`. Image sprites and animation frames then name a region as `"<sheet>#<n>"` (the
    /// n-th cell or region, counting from 1, row by row) or `"<sheet>#<name>"` (from `names`, or
    /// the keys of `regions`); each region is drawn, sized and hit-tested as an image of its own.
    /// Defining a sheet again replaces it for sprites made or changed after; a fresh start forgets
    /// every sheet. Every region must lie inside the image; at most 4096 regions a sheet and
    /// 256 sheets. The `"#"` in an image name is kept for sheets.
    /// @param name string: the sheet's name, letters, digits, `_` and `-`
    /// @param spec SheetSpec: `image`, and `frame_w`/`frame_h` (with `count`, `margin`, `spacing`, `names`) or `regions`
    /// @return integer: how many regions the sheet has
    /// @example tide.sprite.sheet("hero", { image = "hero.png", frame_w = 32, frame_h = 48 })
    /// @example tide.sprite.sheet("icons", { image = "icons.png", regions = { star = { 0, 0, 64, 64 }, heart = { 64, 0, 64, 64 } } })
    /// @example local h = tide.sprite.image("hero#1", { x = 100, y = 200 }); h:play({ "hero#1", "hero#2", "hero#3" }, { fps = 10 })
    m.function("sheet") { [unowned self] lua in
      let name = try lua.checkString(1)
      guard !name.isEmpty, name.utf8.count <= 100,
        name.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_" || $0 == "-" })
      else {
        throw LuaArgumentError(arg: 1, message: "a sheet's name is 1 to 100 letters, digits, _ and -, got '\(name)'")
      }
      try lua.checkTable(2)
      try checkOptionKeys(lua, arg: 2, LuaTableShape.sheetSpec.names, what: "spec key")
      if graph.sheets[name] == nil, graph.sheets.count >= Limits.sheets {
        throw LuaArgumentError(arg: 1, message: "at most \(Limits.sheets) sprite sheets")
      }
      let sheet = try readSheet(lua, arg: 2)
      graph.sheets[name] = sheet
      lua.push(sheet.regions.count)
      return 1
    }

    installMethods()
    installMetatable()
  }

  private func installMethods() {
    /// A shape, image, text, group or particle emitter in the scene. Fields are read and
    /// written as `s.x = 10`, passed to a constructor, or tweened (the number ones). A sprite
    /// is a Lua table (`type(s)` is "table") holding `x` and `y` as plain fields, as fast to
    /// write as any table's, and `rotation`, `alpha`, `w` and `h` (not a text's, which is
    /// measured) too once a script has written each (that first write is checked at its line),
    /// and the scale: `scale` once written, or `scale_x` and `scale_y`, whichever the script
    /// wrote last (the table holds one or the other, never both); the engine checks them when
    /// it next reads them, by the end of the tick, so a bad one is reported there (naming the
    /// sprite, where it was made, and the field) and the sprite keeps its last good value. Every other field is served by the
    /// engine and checked at the line that writes it. `pairs(s)` lists the fields that have a
    /// value; `==` and table keys go by identity.
    /// @field x number: position of the anchor point in the parent's space (children are placed from their parent's top-left corner); ±1e6
    /// @field y number: as `x`, downwards; ±1e6
    /// @field w number: box width; ±1e6
    /// @field h number: box height; ±1e6
    /// @field width number: the same as `w`
    /// @field height number: the same as `h`
    /// @field anchor Anchor|number[]: the point of the box at `x`, `y`: a name ("top_left" by default; circles "center") or `{ ax, ay }` (0 to 1 across the box); reads back as it was set
    /// @field anchor_x number: the anchor across the box (0 left, 1 right); ±1000
    /// @field anchor_y number: the anchor down the box (0 top, 1 bottom); ±1000
    /// @field scale number: both scales at once; ±1e4
    /// @field scale_x number: horizontal scale; ±1e4
    /// @field scale_y number: vertical scale; ±1e4
    /// @field rotation number: degrees, clockwise, about the anchor; ±1e9
    /// @field alpha number: opacity, drawn clamped to 0..1 (children multiply); ±1e6
    /// @field z number: draw order among siblings (higher on top); ±1e9
    /// @field visible boolean: false hides it and its children, which then take no taps
    /// @field flip_x boolean: mirrored left to right
    /// @field flip_y boolean: mirrored top to bottom
    /// @field tint Color: multiplies an image's colours
    /// @field fill Color: the inside of a rect, circle, ellipse or polygon
    /// @field stroke Color: the outline (a line's colour)
    /// @field stroke_width number: outline width; 0 to 1e4
    /// @field radius number: a circle's radius, or a rect's corner radius; 0 to 1e5
    /// @field text string: a text sprite's text (at most 20,000 bytes); nil clears it
    /// @field font string?: a text sprite's font: a TrueType or OpenType file in `assets/fonts/`, named with or without its extension (`"ComicNeue-Bold"`); nil: conf.lua's `font`, else DejaVu Sans. A missing file, one over 64 MB or one that is not a font is an error naming it
    /// @field size number: a text sprite's size in points; 1 to 2000
    /// @field color Color: a text sprite's colour
    /// @field align "left"|"center"|"right": how lines of a text sprite line up
    /// @field max_width number: a text sprite's box width: its text is kept this narrow by `fit` (0: no limit); 0 to 1e6
    /// @field max_height number: a text sprite's box height (0: no limit); 0 to 1e6
    /// @field fit TextFit: how text keeps inside `max_width` × `max_height`: "wrap" (default once a box is given) onto lines, cutting lines past the height with "…"; "shrink" to fit, down to `min_size`, then cut; "ellipsis" cuts each line with "…"; "none" lets it run over; nil goes back to the default
    /// @field min_size number: the smallest size "shrink" goes to (default half of `size`); 1 to 2000
    /// @field shown_text string: read-only: the text as drawn, with the line breaks and "…" fitting added
    /// @field shown_size number: read-only: the size the text is drawn at (below `size` when shrunk)
    /// @field image string: an image sprite's asset name (`assets/<image>`)
    /// @field frame integer: the frame of an animation being shown (1-based); 1 to 1e6
    /// @field tag string?: a label for finding sprites (`app:find{ tag = }`); nil clears it
    /// @field name string?: a name for finding one sprite; nil clears it
    /// @field clip boolean: true shows the children, and lets them take taps, only inside this sprite's shape (its box rounded by `radius`, or its ellipse); clips nest by intersecting
    /// @field points number[]: lines and polygons: `{ x1, y1, x2, y2, ... }` relative to `x`, `y`
    /// @field instant_tap boolean: true lets a press take it even when it appeared under the finger just after the previous tap ended (things tapped as fast as they come, like bubbles); by default such a press goes to nothing, so a double tap cannot hit what the first tap brought up (conf.lua's `tap_guard`)
    /// @field keyboard "text"|"number"|nil: the keyboard a phone or tablet brings up when this sprite is tapped in a served game's page (`tide run --serve`): letters, or digits for a number; it goes away at a tap on anything else or at return. `tide.ui.text_field` sets it on its box. nil (the default): none. A desktop window types with its own keyboard either way
    /// @field moving boolean: true marks it and its children as moving by design (an item falling, a "+1" floating away): the layout check leaves them out of its overlap and covered-tap checks
    /// @field layout_text string?: the longest text this text sprite may show (a name field's widest entry): while the sprite shows any text, the layout check measures this in its place, so an overflow shows before a player types it; nil (the default) checks `text`
    /// @field removed boolean: read-only: true once the sprite is gone from the scene (removed, its group removed, or its scene left); a removed sprite draws nothing and takes no taps
    /// @field kind string: read-only: "rect", "circle", "ellipse", "line", "polygon", "image", "text", "group" or "particles"
    /// @field id integer: read-only: unique in a run
    /// @field parent Sprite?: read-only: the group it is in
    /// @field data table: the game's own fields, kept with the sprite
    let t = type("Sprite")

    /// Calls `fn(event)` on a gesture on this sprite or its children: "tap", "drag" (with
    /// `event.phase` "began", "moved" or "ended"), "press" (finger down) or "release" (finger up).
    /// Every finger is a pointer of its own, as is the mouse: two fingers drag two sprites at
    /// once, and `event.pointer` says whose gesture it is (`"mouse"` or the finger's number).
    /// "pinch" fires while two pointers are down, the first of them pressed on this sprite:
    /// `scale` (their distance over their distance at the start), `angle` (radians turned,
    /// clockwise), `phase`, and `x`, `y` halfway between them. "mouse_down" and "mouse_up" fire
    /// for every mouse button (`event.button`: "left", "right", "middle", "x1", "x2"), "wheel" as
    /// the wheel turns over the sprite (`dx`, `dy` in notches, `dy` above 0 scrolling up).
    /// The event (a `GestureEvent`) has `x`, `y` in design units; drags add `phase`, `start_x`,
    /// `start_y`, `dx`, `dy`.
    /// A gesture reaches only what is seen at its point: a rect or circle with an opaque fill
    /// drawn above (alpha 1) keeps it from the sprites under it, even without a handler of its own.
    /// @param event SpriteEvent: "tap", "drag", "press", "release", "pinch", "mouse_down", "mouse_up" or "wheel"
    /// @param fn fun(event: GestureEvent)?: the handler; nil removes it
    /// @return Sprite: the sprite, for chaining
    /// @example lion:on("drag", function(e) lion.x, lion.y = e.x, e.y end)
    /// @example photo:on("pinch", function(e) photo.scale = start_scale * e.scale end)
    t.method("on") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      let event = try lua.checkOption(2, SpriteAPIEnums.spriteEvents)
      let script = scriptOf(node)
      if lua.type(at: 3) == .nil || lua.type(at: 3) == .none {
        script.handlers[event] = nil
      } else {
        try lua.checkFunction(3)
        script.handlers[event] = lua.ref(at: 3)
      }
      node.takesInput = !script.handlers.isEmpty
      lua.pushValue(at: 1)
      return 1
    }

    /// Removes the sprite and its children from the scene; later use of it is harmless, and its
    /// `removed` field reads true from then on (as it does once its group is removed or its
    /// scene left).
    /// @example bubble:remove()
    /// @example if not star.removed then star.y = star.y + fall * dt end
    t.method("remove") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      releaseSubtree(node)
      node.removeFromParent()
      return 0
    }

    /// True when `other` lies wholly inside this sprite (all four corners, after transforms).
    /// @param other Sprite
    /// @return boolean
    /// @example if arena:contains(lion) then play(lion) end
    t.method("contains") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      let other = try checkSprite(lua, 2)
      lua.push(node.containsWholly(other))
      return 1
    }

    /// Adds `child` to this sprite: it then moves, scales, fades and goes with it.
    /// Sprites nest at most 200 levels deep.
    /// @param child Sprite: positioned relative to this sprite's top-left corner
    /// @return Sprite: the child
    /// @example card:add(tide.sprite.text("Hi", { x = 10, y = 10 }))
    t.method("add") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      let child = try checkSprite(lua, 2)
      if let refusal = node.refusal(toAdd: child) { throw LuaArgumentError(arg: 2, message: refusal.message) }
      node.add(child)
      // A removed sprite coming back counts again; one put into a removed group leaves the scene.
      if node.isAttached { tables.holdAgain(subtree: child) } else { tables.letGo(subtree: child) }
      lua.pushValue(at: 2)
      return 1
    }

    /// Where the sprite is on screen: the box around it after every transform, in design units.
    /// @return number, number, number, number: x, y, width, height
    /// @example local x, y, w, h = card:bounds()
    t.method("bounds") { [unowned self] lua in
      let bounds = try checkSprite(lua, 1).worldBounds
      lua.push(bounds.x)
      lua.push(bounds.y)
      lua.push(bounds.width)
      lua.push(bounds.height)
      return 4
    }

    /// Plays a frame animation: the image cycles through `frames` at `opts.fps` (default 8).
    /// @param frames string[]: image names in `assets/`
    /// @param opts PlayOptions?: `fps` (frames a second, 0.001 to 1000), `loop` (boolean, default true)
    /// @example lion:play({ "lion0.png", "lion1.png", "lion2.png", "lion3.png" }, { fps = 8, loop = true })
    t.method("play") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      try lua.checkTable(2)
      try checkOptionKeys(lua, arg: 3, LuaTableShape.playOptions.names, what: "option")
      var frames: [String] = []
      for i in 1...max(1, lua.rawLength(2)) where lua.rawLength(2) > 0 {
        lua.rawGet(2, index: i)
        defer { lua.pop(1) }
        guard let name = lua.toString(at: -1), lua.type(at: -1) == .string else {
          throw LuaArgumentError(arg: 2, message: "frames[\(i)] must be an image name")
        }
        _ = try imageSize(name, arg: 2)
        frames.append(name)
      }
      if frames.isEmpty { throw LuaArgumentError(arg: 2, message: "at least one frame expected") }
      let fps = try lua.optNumberField(3, "fps", in: Limits.fps, default: 8)
      let loop = try lua.optBoolField(3, "loop", default: true)
      node.play(frames, fps: fps, loop: loop)
      return 0
    }

    /// Stops a frame animation, showing `frame` (1-based; default the current one).
    /// @param frame integer?: 1 to 1000000
    /// @example lion:stop(1)
    t.method("stop") { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      if lua.type(at: 2) == .nil || lua.type(at: 2) == .none {
        node.stop()
      } else {
        node.stop(frame: try lua.checkInt(2, "frame", in: Limits.frame) - 1)
      }
      return 0
    }
  }

  private func installMetatable() {
    guard let methods = context.methods(of: "Sprite") else { return }
    // The hottest fields (`SpriteField.direct`) never reach these closures: C reads and writes
    // them in the node's NodeFields block. The closures serve every other field, and the writes
    // C refuses (a string into `x`: Swift raises the usual error), matching names by the identity
    // of Lua's interned strings: one lookup on a pointer, not a Swift String and a string match.
    // The names stay anchored in `fieldNames`.
    var fields = FieldTable<SpriteField>()
    lua.newTable()
    for (i, field) in SpriteField.allCases.enumerated() {
      lua.push(field.rawValue)
      if let key = lua.internedString(at: -1) { fields.insert(key, field) }
      lua.rawSet(-2, index: i + 1)
    }
    fieldNames = lua.ref(at: -1)
    lua.pop()
    fieldTable = fields
    let byName = fields
    // The iterator `pairs(sprite)` returns: the field after `key` (in SpriteField order) that has
    // a value, and the value, as `next` gives a table's (fields that are nil are skipped).
    lua.push { [unowned self] lua in
      let node = try checkSprite(lua, 1)
      let after = lua.type(at: 2) == .nil ? nil : lua.toString(at: 2).flatMap { SpriteField(rawValue: $0) }
      let all = SpriteField.allCases
      var next = after.flatMap { all.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      while next < all.count {
        lua.push(all[next].rawValue)
        _ = try pushField(all[next], of: node, lua: lua)
        if lua.type(at: -1) != .nil { return 2 }
        lua.pop(2)
        next += 1
      }
      lua.pushNil()
      return 1
    }
    pairsIterator = lua.ref(at: -1)
    lua.pop()
    // Named in the error for an unknown field, from the methods actually registered.
    var names: [String] = []
    lua.push(methods)
    lua.forEachPair(-1) { key, _ in if let name = lua.toString(at: key) { names.append(name) } }
    lua.pop()
    let methodList = names.sorted().joined(separator: ", ")
    func field(_ lua: LuaState) -> SpriteField? {
      lua.internedString(at: 2).flatMap { byName.lookup($0) }
    }
    lua.registerMetatable(
      "tide.Sprite",
      methodTable: methods,
      index: { [unowned self] lua in
        // Lua calls this metamethod only for keys that are neither a field C serves nor a method,
        // with a sprite's table as argument 1, whose engine key a script may have changed.
        let node = try checkSprite(lua, 1)
        guard let field = field(lua) else {
          throw LuaRaise("sprite has no field '\(lua.toString(at: 2) ?? "?")' (fields: \(SpriteField.list); "
            + "methods: \(methodList); keep your own values in sprite.data)")
        }
        return try pushField(field, of: node, lua: lua)
      },
      newindex: { [unowned self] lua in
        let node = try checkSprite(lua, 1)
        guard let field = field(lua) else {
          throw LuaRaise("sprite has no field '\(lua.toString(at: 2) ?? "?")' to set (fields: \(SpriteField.list); "
            + "keep your own values in sprite.data)")
        }
        if let notes = stuckNotes, Self.costsWork(field) {
          notes.set(sprite: .init(kind: node.kind.rawValue, madeAt: (node.attachment as? NodeScript)?.madeAt, field: field.rawValue))
          defer { notes.set(sprite: nil) }
          try setField(field, of: node, valueAt: 3, lua: lua, arg: 3)
        } else {
          try setField(field, of: node, valueAt: 3, lua: lua, arg: 3)
        }
        tables.scriptWrote(field, of: node, tableAt: 1, lua: lua)
        return 0
      },
      extra: [
        "__tostring": { [unowned self] lua in
          lua.push(try checkSprite(lua, 1).description)
          return 1
        },
        // `pairs(sprite)` lists the fields and their values (the table itself holds only the raw
        // fields and the engine's own key).
        "__pairs": { [unowned self] lua in
          _ = try checkSprite(lua, 1)
          if let iterator = pairsIterator { lua.push(iterator) } else { lua.pushNil() }
          lua.pushValue(at: 1)
          lua.pushNil()
          return 3
        },
      ],
      fields: SpriteField.direct,
      // x and y (and rotation, alpha and the scale per axis, once written) are plain fields of
      // the sprite's table: see SpriteTables.
      rawFields: SpriteField.raw.map(\.rawValue))
    tables.kind = lua.objectKind("tide.Sprite")
  }

  // MARK: Helpers

  /// Lines and polygons need their points in the constructor's options.
  private func requirePoints(_ lua: LuaState, optsArg: Int32) throws {
    try lua.checkTable(optsArg)
    let kind = lua.rawGet(optsArg, key: "points")
    lua.pop(1)
    guard kind != .nil else {
      throw LuaArgumentError(arg: optsArg, message: "points expected: a list { x1, y1, x2, y2, ... }")
    }
  }

  /// Makes a sprite of `kind` from the options at `optsArg`: sprite fields, `parent`, and the
  /// constructor's own keys in `also`, which its caller reads.
  func makeSprite(
    _ kind: NodeKind, lua: LuaState, optsArg: Int32, also: Set<String> = [], setup: (Node) throws -> Void
  ) throws -> Int32 {
    try checkCap()
    let node = graph.makeNode(kind)
    let madeAt = lua.callerPlace(names: &chunkNames)
    node.attachment = NodeScript(owner: scenes.currentOwner, madeAt: madeAt)
    // A sprite's options may ask for costly work (fitting a long text, cutting a polygon).
    stuckNotes?.set(sprite: .init(kind: kind.rawValue, madeAt: madeAt))
    defer { stuckNotes?.set(sprite: nil) }
    try setup(node)
    var parent = scenes.current?.root ?? graph.root
    switch lua.type(at: optsArg) {
    case .none, .nil: break
    case .table where !lua.isObject(at: optsArg):  // another sprite is no options table
      var failure = FirstByKey<Error>()
      let fields = fieldTable
      lua.forEachPair(optsArg) { k, v in
        // A field's name, as Lua interned it, is found by its address: no Swift string made
        // and hashed per option (the words of any error are the same: the key is the name).
        // `parent` is an option of its own here (the sprite to add to), not the read-only field;
        // a constructor's own key is its to read even where a field has that name.
        if let interned = lua.internedString(at: k), let field = fields.lookup(interned), field != .parent,
          also.isEmpty || !also.contains(field.rawValue)
        {
          do { try setField(field, of: node, valueAt: v, lua: lua, arg: optsArg, prefix: field.rawValue) } catch {
            failure.offer(field.rawValue, error)
          }
          return
        }
        guard let key = lua.toString(at: k), lua.type(at: k) == .string else { return }
        // Most constructors take no extra keys: no hashing of every key to learn it.
        if !also.isEmpty, also.contains(key) { return }
        if key == "parent" {
          if let p = lua.toObject(at: v, as: Node.self) { parent = p } else {
            failure.offer(key, LuaArgumentError(arg: optsArg, message: "parent must be a sprite"))
          }
          return
        }
        guard let field = SpriteField(rawValue: key) else {
          failure.offer(key, LuaArgumentError(arg: optsArg, message: "unknown sprite field '\(key)' (fields: \(SpriteField.list))"))
          return
        }
        do { try setField(field, of: node, valueAt: v, lua: lua, arg: optsArg, prefix: key) } catch { failure.offer(key, error) }
      }
      if let error = failure.failure { throw error }
    default:
      throw LuaArgumentError(arg: optsArg, message: "table expected, got \(lua.typeName(at: optsArg))")
    }
    if let refusal = parent.refusal(toAdd: node) { throw LuaArgumentError(arg: optsArg, message: "parent: " + refusal.message) }
    parent.add(node)
    pushSprite(node, on: lua)
    return 1
  }

  /// Whether setting `field` may cost the engine work that grows with what is set (a text to
  /// lay out, points to cut into triangles), which a stuck tick's message names the sprite for.
  static func costsWork(_ field: SpriteField) -> Bool {
    switch field {
    case .text, .font, .size, .max_width, .max_height, .fit, .min_size, .points, .width, .height, .w, .h: return true
    default: return false
    }
  }

  /// `text` when it is at most `Limits.textBytes` long.
  func checkText(_ text: String, arg: Int32) throws -> String {
    try checkLength(text, "text", Limits.textBytes, arg: arg)
  }

  /// `value` (the string called `name`) when it is at most `limit` bytes long.
  func checkLength(_ value: String, _ name: String, _ limit: Int, arg: Int32) throws -> String {
    let bytes = value.utf8.count
    guard bytes > limit else { return value }
    throw LuaArgumentError(arg: arg, message: "\(name) must be at most \(limit) bytes, got \(bytes)")
  }

  func scriptOf(_ node: Node) -> NodeScript {
    if let script = node.attachment as? NodeScript { return script }
    let script = NodeScript(owner: 0)
    node.attachment = script
    return script
  }

  func checkSprite(_ lua: LuaState, _ arg: Int32) throws -> Node {
    if let node = lua.toObject(at: arg, as: Node.self) { return node }
    // A sprite's table whose engine key a script changed (with rawset) is a sprite no more.
    if lua.type(at: arg) == .table, lua.typeName(at: arg) == "tide.Sprite" {
      throw LuaArgumentError(arg: arg, message: "sprite expected, got a sprite's table whose engine key a script changed")
    }
    throw lua.typeError(arg, expected: "sprite")
  }

  /// Pushes the table that stands for `node` onto `lua` (the calling thread: a task's coroutine
  /// has its own stack); LuaBridge keeps one per object, so `a == b` and table keys work.
  /// A new one is held for as long as the sprite is in the scene (see `SpriteTables`); one for
  /// a sprite off the scene (the parent of a removed group's child) is held if it comes back.
  func pushSprite(_ node: Node, on lua: LuaState) {
    guard let kind = tables.kind else {
      lua.pushObject(node, metatable: "tide.Sprite", fields: node.fieldsAddress)  // before the API is in
      return
    }
    if lua.pushObject(node, kind: kind, fields: node.fieldsAddress), node.isAttached {
      tables.hold(node, tableAt: -1, lua: lua, made: true)
    }
  }

  /// Forgets the script side of `node` and its subtree (handlers, data, its table), so a
  /// removed sprite holds no Lua functions alive and can no longer be tapped.
  func releaseSubtree(_ node: Node) {
    node.forEachInSubtree { n in
      tables.letGo(of: n)
      n.attachment = nil
      n.takesInput = false
    }
  }

  func imageSize(_ name: String, arg: Int32) throws -> Vec2 {
    if let hash = name.lastIndex(of: "#") { return try regionSize(name, hash: hash, arg: arg) }
    guard let size = context.backend.imageSize(named: name) ?? AssetCatalog.imageSize(named: name, in: context.files) else {
      if let problem = AssetCatalog.problem(named: name, extensions: ImageInfo.extensions, in: context.files, shown: context.displayPath) {
        throw LuaArgumentError(arg: arg, message: problem)
      }
      throw LuaArgumentError(arg: arg, message: "no image '\(name)' in \(context.displayPath)/assets")
    }
    guard size.x <= Double(Limits.imageSide), size.y <= Double(Limits.imageSide) else {
      throw LuaArgumentError(
        arg: arg, message: "image '\(name)' is \(Int(size.x))x\(Int(size.y)) pixels; at most \(Limits.imageSide) a side")
    }
    return size
  }

  /// The path of font `name` in the game's `assets/fonts/`, checked once per name.
  func fontFile(_ name: String, arg: Int32, prefix: String?) throws -> String {
    if let known = fontFiles[name] { return known }
    do {
      let path = try AssetCatalog.fontFile(named: name, in: context.files, shown: context.displayPath)
      if fontFiles.count >= Limits.fontNames { fontFiles.removeAll() }
      fontFiles[name] = path
      return path
    } catch {
      throw LuaArgumentError(arg: arg, message: "\(prefix ?? "font"): \(error)")
    }
  }

  private func pushColor(_ color: Color?, lua: LuaState) {
    if let color { lua.push(color.hexString) } else { lua.pushNil() }
  }

  func pushField(_ field: SpriteField, of node: Node, lua: LuaState) throws -> Int32 {
    switch field {
    case .x: lua.push(node.x)
    case .y: lua.push(node.y)
    case .w, .width: lua.push(node.width)
    case .h, .height: lua.push(node.height)
    case .anchor_x: lua.push(node.anchorX)
    case .anchor_y: lua.push(node.anchorY)
    case .anchor:
      // Read back as it is set: a name when the point is a named one, else `{ ax, ay }`.
      if let name = Sprites.anchorName(node.anchorX, node.anchorY) {
        lua.push(name)
      } else {
        lua.newTable(narr: 2, nrec: 0)
        lua.push(node.anchorX)
        lua.rawSet(-2, index: 1)
        lua.push(node.anchorY)
        lua.rawSet(-2, index: 2)
      }
    case .scale, .scale_x: lua.push(node.scaleX)
    case .scale_y: lua.push(node.scaleY)
    case .rotation: lua.push(node.rotation)
    case .alpha: lua.push(node.alpha)
    case .z: lua.push(node.z)
    case .visible: lua.push(node.visible)
    case .flip_x: lua.push(node.flipX)
    case .flip_y: lua.push(node.flipY)
    case .tint: pushColor(node.tint, lua: lua)
    case .fill: pushColor(node.fill, lua: lua)
    case .stroke: pushColor(node.stroke, lua: lua)
    case .stroke_width: lua.push(node.strokeWidth)
    case .radius: lua.push(node.kind == .circle ? node.radius : node.cornerRadius)
    case .text: lua.push(node.text)
    case .font:
      if let name = (node.attachment as? NodeScript)?.fontName ?? context.config.font, !node.font.isEmpty { lua.push(name) } else { lua.pushNil() }
    case .size: lua.push(node.fontSize)
    case .color: pushColor(node.textColor, lua: lua)
    case .align: lua.push(node.align.rawValue)
    case .shown_text: lua.push(node.shownText)
    case .shown_size: lua.push(node.shownFontSize)
    case .max_width: lua.push(node.maxTextWidth)
    case .max_height: lua.push(node.maxTextHeight)
    case .fit: lua.push(node.effectiveTextFit.rawValue)
    case .min_size: lua.push(node.effectiveMinFontSize)
    case .image: if let image = node.image { lua.push(image) } else { lua.pushNil() }
    case .frame: lua.push(node.frameIndex + 1)
    case .tag: lua.push(node.tag)
    case .name: lua.push(node.name)
    case .clip: lua.push(node.clipsChildren)
    case .instant_tap: lua.push(node.instantTap)
    case .keyboard:
      if let keyboard = node.keyboard { lua.push(keyboard.rawValue) } else { lua.pushNil() }
    case .moving: lua.push(node.isMoving)
    case .layout_text: if let text = node.layoutText { lua.push(text) } else { lua.pushNil() }
    case .removed: lua.push(!node.isAttached)
    case .points:
      lua.newTable(narr: Int32(min(node.points.count * 2, Int(Int32.max))), nrec: 0)
      for (i, point) in node.points.enumerated() {
        lua.push(point.x)
        lua.rawSet(-2, index: 2 * i + 1)
        lua.push(point.y)
        lua.rawSet(-2, index: 2 * i + 2)
      }
    case .kind: lua.push(node.kind.rawValue)
    case .id: lua.push(node.id)
    case .parent:
      if let parent = node.parent, parent !== graph.root, parent !== scenes.current?.root { pushSprite(parent, on: lua) } else { lua.pushNil() }
    case .data:
      let script = scriptOf(node)
      if let data = script.data {
        lua.push(data)
      } else {
        lua.newTable()
        script.data = lua.ref(at: -1)
      }
    }
    return 1
  }

  // `prefix` names the option in errors raised while applying a constructor's options table.
  func setField(_ field: SpriteField, of node: Node, valueAt v: Int32, lua: LuaState, arg: Int32, prefix: String? = nil) throws {
    if field.isReadOnly {
      let what = prefix.map { "\($0): " } ?? ""
      throw LuaArgumentError(arg: arg, message: "\(what)'\(field.rawValue)' is read-only")
    }
    // Every complaint names the field, written as `s.tag = nil` or in a constructor alike.
    func bad(_ expected: String) -> LuaArgumentError {
      LuaArgumentError(arg: arg, message: "\(prefix ?? field.rawValue): \(expected) expected, got \(lua.typeName(at: v))")
    }
    // Optional text fields are cleared by nil.
    func optionalString() throws -> String {
      lua.type(at: v) == .nil ? "" : try string()
    }
    func number() throws -> Double {
      guard let d = try lua.rangedNumber(at: v, field.rawValue, in: field.range ?? Limits.position, arg: arg) else {
        throw bad("number")
      }
      return d
    }
    func bool() throws -> Bool {
      guard lua.type(at: v) == .boolean else { throw bad("boolean") }
      return lua.toBool(at: v)
    }
    func string() throws -> String {
      guard lua.type(at: v) == .string || lua.type(at: v) == .number, let s = lua.toString(at: v) else { throw bad("string") }
      return s
    }
    func color(optional: Bool) throws -> Color? {
      if optional, lua.type(at: v) == .nil || lua.type(at: v) == .boolean && !lua.toBool(at: v) { return nil }
      guard lua.type(at: v) == .string, let s = lua.toString(at: v) else { throw bad("colour string") }
      guard let c = Color(string: s) else {
        let what = prefix.map { "\($0): " } ?? ""
        throw LuaArgumentError(arg: arg, message: what + Color.notAColour(s))
      }
      return c
    }
    switch field {
    case .x: node.x = try number()
    case .y: node.y = try number()
    case .w, .width: node.width = try number()
    case .h, .height: node.height = try number()
    case .anchor_x: node.anchorX = try number()
    case .anchor_y: node.anchorY = try number()
    case .anchor:
      if lua.type(at: v) == .string, let name = lua.toString(at: v) {
        guard let anchor = Sprites.anchors[name] else {
          throw LuaArgumentError(arg: arg, message: "invalid anchor '\(name)' (expected one of: \(Sprites.anchorNames))")
        }
        (node.anchorX, node.anchorY) = anchor
      } else if lua.type(at: v) == .table {
        lua.rawGet(v, index: 1)
        lua.rawGet(v, index: 2)
        defer { lua.pop(2) }
        guard let ax = try lua.rangedNumber(at: -2, "anchor[1]", in: Limits.anchor, arg: arg),
          let ay = try lua.rangedNumber(at: -1, "anchor[2]", in: Limits.anchor, arg: arg)
        else { throw bad("anchor {x, y}") }
        (node.anchorX, node.anchorY) = (ax, ay)
      } else {
        throw bad("anchor name or {x, y}")
      }
    case .scale: node.scale = try number()
    case .scale_x: node.scaleX = try number()
    case .scale_y: node.scaleY = try number()
    case .rotation: node.rotation = try number()
    case .alpha: node.alpha = try number()
    case .z: node.z = try number()
    case .visible: node.visible = try bool()
    case .flip_x: node.flipX = try bool()
    case .flip_y: node.flipY = try bool()
    case .tint: node.tint = try color(optional: true) ?? .white
    case .fill: node.fill = try color(optional: true)
    case .stroke: node.stroke = try color(optional: true)
    case .stroke_width: node.strokeWidth = try number()
    case .radius:
      if node.kind == .circle { node.radius = try number() } else { node.cornerRadius = try number() }
    case .text: node.text = try checkText(optionalString(), arg: arg)
    case .font:
      // nil goes back to the game's font (conf.lua's), or the engine's.
      let name = try optionalString()
      scriptOf(node).fontName = name.isEmpty ? nil : name
      node.font = name.isEmpty ? context.config.fontKey ?? "" : try fontFile(name, arg: arg, prefix: prefix)
    case .size: node.fontSize = try number()
    case .color: node.textColor = try color(optional: false) ?? .white
    case .align:
      let name = try string()
      guard let align = TextAlign(rawValue: name) else {
        throw LuaArgumentError(arg: arg, message: "invalid align '\(name)' (expected one of: left, center, right)")
      }
      node.align = align
    case .max_width: node.maxTextWidth = max(0, try number())
    case .max_height: node.maxTextHeight = max(0, try number())
    case .min_size: node.minFontSize = try number()
    case .fit:
      // nil goes back to the default: wrap once a box is given.
      if lua.type(at: v) == .nil {
        node.textFit = nil
        return
      }
      let name = try string()
      guard let fit = TextFit(rawValue: name) else {
        throw LuaArgumentError(
          arg: arg, message: "\(prefix ?? "fit"): invalid fit '\(name)' (expected one of: \(TextFit.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      node.textFit = fit
    case .image:
      let name = try string()
      let size = try imageSize(name, arg: arg)
      if node.image == nil || (node.width == 0 && node.height == 0) {
        node.width = size.x
        node.height = size.y
      }
      node.image = name
    case .frame:
      guard let i = try lua.rangedNumber(at: v, "frame", in: Limits.frame, arg: arg) else { throw bad("integer") }
      node.frameIndex = Int(i) - 1
    case .clip: node.clipsChildren = try bool()
    case .instant_tap: node.instantTap = try bool()
    case .keyboard:
      if lua.type(at: v) == .nil {
        node.keyboard = nil
      } else {
        let name = try string()
        guard let keyboard = TouchKeyboard(rawValue: name) else {
          throw LuaArgumentError(arg: arg, message: "invalid keyboard '\(name)' (expected one of: text, number, or nil)")
        }
        node.keyboard = keyboard
      }
    case .moving: node.isMoving = try bool()
    case .layout_text: node.layoutText = lua.type(at: v) == .nil ? nil : try checkText(string(), arg: arg)
    case .points:
      guard node.kind == .line || node.kind == .polygon else {
        let what = prefix.map { "\($0): " } ?? ""
        throw LuaArgumentError(arg: arg, message: "\(what)only lines and polygons have points (this is a \(node.kind.rawValue))")
      }
      node.points = try pointList(lua, at: v, arg: arg, minimum: node.kind == .line ? 2 : 3)
    case .tag: node.tag = try checkLength(optionalString(), "tag", Limits.labelBytes, arg: arg)
    case .name: node.name = try checkLength(optionalString(), "name", Limits.labelBytes, arg: arg)
    case .kind, .id, .parent, .data, .shown_text, .shown_size, .removed:
      // Refused above by `isReadOnly`; listed so the switch stays exhaustive and a new field
      // cannot be forgotten here.
      return
    }
  }

  /// A flat list `{ x1, y1, x2, y2, ... }` of at least `minimum` and at most `Limits.points`
  /// corners, each coordinate within `Limits.position`.
  func pointList(_ lua: LuaState, at index: Int32, arg: Int32, minimum: Int) throws -> [Vec2] {
    guard lua.type(at: index) == .table else {
      throw LuaArgumentError(arg: arg, message: "points must be a list of numbers { x1, y1, x2, y2, ... }, got \(lua.typeName(at: index))")
    }
    let table = lua.absIndex(index)
    let count = lua.rawLength(table)
    guard count % 2 == 0, count / 2 >= minimum, count / 2 <= Limits.points else {
      throw LuaArgumentError(
        arg: arg, message: "points must hold an even count of numbers, \(minimum) to \(Limits.points) corners, got \(count) numbers")
    }
    var points: [Vec2] = []
    points.reserveCapacity(count / 2)
    for i in stride(from: 1, to: count, by: 2) {
      lua.rawGet(table, index: i)
      lua.rawGet(table, index: i + 1)
      defer { lua.pop(2) }
      guard let x = try lua.rangedNumber(at: -2, "points[\(i)]", in: Limits.position, arg: arg),
        let y = try lua.rangedNumber(at: -1, "points[\(i + 1)]", in: Limits.position, arg: arg)
      else {
        throw LuaArgumentError(arg: arg, message: "points[\(i)] and points[\(i + 1)] must be numbers")
      }
      points.append(Vec2(x, y))
    }
    return points
  }

  static let anchors: [String: (Double, Double)] = [
    "top_left": (0, 0), "top": (0.5, 0), "top_right": (1, 0),
    "left": (0, 0.5), "center": (0.5, 0.5), "right": (1, 0.5),
    "bottom_left": (0, 1), "bottom": (0.5, 1), "bottom_right": (1, 1),
  ]
  static let anchorNames = SpriteAPIEnums.anchorNames.joined(separator: ", ")

  /// The name of the anchor point (`ax`, `ay`), if it is one of the nine named ones.
  static func anchorName(_ ax: Double, _ ay: Double) -> String? {
    anchors.first { $0.value.0 == ax && $0.value.1 == ay }?.key
  }
}

extension Node.AddRefusal {
  /// The error a script sees.
  var message: String {
    switch self {
    case .cycle: "cannot add a sprite to itself or its own child"
    case .otherGraph: "cannot add a sprite of another game"
    case .tooDeep: "sprites nest at most \(Limits.nestingDepth) levels deep"
    }
  }
}
