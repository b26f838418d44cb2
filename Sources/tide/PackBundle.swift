import ArgumentParser
import Foundation
import TidePack
import TideSDL

/// `tide pack --bundle`: a folder a player on any desktop Linux runs with `./<game>`, needing
/// nothing installed beyond the base system. Beside the game's archive it holds `tide-player`
/// (the runtime alone), every shared library the player loads that is not part of the base
/// system (`baseLibraries`), the fonts the text is drawn with, and a launcher that points the
/// player at them.
struct GameBundle {
  /// The folder's name and the launcher's: the game folder's name.
  let name: String
  let title: String
  let archive: URL
  /// conf.lua's `window.icon`, read from the game folder.
  let icon: URL?

  /// Libraries every desktop Linux has, which a bundle must take from the system rather than
  /// carry (AppImage's exclude list draws the same line): the C library and its loader, the C++
  /// runtime (the system's GL driver needs its own), GL and the display drivers, the X11 and
  /// Wayland clients, ALSA, PulseAudio and JACK clients, D-Bus and systemd's, and the
  /// cryptographic libraries security updates replace. By name, without the version after `.so`.
  static let baseLibraries: Set<String> = [
    "ld-linux-x86-64", "ld-linux-aarch64", "linux-vdso", "libc", "libm", "libdl", "libpthread", "librt", "libresolv",
    "libutil", "libanl", "libnsl", "libmvec", "libgcc_s", "libstdc++",
    "libGL", "libGLX", "libGLdispatch", "libOpenGL", "libEGL", "libGLESv1_CM", "libGLESv2", "libGLES_CM", "libdrm", "libgbm",
    "libvulkan", "libX11", "libX11-xcb", "libxcb", "libXau", "libXdmcp", "libXext", "libXcursor", "libXi", "libXfixes",
    "libXrandr", "libXrender", "libXss", "libXinerama", "libXxf86vm", "libwayland-client", "libwayland-cursor",
    "libwayland-egl", "libwayland-server", "libxkbcommon", "libdecor-0", "libasound", "libpulse", "libpulse-simple",
    "libjack", "libpipewire-0.3", "libdbus-1", "libsystemd", "libudev", "libcap", "libgcrypt", "libgpg-error",
    "libselinux", "libz",
  ]

  /// Whether the library file or soname `name` belongs to the base system.
  static func isBase(_ name: String) -> Bool {
    let file = (name as NSString).lastPathComponent
    let stem = file.components(separatedBy: ".so").first ?? file
    if stem.hasPrefix("libxcb") || stem.hasPrefix("libpulsecommon") { return true }
    return baseLibraries.contains(stem)
  }

