import Foundation

/// fontconfig's answers, kept on disk between runs: loading fontconfig's configuration costs a
/// headless run or a test more than the rest of its start, and the answer for a family only
/// changes when fonts or fontconfig's settings do.
///
/// One line per family in `$XDG_CACHE_HOME/tide/fonts-v1.tsv` (else `~/.cache/tide/`): the
/// family, the font file, the face index, and the modification times of the file and of
/// fontconfig's settings when it was found. An answer is used only while those times still
/// hold; anything unreadable is ignored and asked of fontconfig again. Only found faces are
/// kept: a missing font is looked for again on the next run, when it may have been installed.
final class FontMemo: @unchecked Sendable {
  static let shared = FontMemo(file: FontMemo.file(in: ProcessInfo.processInfo.environment))

  private let file: URL?
  private let lock = NSLock()
  private var entries: [String: (face: FontFinder.Face, stamp: String)]?

  /// Where the memo lives, or nil when no cache folder can be named, or when fontconfig reads
  /// other settings than the system's (a packed game's player brings its own fonts and
  /// `fonts.conf`): its answers then name files that belong to that run alone, and must neither
  /// reach the author's runs nor come from them.
  static func file(in environment: [String: String]) -> URL? {
    if environment["FONTCONFIG_FILE"] != nil || environment["FONTCONFIG_PATH"] != nil
      || environment["FONTCONFIG_SYSROOT"] != nil
    {
      return nil
    }
    let base: URL
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      base = URL(fileURLWithPath: cache)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = URL(fileURLWithPath: home).appendingPathComponent(".cache")
    } else {
      return nil
    }
    return base.appendingPathComponent("tide/fonts-v1.tsv")
  }

  init(file: URL?) {
    self.file = file
  }

  /// The remembered face of `family`, when its file and fontconfig's settings are unchanged.
  func face(family: String) -> FontFinder.Face? {
    lock.withLock {
      guard let entry = load()[family], entry.stamp == Self.stamp(entry.face.path) else { return nil }
      return entry.face
    }
  }

  /// Keeps `face` as `family`'s answer, for this run and the next ones.
  func remember(_ face: FontFinder.Face, family: String) {
    lock.withLock {
      var all = load()
      guard let stamp = Self.stamp(face.path), all[family]?.face != face || all[family]?.stamp != stamp else { return }
      all[family] = (face, stamp)
      entries = all
      save(all)
    }
  }

  /// The modification times that vouch for an answer: the font file's and those of
  /// fontconfig's settings (a changed preference can change the match). Nil without the file.
  static func stamp(_ path: String) -> String? {
    func mtime(_ path: String) -> String? {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
    guard let font = mtime(path) else { return nil }
    let settings = ["/etc/fonts/fonts.conf", "/etc/fonts/conf.d", "/etc/fonts/local.conf"].map { mtime($0) ?? "-" }
    return ([font] + settings).joined(separator: ",")
  }

  /// Lock held.
  private func load() -> [String: (face: FontFinder.Face, stamp: String)] {
    if let entries { return entries }
    var read: [String: (face: FontFinder.Face, stamp: String)] = [:]
    if let file, let text = try? String(contentsOf: file, encoding: .utf8) {
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let index = Int(fields[2]), fields[1].hasPrefix("/") else { continue }
        read[fields[0]] = (FontFinder.Face(path: fields[1], index: index), fields[3])
      }
    }
    entries = read
    return read
  }

  /// Writes every entry through a temporary file, so a run reading at the same time sees the
  /// old memo or the new one, never half of one. Lock held; failures only cost the next run a
  /// fontconfig lookup.
  private func save(_ all: [String: (face: FontFinder.Face, stamp: String)]) {
    guard let file else { return }
    let text = all.sorted { $0.key < $1.key }
      .filter { !$0.key.contains("\t") && !$0.key.contains("\n") && !$0.value.face.path.contains("\t") && !$0.value.face.path.contains("\n") }
      .map { "\($0.key)\t\($0.value.face.path)\t\($0.value.face.index)\t\($0.value.stamp)\n" }.joined()
    let folder = file.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".fonts-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: temporary)
      _ = rename(temporary.path, file.path)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
    }
  }
}
