// swift-tools-version: 6.0
import PackageDescription

// Layers (see README "Architecture"): tide -> TideScript -> TideCore, tide -> TideSDL -> TideCore,
// TideScript -> LuaBridge -> CLua. TideCore knows nothing of Lua or SDL.
let package = Package(
  name: "Tide",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "tide", targets: ["tide"]),
    .library(name: "TideCore", targets: ["TideCore"]),
    .library(name: "TideScript", targets: ["TideScript"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]),
    .systemLibrary(
      name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libsdl2-mixer-dev"])]),
    .target(name: "LuaBridge", dependencies: ["CLua"]),
    .target(name: "TideCore"),
    .target(
      name: "TideScript", dependencies: ["LuaBridge", "TideCore", "CLua"],
      resources: [.copy("Lua")]),
    .target(name: "TideSDL", dependencies: ["CSDL2", "TideCore"]),
    .executableTarget(
      name: "tide",
      dependencies: [
        "TideScript", "TideSDL", "TideCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
    .testTarget(name: "TideCoreTests", dependencies: ["TideCore"]),
    .testTarget(name: "TideScriptTests", dependencies: ["TideScript", "TideCore", "LuaBridge"]),
    .testTarget(name: "TideSDLTests", dependencies: ["TideSDL", "TideScript", "TideCore"]),
    // Runs the built `tide` binary end to end, as an author would.
    .testTarget(name: "TideCLITests", dependencies: ["tide"]),
  ]
)
