import XCTest

@testable import TideCore

/// The `NodeFields` block is read and written directly by the Lua binding, at the offsets
/// `NodeFields.offset(of:)` reports: these tests pin what that code relies on.
final class NodeFieldsTests: XCTestCase {
  private let numbers: [(String, WritableKeyPath<NodeFields, Double>, ReferenceWritableKeyPath<Node, Double>)] = [
    ("x", \.x, \.x), ("y", \.y, \.y), ("width", \.width, \.width), ("height", \.height, \.height),
    ("anchorX", \.anchorX, \.anchorX), ("anchorY", \.anchorY, \.anchorY),
    ("scaleX", \.scaleX, \.scaleX), ("scaleY", \.scaleY, \.scaleY),
    ("rotation", \.rotation, \.rotation), ("alpha", \.alpha, \.alpha), ("z", \.z, \.z),
  ]
  private let booleans: [(String, WritableKeyPath<NodeFields, Bool>, ReferenceWritableKeyPath<Node, Bool>)] = [
    ("visible", \.visible, \.visible), ("flipX", \.flipX, \.flipX), ("flipY", \.flipY, \.flipY),
  ]

  func testOffsetsAreDistinctAlignedAndInsideTheBlock() {
    var seen = Set<Int>()
    for (name, path, _) in numbers {
      let offset = NodeFields.offset(of: path)
      XCTAssertEqual(offset % MemoryLayout<Double>.alignment, 0, name)
      XCTAssertLessThanOrEqual(offset + 8, MemoryLayout<NodeFields>.size, name)
      XCTAssertTrue(seen.insert(offset).inserted, "\(name) overlaps another field")
    }
    for (name, path, _) in booleans {
      let offset = NodeFields.offset(of: path)
      XCTAssertLessThanOrEqual(offset + 1, MemoryLayout<NodeFields>.size, name)
      XCTAssertTrue(seen.insert(offset).inserted, "\(name) overlaps another field")
    }
    // The layout the binding has been measured with (declaration order); a change is harmless,
    // since the binding asks for offsets, but should be deliberate.
    XCTAssertEqual(NodeFields.offset(of: \.x), 0)
    XCTAssertEqual(NodeFields.offset(of: \.y), 8)
    XCTAssertEqual(NodeFields.offset(of: \.z), 80)
    XCTAssertEqual(NodeFields.offset(of: \.visible), 88)
    XCTAssertEqual(MemoryLayout<Bool>.size, 1)
  }

  func testWritesThroughTheAddressAreTheNodesProperties() {
    let node = SceneGraph().makeNode(.rect)
    let block = node.fieldsAddress
    for (i, (name, path, property)) in numbers.enumerated() {
      let value = Double(i) + 0.5
      block.storeBytes(of: value, toByteOffset: NodeFields.offset(of: path), as: Double.self)
      XCTAssertEqual(node[keyPath: property], value, name)
      node[keyPath: property] = -value
      XCTAssertEqual(block.load(fromByteOffset: NodeFields.offset(of: path), as: Double.self), -value, name)
    }
    for (name, path, property) in booleans {
      let offset = NodeFields.offset(of: path)
      block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self)
      XCTAssertTrue(node[keyPath: property], name)
      node[keyPath: property] = false
      XCTAssertEqual(block.load(fromByteOffset: offset, as: UInt8.self), 0, name)
      node[keyPath: property] = true
      XCTAssertEqual(block.load(fromByteOffset: offset, as: UInt8.self), 1, "a Bool is the byte 1, as C writes it")
    }
  }

  func testDefaultsAndSideEffectsSurviveTheMove() {
    let scene = SceneGraph()
    let rect = scene.makeNode(.rect)
    XCTAssertEqual([rect.x, rect.y, rect.width, rect.height, rect.anchorX, rect.anchorY], [0, 0, 0, 0, 0, 0])
    XCTAssertEqual([rect.scaleX, rect.scaleY, rect.rotation, rect.alpha, rect.z], [1, 1, 0, 1, 0])
    XCTAssertEqual([rect.visible, rect.flipX, rect.flipY], [true, false, false])
    let circle = scene.makeNode(.circle)
    XCTAssertEqual([circle.anchorX, circle.anchorY], [0.5, 0.5])

    rect.scale = 3
    XCTAssertEqual([rect.scaleX, rect.scaleY], [3, 3])

    // z still re-sorts the parent's children, and only when it changes.
    let a = scene.makeNode(.rect)
    let b = scene.makeNode(.rect)
    scene.root.add(a)
    scene.root.add(b)
    XCTAssertEqual(scene.root.drawOrderedChildren.map(\.id), [a.id, b.id])
    a.z = 1
    XCTAssertTrue(scene.root.childOrderIsDirty)
    XCTAssertEqual(scene.root.drawOrderedChildren.map(\.id), [b.id, a.id])
    a.z = 1
    XCTAssertFalse(scene.root.childOrderIsDirty, "an unchanged z leaves the order alone")
  }

  func testEachNodeHasItsOwnBlockFreedWithIt() {
    let scene = SceneGraph()
    weak var gone: Node?
    var addresses = Set<UnsafeMutableRawPointer>()
    do {
      let nodes = (0..<100).map { _ in scene.makeNode(.rect) }
      for node in nodes { addresses.insert(node.fieldsAddress) }
      gone = nodes[0]
    }
    XCTAssertEqual(addresses.count, 100)
    XCTAssertNil(gone, "the node (and so its block) is freed when the last reference goes")
  }

  func testTheSourceRoomIsZeroAfterTheFieldsAndNoSetterTouchesIt() {
    let node = SceneGraph().makeNode(.circle)
    XCTAssertEqual(node.sourceRoom, node.fieldsAddress + Node.sourceRoomOffset)
    XCTAssertGreaterThanOrEqual(Node.sourceRoomOffset, MemoryLayout<NodeFields>.size)
    let room = node.sourceRoom
    XCTAssertEqual((0..<PositionSource.roomSize).map { room.load(fromByteOffset: $0, as: UInt8.self) },
                   [UInt8](repeating: 0, count: PositionSource.roomSize))
    for i in 0..<PositionSource.roomSize { room.storeBytes(of: 0xA5, toByteOffset: i, as: UInt8.self) }
    for (i, (_, _, property)) in numbers.enumerated() { node[keyPath: property] = Double(i) + 2 }
    for (_, _, property) in booleans { node[keyPath: property] = !node[keyPath: property] }
    node.scale = 4
    node.radius = 9
    XCTAssertEqual((0..<PositionSource.roomSize).map { room.load(fromByteOffset: $0, as: UInt8.self) },
                   [UInt8](repeating: 0xA5, count: PositionSource.roomSize), "TideCore never writes the room")
    XCTAssertEqual(node.scaleY, 4)
    XCTAssertEqual(node.width, 18)
  }
}
