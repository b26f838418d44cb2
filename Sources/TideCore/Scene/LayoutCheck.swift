import Foundation

/// One thing wrong with a screen's layout, found by `LayoutCheck`.
public struct LayoutProblem: Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem, so callers can count or filter them.
  public enum Kind: String, Sendable, CaseIterable {
    /// Text (partly) outside the screen.
    case offScreen = "text outside the screen"
    /// Text leaving the box of the widget it sits in.
    case outsideWidget = "text outside its widget"
    /// Two texts drawn over each other.
    case overlap = "text overlaps text"
    /// A tappable sprite whose centre another sprite above takes the taps of.
    case coveredTap = "tappable sprite covered"
    /// Text too close in colour to what is behind it (WCAG AA).
    case lowContrast = "low contrast"
    /// A tappable sprite narrower or shorter than a finger needs (`LayoutCheck.minTapSize`).
    case smallTap = "tap target too small"
  }

  /// The kind of problem.
  public let kind: Kind
  /// The sprite the problem is about.
  public let nodeID: Int
  /// One line: the kind, the sprite as `Node(text #12 'title')` and the figures.
  public let message: String

  public var description: String { message }
}

/// Finds layout problems in a scene as drawn at one screen size, with no eyes: text outside the
/// screen or its widget, texts over each other, tappable sprites whose centre something above
/// takes or that are too small for a finger, and text that does not stand out from what is
/// behind it.
///
/// It looks at what the player sees: what a clipping group (`clipsChildren`) cuts away is not
/// there (neither off screen nor over anything), a text's fade counts the same whether it is
/// the text's own alpha or a group's, things marked moving (`Node.isMoving`) are left out of
/// the checks where one frame's position says nothing of the layout, and a text that names its
/// longest possible content (`Node.layoutText`) is checked with that content.
///
/// The same analysis serves `tide check --layout` (real fonts; the colour behind each text read
/// from a frame rendered without text) and a game test's `app:layout_problems()` (the same
/// fonts; the colour behind worked out from the filled shapes under the text).
public struct LayoutCheck {
  /// The scene to check.
  public let scene: SceneGraph
  /// The screen, in design units.
  public let screen: Vec2
  /// The clear colour, behind every sprite.
  public let background: Color
  /// The sprite that handles a tap landing on a node (itself or an ancestor), nil when none:
  /// the engine's own rule, so the check agrees with what a tap does.
  public let handlerTarget: (Node) -> Node?
  /// The dominant colour drawn behind a scene rectangle with every text hidden; nil: work it out
  /// from the filled shapes under the text (and skip the text when an image is under it).
  public let backdrop: ((Rect) -> Color?)?
  /// The world group of a camera that has been moved, zoomed or turned: its text lies off
  /// screen by design (a world scrolled past), so it is not reported as outside the screen.
  public let scrolledWorld: Node?
  /// The smallest tap target that passes, each side in design units (points).
  public let minTapSize: Double

  /// How far (design units) a box may stray before it counts: anti-aliasing and rounding.
  static let tolerance = 0.5
  /// How deep (design units, each way) two text boxes must overlap to count, so that lines set
  /// tightly one under the other, whose boxes touch through their line gap, do not.
  static let overlapDepth = 2.0
  /// The smallest tap target by default: Apple's guidelines ask 44 by 44 points.
  public static let defaultMinTapSize = 44.0

  public init(
    scene: SceneGraph, screen: Vec2, background: Color, handlerTarget: @escaping (Node) -> Node?,
    backdrop: ((Rect) -> Color?)? = nil, scrolledWorld: Node? = nil, minTapSize: Double = LayoutCheck.defaultMinTapSize
  ) {
    self.scrolledWorld = scrolledWorld
    self.minTapSize = minTapSize
    self.scene = scene
    self.screen = screen
    self.background = background
    self.handlerTarget = handlerTarget
    self.backdrop = backdrop
  }

  /// A node as drawn: its world transform, box as seen (cut by any clip above it) and
  /// effective alpha, in painter's order.
  struct Drawn {
    let node: Node
    let world: Affine
    let bounds: Rect
    let alpha: Double
    let order: Int
    /// The box before any clip cut it.
    let fullBounds: Rect
    /// Whether it or a group it is in is marked moving.
    let moving: Bool
  }

