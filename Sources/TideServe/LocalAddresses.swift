import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's IPv4 addresses, to choose where `--serve` listens and which URL it prints.
public enum LocalAddresses {
  /// Every IPv4 address of an interface that is up, loopback included.
  public static func ipv4() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: [String] = []
    var cursor = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
        entry.pointee.ifa_flags & UInt32(IFF_UP) != 0
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let size = socklen_t(MemoryLayout<sockaddr_in>.size)
      guard getnameinfo(address, size, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
      found.append(String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return found
  }

  /// Whether `address` is in a private range (10/8, 172.16/12, 192.168/16): reachable on the
  /// local network, not from the internet.
  public static func isPrivate(_ address: String) -> Bool {
    let parts = address.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 4 else { return false }
    return parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1])) || (parts[0] == 192 && parts[1] == 168)
  }

  /// Where to listen when `--bind` is not given: the first private address, so a phone on the
  /// same network reaches it and the internet does not; loopback when there is none.
  public static func defaultBind() -> String {
    ipv4().first(where: isPrivate) ?? "127.0.0.1"
  }
}
