import Foundation

/// A dummy JACK server (no sound hardware) started through `Tools/jack` under a unique name, and
/// stopped when the test is done with it. Tests never rely on a server someone started by hand.
final class DummyJACKServer: @unchecked Sendable {
    let name: String
    let rate: Int

    /// Whether this machine has jackd at all (tests that need a server are skipped, saying so, without).
    static var jackdInstalled: Bool {
        ["/usr/bin/jackd", "/usr/local/bin/jackd"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A server at `rate`; `name` reuses a name (a server restarted at another rate), else a fresh one.
    init(rate: Int = 48000, period: Int = 64, ports: String = "8x8", name: String? = nil) throws {
        self.rate = rate
        let result = try Self.tool(["start", "--rate", String(rate), "--period", String(period), "--ports", ports] + (name.map { ["--name", $0] } ?? []))
        guard result.status == 0, let name = result.output.split(separator: "\n").last.map(String.init) else {
            throw ServerError(description: "Tools/jack start failed (\(result.status)): \(result.errors)")
        }
        self.name = name
    }

    deinit { _ = try? Self.tool(["stop", name]) }

    struct ServerError: Error, CustomStringConvertible { let description: String }

    /// Runs Tools/jack with posix_spawn and waitpid: Foundation's Process can miss the exit of a
    /// script whose grandchild (jackd) lives on.
    private static func tool(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-jack-tool-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { try? FileManager.default.removeItem(atPath: output.path + ".err") }
        let tool = repository.appendingPathComponent("Tools/jack").path
        let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ServerError(description: "cannot run Tools/jack: errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status >> 8) & 0xff
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
        return (exit, text, errors)
    }
}
