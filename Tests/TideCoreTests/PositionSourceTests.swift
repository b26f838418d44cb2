import XCTest

@testable import TideCore

/// A node's `x`, `y`, `rotation`, `alpha`, scale (uniform or per axis) and size may be kept
/// newer elsewhere (a Lua table): reads take them from the source once its epoch moved, writes hand them back, and no TideCore path
/// goes around that.
final class PositionSourceTests: XCTestCase {
  /// A stand-in for a script's table: positions written where the node cannot see them.
  private final class Store: PositionSource {
    var x = 0.0, y = 0.0, rotation = 0.0, alpha = 1.0, scaleX = 1.0, scaleY = 1.0
    /// The size, once the store keeps it (a script wrote it).
    var width: Double?, height: Double?
    var refreshes = 0, writes = 0
    var source: PositionSource { self }

    override func refresh(_ node: Node) {
      refreshes += 1
      let fields = node.fieldsAddress.assumingMemoryBound(to: NodeFields.self)
      fields.pointee.x = x
      fields.pointee.y = y
      fields.pointee.rotation = rotation
      fields.pointee.alpha = alpha
      fields.pointee.scaleX = scaleX
      fields.pointee.scaleY = scaleY
      if let width { fields.pointee.width = width }
      if let height { fields.pointee.height = height }
      fields.pointee.positionEpoch = epoch.pointee
    }

    override func written(_ node: Node, _ field: PositionSource.Field) {
      writes += 1
      let fields = node.fieldsAddress.assumingMemoryBound(to: NodeFields.self)
      switch field {
      case .x: x = fields.pointee.x
      case .y: y = fields.pointee.y
      case .rotation: rotation = fields.pointee.rotation
      case .alpha: alpha = fields.pointee.alpha
      case .scaleX: scaleX = fields.pointee.scaleX
      case .scaleY: scaleY = fields.pointee.scaleY
      case .width: width = fields.pointee.width
      case .height: height = fields.pointee.height
      case .scale: (scaleX, scaleY) = (fields.pointee.scaleX, fields.pointee.scaleY)
      }
    }

    /// A script writes: the store changes and says so by moving the epoch.
    func write(x: Double, y: Double) {
      (self.x, self.y) = (x, y)
      epoch.pointee += 1
    }
  }

