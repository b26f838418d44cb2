import Foundation

/// What a `.tide` archive says about the game in it: written by `tide pack` as `tide-pack.json`
/// at the archive's root, read before the game runs.
public struct PackManifest: Codable, Sendable, Equatable {
  /// The file's name inside the archive.
  public static let fileName = "tide-pack.json"
  /// The manifest's own format; a newer one is refused with a line saying so.
  public static let currentFormat = 1

  public var format = PackManifest.currentFormat
  /// conf.lua's `title`.
  public var title: String
  /// conf.lua's `version`; nil when the game names none.
  public var version: String?
  /// The engine version the game was packed with (`Engine.version`).
  public var engine: String
  /// The game's fingerprint when packed, as its recordings' `@game` line gives it.
  public var fingerprint: String
  /// The name of the folder it was packed from: the data folder's name when conf.lua gives
  /// no `identity`.
  public var folder: String

  public init(title: String, version: String?, engine: String, fingerprint: String, folder: String) {
    self.title = title
    self.version = version
    self.engine = engine
    self.fingerprint = fingerprint
    self.folder = folder
  }
}
