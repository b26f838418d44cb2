import Foundation
import TideCore

/// What one page has of its session's picture, and the messages that bring it up to date: a
/// whole `frame` to a page that has none, else a `delta` with the items that changed, the
/// sprites that only moved and, when it changed, the order; nothing for a still scene.
///
/// A tick of a game in play moves most of its sprites and restyles few. The scene is walked
/// without making draw items (`SceneGraph.forEachDrawn`), each node met in the order the page
/// has it (no lookup), and a node's look is made, encoded and compared only when its
/// `lookStamp`, size, flips or clip moved since the page got it: the rest is its transform and
/// alpha, told as a move of a few digits or the fields that changed. The message is written as
/// UTF-8 into buffers kept from tick to tick.
final class PagePicture {
  /// One item as the page has it: its look as last sent (with the node's `lookStamp` then),
  /// its transform, alpha and clip now, their encoding when made (nil after a move or a fade:
  /// made again only when a change needs comparing), and its place as the page has it (moves
  /// are sent in tenths of a unit).
  struct Entry {
    let id: Int
    var stamp: UInt32
    var look: NodeLook
    var transform: Affine
    var alpha: Double
    var clip: ClipRegion?
    var text: String?
    var page: (x: Double, y: Double)
    /// What the page has of a particles node's particles; nil: none.
    var followed: Followed?
  }

  /// The emitter whose particles the page keeps for an item, and how far it has them: every
  /// particle numbered up to `emitted` and every step up to `steps`, the last `dt` it was
  /// told. Holding the emitter, no other can take its place unnoticed.
  struct Followed {
    let emitter: ParticleEmitter
    var emitted: UInt64
    var steps: UInt64
    var dt: Double
  }

  var encoder: FrameEncoder
  /// Nil until a whole frame went out (a new or resumed page, or one that lost a message).
  private var sent: Sent?
  private struct Sent {
    var entries: [Entry]
    var background: Color
    var overlay: String?
    /// The largest id among `entries`: a node with a larger one is new to the page.
    var newestID: Int
  }

  // Kept between ticks for their capacity.
  private let changed = ByteWriter()
  private let moves = ByteWriter()
  private let particles = ByteWriter()
  private var order: [Int] = []
  private var reordered: [Entry] = []
  private var byID: [Int: Int] = [:]
  private var aside: [Int: Entry] = [:]
  /// How many places on a node drawn out of the page's order is looked for before the entries
  /// are found by id: a popped bubble passes over its own few nodes.
  private static let lookAhead = 8

  init(encoder: FrameEncoder) {
    self.encoder = encoder
  }

  /// The page needs a whole frame next.
  func reset() {
    sent = nil
  }