  /// The libraries `binary` loads (ldd: the whole tree), by soname and where the system finds each.
  static func libraries(of binary: URL) throws -> [(soname: String, path: String)] {
    let output = try run("/usr/bin/ldd", [binary.path])
    var found: [(String, String)] = []
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count >= 3, parts[1] == "=>" else { continue }
      let path = String(parts[2])
      guard path.hasPrefix("/") else {
        throw ValidationError("the player needs \(parts[0]), which this machine does not have")
      }
      found.append((String(parts[0].trimmingCharacters(in: .whitespaces)), path))
    }
    return found
  }

  /// The libraries `binary` loads, and with them those it opens itself when it needs them
  /// (`opened`: libzip, SDL_image, SDL_mixer, each by name and file) and what they load, each once.
  static func libraries(of binary: URL, opening opened: [(name: String, path: String?)]) throws -> [(soname: String, path: String)] {
    var found = try libraries(of: binary)
    for (name, path) in opened {
      guard let path else {
        throw ValidationError("the player opens \(name) when it needs it, and this machine's cannot be opened")
      }
      found.append(((path as NSString).lastPathComponent, path))
      found += try libraries(of: URL(fileURLWithPath: path))
    }
    var seen = Set<String>()
    return found.filter { seen.insert($0.soname).inserted }
  }

  /// Writes the bundle into `folder` (made anew), using the player at `player`.
  func write(to folder: URL, player: URL) throws -> (libraries: Int, fonts: Int) {
    let fm = FileManager.default
    let lib = folder.appendingPathComponent("lib")
    let bin = folder.appendingPathComponent("bin")
    let fonts = folder.appendingPathComponent("fonts")
    for dir in [lib, bin, fonts] { try fm.createDirectory(at: dir, withIntermediateDirectories: true) }
    try fm.copyItem(at: player, to: bin.appendingPathComponent("tide-player"))
    try fm.copyItem(at: archive, to: folder.appendingPathComponent("\(name).tide"))
    var copied = 0
    for (soname, path) in try Self.libraries(of: player, opening: [("libzip", LibZip.libraryPath)] + SDLOpenedLibraries.files) where !Self.isBase(soname) {
      // By its soname, the name the loader asks for; the file behind any chain of links.
      try fm.copyItem(at: URL(fileURLWithPath: path).resolvingSymlinksInPath(), to: lib.appendingPathComponent(soname))
      copied += 1
    }
    // Debug information is for the machine that built them: the player does not read it.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/strip") {
      let copies = try fm.contentsOfDirectory(atPath: lib.path).map { lib.appendingPathComponent($0).path }
      try Self.run("/usr/bin/strip", ["--strip-unneeded", bin.appendingPathComponent("tide-player").path] + copies)
    }
    let fontFiles = FontFinder.gameFontFiles()
    for file in fontFiles {
      try fm.copyItem(at: URL(fileURLWithPath: file), to: fonts.appendingPathComponent((file as NSString).lastPathComponent))
    }
    // Only the bundle's fonts: the game's text is measured and drawn alike on every machine.
    try """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
      <fontconfig>
        <dir prefix="relative">.</dir>
        <cachedir prefix="xdg">tide-fontconfig</cachedir>
      </fontconfig>

      """.write(to: fonts.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
    let launcher = folder.appendingPathComponent(name)
    try """
      #!/bin/sh
      # Plays \(title.replacingOccurrences(of: "\n", with: " ")) with the libraries and fonts beside this script: nothing to install.
      # Arguments go to the player (--fullscreen, --debug for the author's error messages).
      # --install puts the game in the desktop's menu, --uninstall takes it out.
      here=$(dirname "$(readlink -f "$0")")
      \(Self.menuCommands(name: name))
      export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
      export FONTCONFIG_FILE="$here/fonts/fonts.conf"
      exec "$here/bin/tide-player" "$here/\(name).tide" "$@"

      """.write(to: launcher, atomically: true, encoding: .utf8)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: launcher.path)
    // Desktops want absolute paths, known only where the player puts the folder: the launcher's
    // --install writes this entry with them into the desktop's menu.
    let desktop = """
      # ./\(name) --install adds this game to the desktop's menu, with this folder's absolute paths.
      [Desktop Entry]
      Type=Application
      Name=\(title.replacingOccurrences(of: "\n", with: " "))
      Exec=sh -c 'exec "$(dirname "$1")/\(name)"' sh %k
      Terminal=false
      Categories=Game;

      """
    if let icon {
      try fm.copyItem(at: icon, to: folder.appendingPathComponent("icon." + icon.pathExtension))
    }
    try desktop.write(to: folder.appendingPathComponent("\(name).desktop"), atomically: true, encoding: .utf8)
    try "A Tide game bundle made by tide pack --bundle: run ./\(name) to play.\n"
      .write(to: folder.appendingPathComponent(GameBundle.marker), atomically: true, encoding: .utf8)
    return (copied, fontFiles.count)
  }

  /// The launcher's `--install` and `--uninstall`: the bundle's `.desktop` entry written into
  /// the desktop's menu (`$XDG_DATA_HOME/applications`) with `Exec` and `Icon` the absolute
  /// paths of where the folder is now (a path `Exec` cannot quote is refused), and taken out.
  static func menuCommands(name: String) -> String {
    #"""
    menu="${XDG_DATA_HOME:-$HOME/.local/share}/applications/tide-\#(name).desktop"
    case "$1" in
      --install)
        case "$here" in
          *[\\\"\`\$%]*|*'
    '*) echo "\#(name): cannot add $here to the menu: its path holds \", \\, \`, \$, % or a line break; move the folder" >&2; exit 1 ;;
        esac
        mkdir -p "$(dirname "$menu")" || exit 1
        {
          grep -v -e '^#' -e '^Exec=' -e '^Icon=' "$here/\#(name).desktop"
          printf 'Exec="%s"\n' "$here/\#(name)"
          for icon in "$here"/icon.*; do
            if [ -f "$icon" ]; then printf 'Icon=%s\n' "$icon"; break; fi
          done
        } > "$menu.part" && mv "$menu.part" "$menu" || { rm -f "$menu.part"; exit 1; }
        echo "\#(name): added to the desktop's menu ($menu); ./\#(name) --uninstall takes it out"
        exit 0 ;;
      --uninstall)
        rm -f "$menu" && echo "\#(name): taken out of the desktop's menu ($menu)"
        exit 0 ;;
    esac
    """#
  }

  /// The file that marks a folder as a bundle, so making one again may replace it.
  static let marker = "tide-bundle.txt"

  /// Standard output of `tool` with `arguments`; a failure is an error naming it.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ValidationError("\(tool) \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
