import Foundation
import Testing

/// Runs the real `soundcheck` binary in child processes, as users and CI do.
@Suite("soundcheck CLI")
struct CLIProcessTests {
    /// `Tools/test` exports SOUNDCHECK_BIN; otherwise the binary sits beside the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["SOUNDCHECK_BIN"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("soundcheck").path) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("soundcheck")
    }

    /// Runs the binary with `arguments`, in `directory` when given (else the tests' own). With
    /// `fileSizeLimitBlocks`, through `sh` with that `ulimit -f` (512-byte blocks) and SIGXFSZ
    /// ignored, so a write past it fails with EFBIG as on a full disk.
    static func run(_ arguments: [String], in directory: URL? = nil, fileSizeLimitBlocks: Int? = nil)
        throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        if let blocks = fileSizeLimitBlocks {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f \(blocks); trap '' XFSZ; exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-cli-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    @Test("the same seeded event script gives byte-identical traces in two separate processes")
    func crossProcessDeterminism() throws {
        let script = try Self.temporaryFile("chaos.yaml", """
            script: chaos
            profile: iphone
            seed: 20261122
            accessories: [wired-headset, "usb-interface:2x2"]
            duration: 1m
            steps:
              - { at: 1s, do: launch, app: Music }
              - { at: 2s, do: incoming-call, caller: Alice }
              - { at: 3s, do: answer-call }
              - { at: 30s, do: hang-up }
            random: { events: 2000 }
            """)
        let first = try Self.temporaryFile("first.jsonl", ""), second = try Self.temporaryFile("second.jsonl", "")
        #expect(try Self.run(["simulate", script, "--trace", first]).status == 0)
        #expect(try Self.run(["simulate", script, "--trace", second]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a.count > 100_000, "2000 random events make a substantial trace")
        #expect(a == b)
        let other = try Self.run(["simulate", script, "--seed", "1"])
        #expect(other.status == 0)
        #expect(Data(other.output.utf8) != a, "the seed changes the run")
    }

    @Test("devices lists the built-in ports plus 4 USB inputs, 4 USB outputs and 8 labelled HDMI channels")
    func devicesTable() throws {
        let result = try Self.run(["devices", "--profile", "iphone", "--with", "usb-interface:4x4", "--with", "hdmi:8"])
        #expect(result.status == 0)
        let rows = result.output.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("out  Receiver") })
        #expect(rows.contains { $0.hasPrefix("in   MicrophoneBuiltIn") })
        #expect(rows.filter { $0.contains("Input ") && $0.contains("Discrete_") }.count == 4)
        #expect(rows.filter { $0.contains("Output ") && $0.contains("Discrete_") }.count == 4)
        for label in ["Left", "Right", "Center", "LFEScreen", "LeftSurround", "RightSurround", "RearSurroundLeft", "RearSurroundRight"] {
            #expect(rows.contains { $0.contains("HDMI ") && $0.hasSuffix(" \(label)") }, "HDMI channel labelled \(label)")
        }
    }

    @Test("devices --json is canonical JSON with the ports")
    func devicesJSON() throws {
        let result = try Self.run(["devices", "--profile", "ipad", "--with", "hdmi:6", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let ports = try #require(object?["ports"] as? [[String: Any]])
        #expect(ports.map { $0["portType"] as? String } == ["Speaker", "MicrophoneBuiltIn", "HDMIOutput"])
    }

    @Test("bad input: a clear message, a non-zero exit, no crash", arguments: [
        (["devices", "--with", "toaster"], "unknown accessory 'toaster'"),
        (["devices", "--profile", "iphne"], "Did you mean 'iphone'?"),
        (["devices", "--with", "wired-headphones", "--with", "wired-headset"], "headphone-jack connector is taken"),
        (["simulate", "/nonexistent/script.yaml"], "/nonexistent/script.yaml: no such file"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "stderr: \(result.errors)")
    }

    @Test("a malformed profile file is reported with its path and line")
    func malformedProfileFile() throws {
        let path = try Self.temporaryFile("broken.yaml", """
            profile: broken
            name: Broken
            family: phone
            connectors: [usb]
            hardware:
              sample-rates: [48000]
              default-sample-rate: 48000
              io-buffer-frames: { min: 64, max: 4096, default: 1024 }
            """)
        let result = try Self.run(["devices", "--profile", path])
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.yaml:4:14: unknown connector 'usb'"), "stderr: \(result.errors)")
    }

    @Test("every command has --help")
    func help() throws {
        for command in [[], ["devices"], ["simulate"], ["doctor"]] {
            let result = try Self.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.output.contains("USAGE"))
        }
    }
}