  /// Appends this tick's message for the page, if it needs one, to `batch`.
  func write(scene: SceneGraph, tick: Int, background: Color, overlay: String?, into batch: MessageBatch) {
    guard var picture = sent else {
      writeFrame(scene: scene, tick: tick, background: background, overlay: overlay, into: batch)
      return
    }
    // Taken out while it changes: a copy left here would make the first change copy every entry.
    sent = nil
    let encoder = encoder
    var entries: [Entry] = []
    swap(&entries, &picture.entries)
    let changed = self.changed
    let moves = self.moves
    let particles = self.particles
    var order: [Int] = []
    var reordered: [Entry] = []
    var byID: [Int: Int] = [:]
    var aside: [Int: Entry] = [:]
    swap(&order, &self.order)
    swap(&reordered, &self.reordered)
    swap(&byID, &self.byID)
    swap(&aside, &self.aside)
    changed.removeAll()
    moves.removeAll()
    particles.removeAll()
    order.removeAll(keepingCapacity: true)
    reordered.removeAll(keepingCapacity: true)
    aside.removeAll(keepingCapacity: true)
    // Each node drawn is the entry at the same index while the order holds. A sprite made,
    // removed or drawn elsewhere in the order, a few a tick in a game in play, is mended in
    // place: a new one inserted, the entries of those passed over set aside (to come back
    // further on, or to be dropped). Only a node neither new, set aside nor a few places on
    // makes the list again from the entries found by id.
    let newest = picture.newestID
    var newestNow = 0
    var index = 0
    var orderChanged = false
    var byLookup = false
    scene.forEachDrawn { node, transform, alpha, clip in
      order.append(node.id)
      newestNow = max(newestNow, node.id)
      if !byLookup {
        if index < entries.count, entries[index].id == node.id {
          Self.update(&entries[index], node, transform, alpha, clip, encoder, changed, moves, particles)
          index += 1
          return
        }
        orderChanged = true
        // Made since the page's newest (ids only grow: it is nowhere further on), or set aside
        // earlier this tick: it goes here.
        if node.id > newest || aside[node.id] != nil {
          entries.insert(Self.placed(node, transform, alpha, clip, encoder, &aside, changed, moves, particles), at: index)
          index += 1
          return
        }
        let end = min(entries.count, index + Self.lookAhead)
        if let found = (index..<end).first(where: { entries[$0].id == node.id }) {
          for passed in entries[index..<found] { aside[passed.id] = passed }
          entries.removeSubrange(index..<found)
          Self.update(&entries[index], node, transform, alpha, clip, encoder, changed, moves, particles)
          index += 1
          return
        }
        byLookup = true
        reordered.append(contentsOf: entries[0..<index])
        // Kept with its room from tick to tick, the table is not grown again each time.
        byID.removeAll(keepingCapacity: true)
        byID.reserveCapacity(entries.count - index)
        for at in index..<entries.count { byID[entries[at].id] = at }
      }
      if let at = byID[node.id] {
        var entry = entries[at]
        Self.update(&entry, node, transform, alpha, clip, encoder, changed, moves, particles)
        reordered.append(entry)
      } else {
        reordered.append(Self.placed(node, transform, alpha, clip, encoder, &aside, changed, moves, particles))
      }
    }
    if byLookup {
      swap(&entries, &reordered)
    } else if index < entries.count {
      entries.removeSubrange(index...)
      orderChanged = true
    }
    let backgroundChanged = background != picture.background
    let overlayChanged = overlay != picture.overlay
    picture.background = background
    picture.overlay = overlay
    picture.newestID = newestNow
    swap(&entries, &picture.entries)
    sent = picture
    defer {
      reordered.removeAll(keepingCapacity: true)
      aside.removeAll(keepingCapacity: true)
      swap(&order, &self.order)
      swap(&reordered, &self.reordered)
      swap(&byID, &self.byID)
      swap(&aside, &self.aside)
    }
    guard !changed.isEmpty || !moves.isEmpty || !particles.isEmpty || orderChanged || backgroundChanged || overlayChanged
    else { return }
    batch.begin()
    batch.bytes.append("{\"t\":\"delta\",\"tick\":")
    FrameEncoder.integer(tick, into: batch.bytes)
    var head = ""
    if backgroundChanged {
      head += ",\"bg\":"
      FrameEncoder.color(background, into: &head)
    }
    if overlayChanged {
      head += ",\"overlay\":"
      FrameEncoder.string(overlay ?? "", into: &head)
    }
    batch.bytes.append(utf8: head)
    Self.list(",\"items\":[", changed, into: batch.bytes)
    Self.list(",\"mv\":[", moves, into: batch.bytes)
    Self.list(",\"pt\":[", particles, into: batch.bytes)
    if orderChanged {
      batch.bytes.append(",\"order\":[")
      for (index, id) in order.enumerated() {
        if index > 0 { batch.bytes.append(UInt8(ascii: ",")) }
        FrameEncoder.integer(id, into: batch.bytes)
      }
      batch.bytes.append(UInt8(ascii: "]"))
    }
    batch.bytes.append(UInt8(ascii: "}"))
  }

  /// The whole picture, for a page that has none.
  private func writeFrame(scene: SceneGraph, tick: Int, background: Color, overlay: String?, into batch: MessageBatch) {
    var out = "{\"t\":\"frame\",\"tick\":\(tick),\"bg\":"
    FrameEncoder.color(background, into: &out)
    if let overlay {
      out += ",\"overlay\":"
      FrameEncoder.string(overlay, into: &out)
    }
    out += ",\"items\":["
    var entries: [Entry] = []
    let encoder = encoder
    let particles = self.particles
    particles.removeAll()
    scene.forEachDrawn { node, transform, alpha, clip in
      var entry = Self.entry(node, transform, alpha, clip, encoder)
      Self.follow(&entry, node, into: particles)
      if !entries.isEmpty { out += "," }
      out += entry.text ?? ""
      entries.append(entry)
    }
    sent = Sent(entries: entries, background: background, overlay: overlay, newestID: entries.map(\.id).max() ?? 0)
    batch.begin()
    batch.bytes.append(utf8: out)
    batch.bytes.append(UInt8(ascii: "]"))
    Self.list(",\"pt\":[", particles, into: batch.bytes)
    batch.bytes.append(UInt8(ascii: "}"))
  }

