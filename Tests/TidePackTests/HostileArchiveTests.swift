import Foundation
import TideCore
import TidePack
import XCTest

/// A `.tide` file from anywhere is refused with one line unless it is an honest game archive.
final class HostileArchiveTests: XCTestCase {
  private func refusal(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
      _ = try GameArchive.open(url, shown: "game.tide")
      XCTFail("opened a hostile archive", file: file, line: line)
      return ""
    } catch {
      XCTAssertFalse(error.description.contains("\n"), "one line: \(error.description)", file: file, line: line)
      XCTAssertTrue(error.description.hasPrefix("game.tide: "), error.description, file: file, line: line)
      return error.description
    }
  }

  func testAnHonestArchiveOpens() throws {
    let scratch = try PackScratch()
    let url = try scratch.zip("ok.tide") { try $0.addGame() }
    XCTAssertEqual(try GameArchive.open(url, shown: "game.tide").paths, ["conf.lua", "main.lua"])
  }

  /// Reproducible wherever it is packed: each entry is dated 1980-01-01 00:00 as the zip
  /// stores it, whatever the packing machine's time zone, and marked as a plain file.
  func testTheSameGamePacksAlikeInEveryTimeZone() throws {
    let scratch = try PackScratch()
    let game = try scratch.standardGame()
    let zone = getenv("TZ").map { String(cString: $0) }
    defer {
      if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
      tzset()
    }
    var packs: [Data] = []
    for (n, place) in ["UTC", "Pacific/Auckland", "America/Los_Angeles"].enumerated() {
      setenv("TZ", place, 1)
      tzset()
      packs.append(try Data(contentsOf: scratch.pack(game, name: "zone\(n)")))
    }
    XCTAssertEqual(packs[1], packs[0])
    XCTAssertEqual(packs[2], packs[0])
    // Every central directory entry (PK 1 2): DOS time 0, date 1980-01-01, Unix mode 0644.
    let bytes = [UInt8](packs[0])
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    var entries = 0
    for at in 0..<(bytes.count - 46) where bytes[at] == 0x50 && bytes[at + 1] == 0x4B && bytes[at + 2] == 1 && bytes[at + 3] == 2 {
      entries += 1
      XCTAssertEqual(u16(at + 12), 0, "time")
      XCTAssertEqual(u16(at + 14), 1 << 5 | 1, "date")
      XCTAssertEqual(u16(at + 40), 0o100644, "mode")
    }
    XCTAssertEqual(entries, 7, "the manifest and the six files")
  }

  func testNotAZip() throws {
    let scratch = try PackScratch()
    let url = scratch.root.appendingPathComponent("noise.tide")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: url)
    XCTAssertTrue(refusal(url).contains("not a Tide game archive"))
    try Data().write(to: url)
    XCTAssertTrue(refusal(url).contains("not a Tide game archive"))
  }

  func testTruncated() throws {
    let scratch = try PackScratch()
    let whole = try scratch.pack(try scratch.standardGame())
    let data = try Data(contentsOf: whole)
    for keep in [data.count / 2, data.count - 10, 100] {
      let cut = scratch.root.appendingPathComponent("cut.tide")
      try data.prefix(keep).write(to: cut)
      XCTAssertFalse(refusal(cut).isEmpty)
    }
  }

  func testAZipBomb() throws {
    let scratch = try PackScratch()
    let zeros = Data(count: 24 << 20)
    let url = try scratch.zip("bomb.tide") { zip in
      try zip.addGame()
      try zip.add("assets/zeros.wav", zeros, deflate: true)
    }
    XCTAssertLessThan(try Data(contentsOf: url).count, 1 << 20, "a real bomb: small packed, large unpacked")
    XCTAssertTrue(refusal(url).contains("zip bomb"))
  }

  func testPathsThatLeaveTheGame() throws {
    let scratch = try PackScratch()
    for (n, path) in ["../escape.lua", "data/../../escape.lua", "/etc/escape.lua", "C:/escape.lua", "data\\..\\escape.lua", "a//b.lua"].enumerated() {
      let url = try scratch.zip("path\(n).tide") { zip in
        try zip.addGame()
        try zip.add(path, Data("return 1\n".utf8))
      }
      XCTAssertTrue(refusal(url).contains("refused"), path)
    }
  }

  func testSymlinks() throws {
    let scratch = try PackScratch()
    let url = try scratch.zip("link.tide") { zip in
      try zip.addGame()
      try zip.add("data/passwd.lua", Data("/etc/passwd".utf8), symlink: true)
    }
    XCTAssertTrue(refusal(url).contains("symbolic link"))
  }

  func testNoConfLua() throws {
    let scratch = try PackScratch()
    let url = try scratch.zip("noconf.tide") { zip in
      let manifest = PackManifest(title: "T", version: nil, engine: "0", fingerprint: "0", folder: "t")
      try zip.add(PackManifest.fileName, try JSONEncoder().encode(manifest))
      try zip.add("main.lua", Data("\n".utf8))
    }
    XCTAssertTrue(refusal(url).contains("no conf.lua"))
    let bare = try scratch.zip("nomanifest.tide") { zip in
      try zip.add("conf.lua", Data("return {}\n".utf8))
      try zip.add("main.lua", Data("\n".utf8))
    }
    XCTAssertTrue(refusal(bare).contains("no \(PackManifest.fileName)"))
  }

  func testLargerThanTheLimit() throws {
    let scratch = try PackScratch()
    let url = scratch.root.appendingPathComponent("huge.tide")
    // Sparse: the size is checked before a byte is read.
    XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(ArchiveLimits.archiveBytes) + 1)
    try handle.close()
    XCTAssertTrue(refusal(url).contains("MiB a game archive may be"))
  }

  func testNotAFileAtAll() throws {
    let scratch = try PackScratch()
    let folder = scratch.root.appendingPathComponent("folder.tide")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    XCTAssertTrue(refusal(folder).contains("not a regular file"))
    XCTAssertTrue(refusal(scratch.root.appendingPathComponent("missing.tide")).contains("no such file"))
  }
}
