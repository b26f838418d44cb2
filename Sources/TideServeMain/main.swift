import ArgumentParser
import Foundation

/// `tide-serve`: the game server of `tide run --serve`, a program of its own so that `tide`
/// and `tide-player` do not load the networking stack (FlyingFox's proxy handler brings in
/// FoundationNetworking, with libcurl and its TLS, Kerberos and LDAP libraries, which every
/// start of a process linking it paid for in dynamic linking). `tide run --serve` runs it with
/// its own options; it can be run by hand the same way (`tide-serve rps --port 8060`).
struct TideServe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tide-serve",
    abstract: "Serve a Tide game to browsers on this network (what `tide run --serve` runs).",
    version: "tide-serve 0.9.0",
    subcommands: [ServeRun.self, ServeBench.self, ServeReader.self],
    defaultSubcommand: ServeRun.self)
}

#if canImport(Glibc)
  import Glibc
#endif

// Ignored before anything runs, so that a Ctrl-C meant for the window's `tide` does not end
// the server half-way; taken over just below.
signal(SIGINT, SIG_IGN)
ServeSignals.install(interrupts: !CommandLine.arguments.contains("--parent-pipe"))
TideServe.main()