  func testReadsTakeTheNewerPositionOnceAnEpoch() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = store.source
    store.write(x: 10, y: 20)
    XCTAssertEqual(node.x, 10)
    XCTAssertEqual(node.y, 20)
    XCTAssertEqual(store.refreshes, 1, "one copy serves every read until the epoch moves")
    XCTAssertEqual(node.worldBounds.x, 10)
    XCTAssertEqual(store.refreshes, 1)
    store.write(x: 30, y: 40)
    XCTAssertEqual(node.worldBounds.y, 40, "geometry reads through the node")
    XCTAssertEqual(store.refreshes, 2)
  }

  func testAWriteHandsBackItsCoordinateAloneAndTheOtherStaysNewer() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = store.source
    store.write(x: 1, y: 2)
    node.x = 5  // y was written elsewhere since: it must survive this write
    XCTAssertEqual(store.writes, 1)
    XCTAssertEqual(store.refreshes, 0, "a write takes nothing")
    XCTAssertEqual(store.x, 5)
    XCTAssertEqual(store.y, 2)
    XCTAssertEqual(node.y, 2)
    XCTAssertEqual(node.x, 5)
  }

  func testTweensOfXAndYGoThroughTheNode() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = store.source
    store.write(x: 100, y: 0)
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .x, to: 200)], duration: 1)
    tweens.update(0.5)
    XCTAssertEqual(store.x, 150, accuracy: 1e-9, "started from the store's x, and handed back")
    tweens.update(0.5)
    XCTAssertEqual(store.x, 200)
    // A node that gets its source back while a tween runs (a removed sprite added back): the
    // tween's writes go there from then on.
    let late = SceneGraph().makeNode(.rect)
    late.positionSource = store.source
    late.positionSource = nil
    tweens.tween([TweenTrack(node: late, property: .y, to: 10)], duration: 1)
    tweens.update(0.5)
    XCTAssertEqual(late.y, 5)
    late.positionSource = store.source
    tweens.update(0.5)
    XCTAssertEqual(store.y, 10)
  }

  func testRotationAndAlphaAreTakenAndHandedBackAsThePositionIs() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = store.source
    store.rotation = 45
    store.alpha = 0.25
    store.write(x: 0, y: 0)
    XCTAssertEqual(node.rotation, 45)
    XCTAssertEqual(node.alpha, 0.25)
    XCTAssertEqual(store.refreshes, 1)
    node.alpha = 0.5
    XCTAssertEqual(store.alpha, 0.5, "a write is handed back")
    XCTAssertEqual(store.rotation, 45, "and the other fields stay where they are newer")
    // A fade tween of a node with a source writes through the node, never to memory behind
    // the source's back.
    let tweens = TweenSystem()
    tweens.tween(
      [TweenTrack(node: node, property: .alpha, to: 1), TweenTrack(node: node, property: .rotation, to: 90)], duration: 1)
    tweens.update(0.5)
    XCTAssertEqual(store.alpha, 0.75, accuracy: 1e-9)
    XCTAssertEqual(store.rotation, 67.5, accuracy: 1e-9)
    XCTAssertTrue(node.sourceKeeps(.alpha))
    XCTAssertFalse(node.sourceKeeps(.anchorX), "the other fields are the node's alone")
    XCTAssertFalse(SceneGraph().makeNode(.rect).sourceKeeps(.alpha), "and all are, for a node that never had a source")
  }

  /// A pulse of a node whose scale a source keeps: its geometry reads the source's axes, a
  /// uniform scale hands both back, and a tween of one axis hands that one back.
  func testTheScaleIsTakenAndHandedBackPerAxis() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.width = 10
    node.height = 10
    node.positionSource = store.source
    store.scaleX = 2
    store.scaleY = 3
    store.write(x: 0, y: 0)
    XCTAssertEqual(node.worldBounds.width, 20)
    XCTAssertEqual(node.worldBounds.height, 30)
    XCTAssertEqual(store.refreshes, 1)
    node.scale = 4
    XCTAssertEqual([store.scaleX, store.scaleY], [4, 4], "a uniform scale hands back both axes")
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .scaleY, to: 6)], duration: 1)
    tweens.update(0.5)
    XCTAssertEqual(store.scaleY, 5, accuracy: 1e-9)
    XCTAssertEqual(store.scaleX, 4)
  }

  /// A box a script stretches: geometry and a circle's radius read the source's size, and a
  /// radius written in Swift (or a tween of the width) hands the size back.
  func testTheSizeIsTakenAndHandedBack() {
    let store = Store()
    let node = SceneGraph().makeNode(.circle)
    node.positionSource = store.source
    store.width = 40
    store.height = 20
    store.write(x: 0, y: 0)
    XCTAssertEqual(node.worldBounds.width, 40)
    XCTAssertEqual(node.worldBounds.height, 20)
    XCTAssertEqual(node.radius, 20)
    XCTAssertEqual(store.refreshes, 1)
    node.radius = 5
    XCTAssertEqual([store.width, store.height], [10, 10], "a radius hands back both sides")
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .width, to: 30)], duration: 1)
    tweens.update(0.5)
    XCTAssertEqual(store.width ?? 0, 20, accuracy: 1e-9)
    XCTAssertEqual(store.height, 10)
    XCTAssertTrue(node.sourceKeeps(.height))
  }

  /// A source that keeps rotation and alpha only for some nodes says so in a byte of each
  /// node's room: writes of what it does not keep are not handed to it.
  func testWritesOfFieldsTheSourceDoesNotKeepStayInTheNode() {
    final class Partial: PositionSource {
      var handed: [PositionSource.Field] = []
      init() { super.init(keptFieldsOffset: 5) }
      override func written(_ node: Node, _ field: PositionSource.Field) { handed.append(field) }
    }
    let source = Partial()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = source
    node.alpha = 0.5
    node.rotation = 10
    node.x = 1
    XCTAssertEqual(source.handed, [.x], "the position is always kept")
    node.sourceRoom.storeBytes(of: PositionSource.Field.alpha.bit, toByteOffset: 5, as: UInt8.self)
    node.alpha = 0.25
    node.rotation = 20
    XCTAssertEqual(source.handed, [.x, .alpha])
    XCTAssertEqual(node.alpha, 0.25)
    XCTAssertEqual(node.rotation, 20)
  }

  /// A read of a field the source does not keep for the node takes nothing from it: the block
  /// has the newest value. A read of the position still does.
  func testReadsOfFieldsTheSourceDoesNotKeepTakeNothing() {
    final class Partial: PositionSource {
      var refreshes = 0
      init() { super.init(keptFieldsOffset: 5) }
      override func refresh(_ node: Node) {
        refreshes += 1
        node.fieldsAddress.assumingMemoryBound(to: NodeFields.self).pointee.positionEpoch = epoch.pointee
      }
    }
    let source = Partial()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = source
    _ = (node.rotation, node.alpha, node.scaleX, node.scaleY, node.scale)
    XCTAssertEqual(source.refreshes, 0)
    node.sourceRoom.storeBytes(of: PositionSource.Field.scaleY.bit, toByteOffset: 5, as: UInt8.self)
    _ = node.scaleY
    XCTAssertEqual(source.refreshes, 1, "a field it keeps is taken")
    source.epoch.pointee += 1
    _ = node.x
    XCTAssertEqual(source.refreshes, 2, "and so is the position, always")
  }

  /// A source may keep the uniform scale for a node in place of the axes: a read of either
  /// axis takes it, a uniform write hands it back once, as `.scale`, and a write of one axis
  /// hands back that axis, for the source to tell the two apart.
  func testTheUniformScaleIsKeptInPlaceOfTheAxes() {
    final class Uniform: PositionSource {
      var scale = 2.0
      var refreshes = 0
      var handed: [PositionSource.Field] = []
      init() { super.init(keptFieldsOffset: 5) }
      override func refresh(_ node: Node) {
        refreshes += 1
        let fields = node.fieldsAddress.assumingMemoryBound(to: NodeFields.self)
        (fields.pointee.scaleX, fields.pointee.scaleY) = (scale, scale)
        fields.pointee.positionEpoch = epoch.pointee
      }
      override func written(_ node: Node, _ field: PositionSource.Field) { handed.append(field) }
    }
    let source = Uniform()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = source
    node.sourceRoom.storeBytes(of: PositionSource.Field.scale.bit, toByteOffset: 5, as: UInt8.self)
    source.epoch.pointee += 1
    XCTAssertEqual(node.scaleY, 2, "an axis is read from the uniform scale kept")
    XCTAssertEqual(source.refreshes, 1)
    node.scale = 3
    XCTAssertEqual(source.handed, [.scale], "both axes at once, handed back once")
    node.scaleX = 4
    XCTAssertEqual(source.handed, [.scale, .scaleX])
    node.sourceRoom.storeBytes(of: PositionSource.Field.scaleX.bit, toByteOffset: 5, as: UInt8.self)
    node.scale = 5
    XCTAssertEqual(source.handed, [.scale, .scaleX, .scaleX], "the axes kept, each is handed back")
  }

  /// A tween takes the field it animates back from the source when it starts, alone or in a
  /// sequence: its steps stay in the node, not handed back one by one. A field the source does
  /// not keep, or the position, which it keeps for every node, is not asked for.
  func testATweenTakesItsFieldBackFromTheSource() {
    final class Partial: PositionSource {
      var released: [PositionSource.Field] = []
      var handed: [PositionSource.Field] = []
      init() { super.init(keptFieldsOffset: 5) }
      override func written(_ node: Node, _ field: PositionSource.Field) { handed.append(field) }
      override func release(_ node: Node, _ field: PositionSource.Field) {
        released.append(field)
        let kept = node.sourceRoom.load(fromByteOffset: 5, as: UInt8.self)
        node.sourceRoom.storeBytes(of: kept & ~field.keptBits, toByteOffset: 5, as: UInt8.self)
      }
    }
    let source = Partial()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = source
    let kept = PositionSource.Field.alpha.bit | PositionSource.Field.scale.bit
    node.sourceRoom.storeBytes(of: kept, toByteOffset: 5, as: UInt8.self)
    let tweens = TweenSystem()
    tweens.tween(
      [TweenTrack(node: node, property: .alpha, to: 0), TweenTrack(node: node, property: .rotation, to: 90)], duration: 1)
    tweens.update(0.25)
    tweens.update(0.25)
    XCTAssertEqual(source.released, [.alpha])
    XCTAssertEqual(source.handed, [])
    XCTAssertEqual(node.alpha, 0.5, accuracy: 1e-9)
    _ = tweens.add(
      .sequence([
        .wait(0.1),
        .tween(
          [TweenTrack(node: node, property: .scaleX, to: 2), TweenTrack(node: node, property: .x, to: 5)], duration: 1,
          easing: .linear),
      ]))
    tweens.update(0.5)
    tweens.update(0.5)
    XCTAssertEqual(source.released, [.alpha, .scaleX], "an axis takes back the uniform scale it is kept in")
    XCTAssertEqual(source.handed.filter { $0 != .x }, [], "the position is handed back, always")
    XCTAssertFalse(source.handed.isEmpty)
  }

  func testANodeLetGoOfItsSourceIsPlainMemoryAgain() {
    let store = Store()
    let node = SceneGraph().makeNode(.rect)
    node.positionSource = store.source
    node.positionSource = nil
    store.write(x: 9, y: 9)
    node.x = 3
    XCTAssertEqual(node.x, 3)
    XCTAssertEqual(store.refreshes + store.writes, 0)
  }

  func testANodeWithoutASourceIsPlainMemory() {
    let node = SceneGraph().makeNode(.rect)
    node.x = 4
    XCTAssertEqual(node.fieldsAddress.load(as: Double.self), 4)
    XCTAssertNil(node.positionSource)
  }
}