  /// Every problem, in a stable order: by kind, then in drawing order.
  public func problems() -> [LayoutProblem] {
    // Texts that name their longest content are checked with it, then given back their own.
    // An empty one shows a placeholder instead, or nothing: there is nothing typed to stretch.
    let stressed = scene.findAll { $0.kind == .text && $0.layoutText != nil && !$0.text.isEmpty }
    let own = stressed.map(\.text)
    for node in stressed { if let longest = node.layoutText { node.text = longest } }
    defer { for (node, text) in zip(stressed, own) { node.text = text } }
    return findProblems()
  }

  private func findProblems() -> [LayoutProblem] {
    let drawn = visibleNodes()
    let screenRect = Rect(x: 0, y: 0, width: screen.x, height: screen.y)
    let texts = drawn.filter { $0.node.kind == .text && !$0.node.text.allSatisfy(\.isWhitespace) && $0.bounds.width > 0 }
    // Text fully off screen or hidden under an opaque shape (a panel over the game) is not seen:
    // it cannot overlap, cover or be hard to read.
    let onScreen = texts.filter {
      Self.overlapWidth($0.bounds, screenRect) > 0 && Self.overlapHeight($0.bounds, screenRect) > 0 && !isHidden($0, drawn)
    }
    var found: [LayoutProblem] = []
    for text in texts where !text.moving && !contains(screenRect, text.bounds) && !isScrolledAway(text.node) {
      found.append(problem(.offScreen, text.node, "\(Self.describe(text)) spans \(Self.span(text.bounds)) of a \(Self.size(screen)) screen"))
    }
    for text in texts {
      // A clipping widget cuts what leaves it (moles in their holes): that is by design.
      guard let box = widget(of: text.node), !clipsBetween(text.node, box) else { continue }
      let boxBounds = box.worldBounds
      guard !contains(boxBounds, text.bounds) else { continue }
      found.append(problem(.outsideWidget, text.node, "\(Self.describe(text)) spans \(Self.span(text.bounds)), leaving \(box) at \(Self.span(boxBounds))"))
    }
    for (i, a) in onScreen.enumerated() {
      for b in onScreen[(i + 1)...] where !a.moving && !b.moving {
        let w = Self.overlapWidth(a.bounds, b.bounds)
        let h = Self.overlapHeight(a.bounds, b.bounds)
        guard w > Self.overlapDepth, h > Self.overlapDepth, !isBehindModal(a, b, drawn, screenRect) else {
          continue
        }
        found.append(problem(.overlap, a.node, "\(Self.describe(a)) and \(Self.describe(b)) overlap by \(Self.number(w))x\(Self.number(h))"))
      }
    }
    found += coveredTaps(drawn, screenRect)
    found += lowContrast(onScreen, drawn, screenRect)
    found += smallTaps(drawn, screenRect)
    return found
  }

  private func problem(_ kind: LayoutProblem.Kind, _ node: Node, _ detail: String) -> LayoutProblem {
    LayoutProblem(kind: kind, nodeID: node.id, message: "\(kind.rawValue): \(detail)")
  }

  /// The visible nodes (groups included: a group may take taps), nearly transparent ones and
  /// those a clip cuts away wholly left out, in painter's order.
  func visibleNodes() -> [Drawn] {
    var out: [Drawn] = []
    func walk(_ node: Node, _ parent: Affine, _ parentAlpha: Double, _ clip: Rect?, _ moving: Bool) {
      guard node.visible else { return }
      let alpha = parentAlpha * min(node.alpha, 1)
      // Nearly transparent: a fade's last frames or a sprite kept for later.
      guard alpha > 0.01 else { return }
      let world = parent * node.localTransform
      let moving = moving || node.isMoving
      let corners = node.localBounds.corners.map { world.apply($0) }
      let full = Rect.bounding(corners) ?? .zero
      if node !== scene.root {
        let seen = clip.map { Self.intersection(full, $0) } ?? full
        // Wholly clipped away: nothing of it is drawn, and it takes no taps.
        if clip.map({ Self.meets(full, $0) }) ?? true {
          out.append(Drawn(node: node, world: world, bounds: seen, alpha: alpha, order: out.count, fullBounds: full, moving: moving))
        }
      }
      var childClip = clip
      if node.clipsChildren { childClip = clip.map { Self.intersection(full, $0) } ?? full }
      for child in node.drawOrderedChildren { walk(child, world, alpha, childClip, moving) }
    }
    walk(scene.root, .identity, 1, nil, false)
    return out
  }

