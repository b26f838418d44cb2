// swift-tools-version: 6.0
import PackageDescription

// Layers (see README "Architecture"): tide -> TideScript -> TideCore, tide -> TideSDL -> TideCore,
// TideScript -> LuaBridge -> CLua -> LibLua; TideCore knows nothing of Lua or SDL. Tool targets,
// which only the `tide` CLI links: TideTesting (test, replay and bot runners), TideDocs (API
// reference, LuaLS meta, lint standard), TideBench and TideShots (frames offscreen), over the
// runtime. The runtime and TideSDL import no tool, so nothing a player runs carries one.
// ARCHITECTURE.md draws every target; a test checks the drawing against the imports.
// -fno-plt makes calls into liblua go straight through the GOT instead of a PLT stub: a field
// access makes up to four such calls, a Lua->Swift call one, and the stub was a measurable part
// of each. It applies to CLua's C files (the field metamethods, the trampolines) and to
// its inline header as the Swift modules that import it compile it. Unsafe flags are fine in
// the root package; Tide is not meant to be a dependency.
let luaCallSettings: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-fno-plt"])]
let luaCSettings: [CSetting] = [.unsafeFlags(["-fno-plt"])]
// Release builds of the engine drop Swift's run-time exclusivity checks: nearly every node,
// tween, timer and emitter property is public class state, which the optimizer cannot prove
// free of overlapping access, so each read and write of one called into the runtime's access
// set (a thread-local lookup): a ninth of a played BubblePop game. The compile-time
// checks stay, and debug builds, which every test runs on, keep the run-time ones, so an
// overlapping access still traps there.
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
  name: "Tide",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tide", targets: ["tide"]),
    // What a packed game's player runs (`tide pack --bundle`): the runtime alone, no tools.
    .executable(name: "tide-player", targets: ["TidePlayer"]),
    // `tide run --serve`'s server, apart so that `tide` does not load the networking stack.
    .executable(name: "tide-serve", targets: ["TideServeMain"]),
    .library(name: "TideCore", targets: ["TideCore"]),
    .library(name: "TideScript", targets: ["TideScript"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // HTTP and WebSocket for `tide run --serve`: no SwiftNIO, no dependencies of its own.
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
  ],
  targets: [
    // liblua5.4 through pkg-config; CLua is the C half of LuaBridge over it (its files by
    // concern, and the inline header for the hot path).
    .systemLibrary(
      name: "LibLua", path: "Sources/LibLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLua", dependencies: ["LibLua"], cSettings: luaCSettings),
    // libsndfile through pkg-config: how long a sound file plays (WAV, OGG, MP3, FLAC), read
    // from its header, so a voice ends at the same tick headless as in a window.
    .systemLibrary(
      name: "LibSndfile", path: "Sources/LibSndfile", pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"])]),
    // The C floors `tide bench` measures against, apart from the runtime's C.
    .target(name: "CLuaBench", dependencies: ["LibLua", "CChipmunk"], cSettings: luaCSettings),
    // Opens a library on first use and fills a struct of its functions (see cloader.h): for
    // libzip, SDL_image and SDL_mixer, which most runs never touch.
    .target(name: "CLoader", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
    // No pkgConfig: sdl2.pc's cflags carry -D_REENTRANT, which SwiftPM drops with a warning on
    // every build. The shim includes <SDL2/...> from the default include path instead (Debian's
    // libsdl2-dev and its image/ttf/mixer siblings put them there; Scripts/setup installs them).
    // SDL2 and SDL_ttf are linked; SDL_image and SDL_mixer are opened when first used.
    .target(
      name: "CSDL2", dependencies: ["CLoader"],
      linkerSettings: [.linkedLibrary("SDL2"), .linkedLibrary("SDL2_ttf")]),
    // Debian's libfontconfig (libfontconfig-dev): finds the fonts SDL_ttf opens.
    .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig"),
    .target(name: "LuaBridge", dependencies: ["CLua"], swiftSettings: luaCallSettings + releaseSpeed),
    .target(name: "TideCore", swiftSettings: releaseSpeed),
    // Debian's Chipmunk2D 7 (libchipmunk-dev), no pkg-config file; TidePhysics is its Swift face,
    // knowing nothing of Lua, so the world's rules are tested with a fixed dt.
    .systemLibrary(name: "CChipmunk", path: "Sources/CChipmunk"),
    .target(name: "TidePhysics", dependencies: ["CChipmunk", "TideCore"], swiftSettings: releaseSpeed),
    // The Lua library (Sources/TideScript/Lua) is compiled into the module as string literals by
    // the EmbedLuaLibrary plugin, not shipped as a resource bundle: a copied `tide` binary then
    // runs on its own, with no `Tide_TideScript.resources` to keep beside it.
    .target(
      name: "TideScript", dependencies: ["LuaBridge", "TideCore", "TidePhysics", "CLua", "LibSndfile"],
      exclude: ["Lua"], swiftSettings: luaCallSettings + releaseSpeed,
      plugins: ["EmbedLuaLibrary"]),
    // The game test runner, `tide.test`, replays and bots; its Lua driver (Lua/testrunner) is
    // embedded by the same plugin, into this module's own `EmbeddedLuaLibrary`. It measures text
    // with TideSDL's fonts (GameFonts), as the window does, though it opens no window.
    .target(
      name: "TideTesting", dependencies: ["TideScript", "TideSDL", "LuaBridge", "TideCore", "CLua"],
      exclude: ["Lua"], swiftSettings: luaCallSettings + releaseSpeed,
      plugins: ["EmbedLuaLibrary"]),
    // The LuaLS library (docs/meta) is embedded too, so a copied `tide` still writes it.
    .target(
      name: "TideDocs", dependencies: ["TideScript", "TideTesting", "TideSDL", "LuaBridge", "TideCore"],
      swiftSettings: luaCallSettings + releaseSpeed, plugins: ["EmbedLuaLibrary"]),
    .target(
      name: "TideBench", dependencies: ["TideScript", "TideTesting", "TideSDL", "LuaBridge", "TideCore", "CLua", "CLuaBench"],
      swiftSettings: luaCallSettings + releaseSpeed),
    .executableTarget(name: "TideLuaEmbed"),
    .plugin(name: "EmbedLuaLibrary", capability: .buildTool(), dependencies: ["TideLuaEmbed"]),
    .target(name: "TideSDL", dependencies: ["CSDL2", "CFontconfig", "TideCore"]),
    // `tide run --serve`: each browser plays its own engine session over a WebSocket. The page
    // is compiled into the module (embedInCode), so the binary serves it with nothing beside it.
    .target(
      name: "TideServe",
      dependencies: ["TideScript", "TideCore", .product(name: "FlyingFox", package: "FlyingFox")],
      resources: [.embedInCode("Web/index.html")]),
    // Debian's libzip (libzip-dev): reads and writes `.tide` game archives (zips), in memory;
    // opened on first use, not linked (see czip.h).
    .target(name: "CZip", dependencies: ["CLoader"]),
    // `.tide` archives: a packed game read into memory and checked (runtime), and written by
    // `tide pack`.
    .target(name: "TidePack", dependencies: ["TideCore", "CZip"]),
    .executableTarget(name: "TidePlayer", dependencies: ["TidePack", "TideScript", "TideSDL", "TideCore"]),
    // A game's frame drawn offscreen and compared with its golden PNGs: shared by `tide shot`,
    // `tide test` and ContentGoldenTests, so they draw and compare the same way.
    .target(name: "TideShots", dependencies: ["TideScript", "TideTesting", "TideSDL", "TideCore"]),
    .executableTarget(
      name: "tide",
      dependencies: [
        "TideScript", "TideSDL", "TideCore", "TideTesting", "TideDocs", "TideBench", "TideShots",
        "TidePack", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "TideServeMain",
      dependencies: [
        "TideServe", "TidePack", "TideScript", "TideSDL", "TideCore", "TideBench",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
    .testTarget(name: "TideCoreTests", dependencies: ["TideCore"]),
    .testTarget(name: "TidePhysicsTests", dependencies: ["TidePhysics", "TideCore"]),
    // Games in these tests run their Lua tests through TideTesting's runner, as `tide test` does,
    // and the tools' own tests share those fixtures (Support/), so they live here too.
    .testTarget(
      name: "TideScriptTests",
      dependencies: ["TideScript", "TideTesting", "TideDocs", "TideBench", "TideCore", "LuaBridge"]),
    // The golden PNGs are read from the source tree (#filePath), not bundled.
    .testTarget(
      name: "TideSDLTests", dependencies: ["TideSDL", "TideScript", "TideShots", "TideCore"], exclude: ["Golden"]),
    // Plays fixture games through a real server on loopback; the fixtures are read from the
    // source tree (#filePath).
    .testTarget(
      name: "TideServeTests", dependencies: ["TideServe", "TideScript", "TideSDL", "TideShots", "TideCore"], exclude: ["Fixtures"]),
    // Packed games: archives written, read and refused (hostile zips made in the tests).
    .testTarget(
      name: "TidePackTests",
      dependencies: ["TidePack", "TideScript", "TideCore"]),
    // Runs the built `tide` binary end to end, as an author would.
    // TideSDL reads the screenshots a window test takes.
    .testTarget(name: "TideCLITests", dependencies: ["tide", "TideServeMain", "TideSDL"]),
  ]
)
