/// What a `.tide` archive may hold at most, checked before anything in it is unpacked into
/// memory (docs/pack.md lists them): a hostile archive is refused with one line, not a machine
/// whose memory ran out.
public enum ArchiveLimits {
  /// The archive file itself.
  public static let archiveBytes: Int64 = 256 << 20
  /// Every file unpacked, added up.
  public static let unpackedBytes: UInt64 = 1 << 30
  /// Files and folders in one archive.
  public static let entries = 10_000
  /// How many times its size an archive may unpack to, once it unpacks to more than
  /// `ratioFloor`: deflate reaches about 1000:1 on zeros, a game's scripts and assets rarely 10:1.
  public static let ratio: UInt64 = 100
  /// Below this many unpacked bytes the ratio is not looked at: small files of text compress
  /// well and harm no one.
  public static let ratioFloor: UInt64 = 16 << 20
  /// Longest path of a file inside the archive, in bytes.
  public static let pathBytes = 1024
}