  /// Whether `node` lies in the world of a camera that has moved off its rest.
  private func isScrolledAway(_ node: Node) -> Bool {
    scrolledWorld.map { node.isDescendant(of: $0) } ?? false
  }

  /// The nearest ancestor with a box of its own: a rect, or a group given a size (a tide.ui
  /// button); a zero-sized rect holds nothing, so it is passed over like a plain group.
  func widget(of node: Node) -> Node? {
    var current = node.parent
    while let n = current, n !== scene.root {
      if (n.kind == .rect || n.kind == .group) && n.width > 0 && n.height > 0 { return n }
      current = n.parent
    }
    return nil
  }

  /// Whether `node`'s parent chain up to and including `widget` clips its children.
  private func clipsBetween(_ node: Node, _ widget: Node) -> Bool {
    var current = node.parent
    while let n = current {
      if n.clipsChildren { return true }
      if n === widget { return false }
      current = n.parent
    }
    return false
  }

  /// Whether an opaque filled shape drawn after `text` covers its whole box.
  private func isHidden(_ text: Drawn, _ drawn: [Drawn]) -> Bool {
    drawn[(text.order + 1)...].contains { item in
      SceneGraph.coversBelow(item.node, alpha: item.alpha * item.node.tint.a) && item.bounds.intersects(text.bounds)
        && item.node.containsWholly(text.node)
    }
  }

  /// Whether a filled shape over the whole screen is drawn after the lower of two texts and
  /// before the upper: a modal's backdrop, so the lower text is behind the modal by design.
  private func isBehindModal(_ a: Drawn, _ b: Drawn, _ drawn: [Drawn], _ screenRect: Rect) -> Bool {
    let (lower, upper) = a.order < b.order ? (a, b) : (b, a)
    return drawn[(lower.order + 1)..<upper.order].contains { item in
      [.rect, .circle, .polygon].contains(item.node.kind) && item.node.fill != nil && contains(item.bounds, screenRect)
    }
  }

  /// Whether a filled shape drawn after `text` lies over its centre: a translucent layer (a
  /// modal's dimming) shades the text and what is behind alike, so their contrast cannot be read
  /// from a frame drawn without text.
  private func isShaded(_ text: Drawn, _ drawn: [Drawn]) -> Bool {
    let centre = text.world.apply(Vec2(x: text.node.width / 2, y: text.node.height / 2))
    return drawn[(text.order + 1)...].contains { item in
      [.rect, .circle, .polygon].contains(item.node.kind) && item.node.fill != nil && item.bounds.contains(centre)
        && item.node.contains(centre)
    }
  }