  /// The entry of a node the page has not got in its place: set aside earlier this tick and
  /// brought up to date, or new, encoded and written into `changed`.
  private static func placed(
    _ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?, _ encoder: FrameEncoder,
    _ aside: inout [Int: Entry], _ changed: ByteWriter, _ moves: ByteWriter, _ particles: ByteWriter
  ) -> Entry {
    if var entry = aside.removeValue(forKey: node.id) {
      update(&entry, node, transform, alpha, clip, encoder, changed, moves, particles)
      return entry
    }
    var entry = entry(node, transform, alpha, clip, encoder)
    separate(changed)
    changed.append(utf8: entry.text ?? "")
    follow(&entry, node, into: particles)
    return entry
  }

  /// A node the page has not got: its entry, encoded.
  private static func entry(_ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?, _ encoder: FrameEncoder) -> Entry {
    let look = NodeLook(node)
    let text = encoder.item(id: node.id, look: look, transform: transform, alpha: alpha, clip: clip)
    return Entry(
      id: node.id, stamp: node.lookStamp, look: look, transform: transform, alpha: alpha, clip: clip, text: text,
      page: (transform.tx, transform.ty))
  }

  /// Brings `entry` to how `node` is drawn now, writing what the page must be told into
  /// `changed` (items' fields), `moves` and `particles`.
  private static func update(
    _ entry: inout Entry, _ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?, _ encoder: FrameEncoder,
    _ changed: ByteWriter, _ moves: ByteWriter, _ particles: ByteWriter
  ) {
    if node.kind == .particles { follow(&entry, node, into: particles) }
    restyle(&entry, node, transform, alpha, clip, encoder, changed, moves)
  }

  /// `update` short of the particles: the item's look, place and alpha.
  private static func restyle(
    _ entry: inout Entry, _ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?, _ encoder: FrameEncoder,
    _ changed: ByteWriter, _ moves: ByteWriter
  ) {
    let id = entry.id
    let size = node.size
    if entry.stamp == node.lookStamp, entry.look.width == size.width, entry.look.height == size.height,
      entry.look.flipX == node.flipX, entry.look.flipY == node.flipY, SessionHub.sameClip(entry.clip, clip)
    {
      // The look as the page has it: at most its place, turn, scale or alpha changed.
      if entry.transform == transform, entry.alpha == alpha { return }
      SessionHub.placeAndAlpha(
        id: id, from: entry.transform, entry.alpha, to: transform, alpha, page: &entry.page, changed: changed, moves: moves)
      entry.transform = transform
      entry.alpha = alpha
      entry.text = nil
      return
    }
    let look = NodeLook(node)
    let stamp = node.lookStamp
    let old = entry.look
    if SessionHub.sameLook(old, look), SessionHub.sameClip(entry.clip, clip) {
      // Set again as it was: as a move or a fade, the look kept.
      entry.stamp = stamp
      restyle(&entry, node, transform, alpha, clip, encoder, changed, moves)
      return
    }
    let oldText =
      entry.text ?? encoder.item(id: id, look: old, transform: entry.transform, alpha: entry.alpha, clip: entry.clip)
    let text = encoder.item(id: id, look: look, transform: transform, alpha: alpha, clip: clip)
    if oldText != text, let difference = SessionHub.difference(id: id, from: oldText, to: text) {
      separate(changed)
      changed.append(utf8: difference)
      // A changed transform is sent whole: the page has its exact place again.
      if FrameEncoder.splitFields(difference).contains(where: { $0.hasPrefix("\"m\":") }) {
        entry.page = (transform.tx, transform.ty)
      }
    }
    entry = Entry(
      id: id, stamp: stamp, look: look, transform: transform, alpha: alpha, clip: clip, text: text, page: entry.page,
      followed: entry.followed)
  }