  private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    let t = Self.tolerance
    return inner.minX >= outer.minX - t && inner.minY >= outer.minY - t && inner.maxX <= outer.maxX + t
      && inner.maxY <= outer.maxY + t
  }

  /// Whether some of `box` lies inside `clip`; a box with no width (a vertical line) or no
  /// height needs only to reach it.
  static func meets(_ box: Rect, _ clip: Rect) -> Bool {
    let w = overlapWidth(box, clip)
    let h = overlapHeight(box, clip)
    return (w > 0 || (box.width == 0 && w == 0)) && (h > 0 || (box.height == 0 && h == 0))
  }

  static func overlapWidth(_ a: Rect, _ b: Rect) -> Double { min(a.maxX, b.maxX) - max(a.minX, b.minX) }
  static func overlapHeight(_ a: Rect, _ b: Rect) -> Double { min(a.maxY, b.maxY) - max(a.minY, b.minY) }

  // MARK: Taps

  /// Tappable sprites (their own tap, drag or press handler) whose centre a tap would not reach:
  /// the scene's own hit test decides, so an opaque shape above or another sprite's handler
  /// above counts exactly as it would for a finger.
  private func coveredTaps(_ drawn: [Drawn], _ screenRect: Rect) -> [LayoutProblem] {
    var found: [LayoutProblem] = []
    for item in drawn where !item.moving && item.node.width > 0 && item.node.height > 0 && handlerTarget(item.node) === item.node {
      let centre = item.world.apply(Vec2(x: item.node.width / 2, y: item.node.height / 2))
      // A sprite whose shape misses its own centre (a ring-shaped polygon), or that is off screen
      // (scrolled away) or clipped there, has no centre to tap.
      guard screenRect.contains(centre), item.bounds.contains(centre), item.node.contains(centre) else { continue }
      let result = scene.hitTestDetail(centre) { handlerTarget($0) != nil }
      let taker: Node
      if let hit = result.hit {
        if hit.isDescendant(of: item.node) { continue }
        taker = handlerTarget(hit) ?? hit
      } else if let cover = result.coveredBy {
        taker = cover
      } else {
        continue
      }
      // A sprite over the whole screen is a modal's backdrop: it blocks what is under it on purpose.
      if contains(taker.worldBounds, screenRect) { continue }
      // Something moving passes over buttons by design.
      if Self.isMoving(taker) { continue }
      found.append(problem(.coveredTap, item.node, "\(item.node) at \(Self.point(centre)) is under \(taker), which takes its taps"))
    }
    return found
  }

  /// Whether `node` or a group it is in is marked moving.
  static func isMoving(_ node: Node) -> Bool {
    var current: Node? = node
    while let n = current {
      if n.isMoving { return true }
      current = n.parent
    }
    return false
  }

  /// Tappable sprites (their own handler) on screen that are narrower or shorter than
  /// `minTapSize`: a child's finger misses them or hits their neighbour. A sprite's target is
  /// its box and those of the children whose taps it takes (an empty group around a small icon
  /// widens its target without changing how it looks).
  private func smallTaps(_ drawn: [Drawn], _ screenRect: Rect) -> [LayoutProblem] {
    var found: [LayoutProblem] = []
    let least = minTapSize - Self.tolerance
    var reach: [ObjectIdentifier: Rect] = [:]
    for item in drawn where !item.moving && item.fullBounds.width > 0 && item.fullBounds.height > 0 {
      guard let target = handlerTarget(item.node) else { continue }
      let key = ObjectIdentifier(target)
      reach[key] = reach[key].map { Self.union($0, item.fullBounds) } ?? item.fullBounds
    }
    for item in drawn where !item.moving && handlerTarget(item.node) === item.node {
      guard let box = reach[ObjectIdentifier(item.node)], Self.overlapWidth(item.bounds, screenRect) > 0,
        Self.overlapHeight(item.bounds, screenRect) > 0, box.width < least || box.height < least
      else { continue }
      found.append(
        problem(.smallTap, item.node, "\(item.node) is \(Self.size(Vec2(x: box.width, y: box.height))), less than \(Self.size(Vec2(x: minTapSize, y: minTapSize)))"))
    }
    return found
  }

  // MARK: Contrast

  private func lowContrast(_ texts: [Drawn], _ drawn: [Drawn], _ screenRect: Rect) -> [LayoutProblem] {
    var found: [LayoutProblem] = []
    // WCAG sets no contrast for inactive controls; a widget faded to half or less (tide.ui's
    // disabled look is 0.4) counts as one.
    for text in texts where Self.hasLettersOrDigits(text.node.text) && !isShaded(text, drawn) && !Self.isFaded(text) {
      let area = Self.intersection(text.bounds, screenRect)
      let behind: Color?
      if let backdrop { behind = backdrop(area) } else { behind = shapesBehind(text, drawn) }
      guard let behind else { continue }
      let node = text.node
      let alpha = node.textColor.a * node.tint.a * text.alpha
      let ink = Color(r: node.textColor.r * node.tint.r, g: node.textColor.g * node.tint.g, b: node.textColor.b * node.tint.b)
      let seen = Self.over(ink, alpha: alpha, on: behind)
      let ratio = Self.contrast(seen, behind)
      let scale = sqrt(abs(text.world.a * text.world.d - text.world.b * text.world.c))
      let large = node.shownFontSize * scale >= 24
      let needed = large ? 3.0 : 4.5
      guard ratio < needed else { continue }
      found.append(
        problem(
          .lowContrast, node,
          "\(Self.describe(text)) is \(seen.hexString.prefix(7)) on \(behind.hexString.prefix(7)), \(Self.number(ratio, places: 2)):1 (needs \(Self.number(needed, places: 1)):1\(large ? " for text of 24 and more" : ""))"
        ))
    }
    return found
  }

  /// Whether `text` is drawn at half its opacity or less, by its own alpha or its groups'
  /// (they draw the same): a disabled widget, or a label fading in or out.
  static func isFaded(_ text: Drawn) -> Bool {
    text.alpha <= 0.5
  }

  /// The colour behind a text's centre from the filled shapes drawn before it, over the
  /// background; nil when it cannot be known without drawing (an image or a line under it).
  private func shapesBehind(_ text: Drawn, _ drawn: [Drawn]) -> Color? {
    let centre = text.world.apply(Vec2(x: text.node.width / 2, y: text.node.height / 2))
    var layers: [(Color, Double)] = []
    for item in drawn[..<text.order].reversed() where item.node.kind != .group && item.node.kind != .text {
      guard item.bounds.contains(centre), item.node.contains(centre) else { continue }
      switch item.node.kind {
      case .rect, .circle, .polygon:
        guard let fill = item.node.fill else { continue }
        let tint = item.node.tint
        let alpha = fill.a * tint.a * item.alpha
        layers.append((Color(r: fill.r * tint.r, g: fill.g * tint.g, b: fill.b * tint.b), alpha))
      default:
        return nil  // pixels we cannot know without drawing them
      }
      if let last = layers.last, last.1 >= 1 { break }
    }
    var colour = background.withAlpha(1)
    for (fill, alpha) in layers.reversed() { colour = Self.over(fill, alpha: alpha, on: colour) }
    return colour
  }

  /// `ink` at `alpha` composited over the opaque `base`.
  static func over(_ ink: Color, alpha: Double, on base: Color) -> Color {
    let a = min(max(alpha, 0), 1)
    return Color(r: ink.r * a + base.r * (1 - a), g: ink.g * a + base.g * (1 - a), b: ink.b * a + base.b * (1 - a))
  }

  /// WCAG 2 relative luminance of an opaque sRGB colour.
  public static func luminance(_ c: Color) -> Double {
    func channel(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
  }

  /// WCAG 2 contrast ratio of two opaque colours, 1 to 21.
  public static func contrast(_ a: Color, _ b: Color) -> Double {
    let la = luminance(a)
    let lb = luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// Emoji and symbols are pictures, drawn in their own colours: only text with letters or
  /// digits is held to a contrast ratio.
  static func hasLettersOrDigits(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }

  static func union(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = min(a.minX, b.minX)
    let y0 = min(a.minY, b.minY)
    return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
  }

  static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = max(a.minX, b.minX)
    let y0 = max(a.minY, b.minY)
    return Rect(x: x0, y: y0, width: max(0, min(a.maxX, b.maxX) - x0), height: max(0, min(a.maxY, b.maxY) - y0))
  }

  // MARK: Wording

  static func describe(_ item: Drawn) -> String {
    var text = item.node.text.replacingOccurrences(of: "\n", with: " ")
    if text.count > 30 { text = String(text.prefix(29)) + "…" }
    return "\(item.node) '\(text)'"
  }

  static func number(_ v: Double, places: Int = 0) -> String {
    if places == 0 || v == v.rounded() { return String(Int(v.rounded())) }
    return String(format: "%.\(places)f", v)
  }

  static func point(_ p: Vec2) -> String { "(\(number(p.x)), \(number(p.y)))" }

  static func span(_ r: Rect) -> String { "\(point(Vec2(x: r.minX, y: r.minY)))-\(point(Vec2(x: r.maxX, y: r.maxY)))" }

  static func size(_ s: Vec2) -> String { "\(number(s.x))x\(number(s.y))" }
}