  /// Writes into `out`, as an element of a message's `pt`, what the page needs to bring its
  /// copy of `node`'s particles to the emitter's: the `dt` of each step since (0 for the same
  /// as the one before) and the particles emitted since, whole; or, for a page that has none of
  /// this emitter's (or has fallen further behind than it keeps steps), every particle whole.
  /// Nothing when nothing happened to them.
  private static func follow(_ entry: inout Entry, _ node: Node, into out: ByteWriter) {
    guard node.kind == .particles else { return }
    let id = entry.id
    // Starts the item's element: `[id`.
    func open() {
      separate(out)
      out.append(UInt8(ascii: "["))
      FrameEncoder.integer(id, into: out)
    }
    guard let emitter = node.emitter else {
      // The emitter is gone: so are the page's particles of it.
      if entry.followed != nil {
        open()
        out.append(",null]")
        entry.followed = nil
      }
      return
    }
    if var followed = entry.followed, followed.emitter === emitter, emitter.keepsSteps(since: followed.steps) {
      guard emitter.stepsTaken != followed.steps || emitter.emitted != followed.emitted else { return }
      open()
      out.append(",[")
      var first = true
      emitter.steps(since: followed.steps) { dt in
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        if dt == followed.dt {
          out.append(UInt8(ascii: "0"))
        } else {
          FrameEncoder.exact(dt, into: out)
          followed.dt = dt
        }
      }
      out.append(UInt8(ascii: "]"))
      if emitter.emitted != followed.emitted {
        out.append(UInt8(ascii: ","))
        FrameEncoder.particles(of: emitter, after: followed.emitted, into: out)
      }
      out.append(UInt8(ascii: "]"))
      followed.steps = emitter.stepsTaken
      followed.emitted = emitter.emitted
      entry.followed = followed
      return
    }
    open()
    out.append(",null,")
    FrameEncoder.particles(of: emitter, after: 0, into: out)
    out.append(UInt8(ascii: "]"))
    entry.followed = Followed(emitter: emitter, emitted: emitter.emitted, steps: emitter.stepsTaken, dt: 0)
  }

  /// `list`'s elements after `opening` (a field's name and its bracket) and before a closing
  /// bracket, into `out`; nothing for an empty list.
  private static func list(_ opening: StaticString, _ list: ByteWriter, into out: ByteWriter) {
    guard !list.isEmpty else { return }
    out.append(opening)
    out.append(list)
    out.append(UInt8(ascii: "]"))
  }

  /// A comma before a list's next element.
  static func separate(_ list: ByteWriter) {
    if !list.isEmpty { list.append(UInt8(ascii: ",")) }
  }
}

/// A tick's messages for one page, written as UTF-8 into one buffer kept from tick to tick: sent
/// alone as itself, several as a JSON array of them (each WebSocket message costs the page a
/// wake-up and the server a write, far more than its bytes). A class: the hub keeps one and
/// each part of a tick writes into it.
final class MessageBatch {
  /// An opening bracket, then the messages, each after a comma but the first.
  let bytes = ByteWriter(capacity: 4096)
  private(set) var count = 0

  init() {
    bytes.append(UInt8(ascii: "["))
  }

  /// Empties it, keeping its storage.
  func removeAll() {
    bytes.removeAll()
    bytes.append(UInt8(ascii: "["))
    count = 0
  }

  /// Starts a message, which the caller then writes into `bytes`.
  func begin() {
    if count > 0 { bytes.append(UInt8(ascii: ",")) }
    count += 1
  }

  func add(_ message: String) {
    begin()
    bytes.append(utf8: message)
  }

  /// Sends the messages, if any, as one WebSocket message.
  func send(to outlet: (any ServeOutlet)?) {
    guard let outlet, count > 0 else { return }
    let range = finish()
    outlet.send(utf8: UnsafeRawBufferPointer(rebasing: bytes.written[range]))
  }

  /// Closes the array of several messages; where in `bytes` the WebSocket message is.
  func finish() -> Range<Int> {
    guard count > 1 else { return 1..<bytes.count }
    bytes.append(UInt8(ascii: "]"))
    return 0..<bytes.count
  }
}
