import Foundation
import Testing

/// OpenAL Soft reads configuration files from the user's home, XDG folders and `ALSOFT_CONF`
/// once per process; the facade pins every option before that, so a hostile configuration on
/// another machine cannot change what the OpenAL game renders. Checked in separate processes
/// (the library reads its configuration once per process), by the scenario's level checks and
/// the byte-identical trace.
@Suite struct OpenALConfigCLITests {
    /// Runs the positional-panning scenario with `home` as HOME and XDG_CONFIG_HOME below it and
    /// `variables` set; returns the exit status and the trace.
    static func run(home: URL, userConfig: String?, variables: [String: String] = [:]) throws -> (status: Int32, trace: Data) {
        let traces = home.appendingPathComponent("traces")
        let process = Process()
        process.executableURL = CLIProcessTests.binary
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        process.arguments = ["run", repository.appendingPathComponent("Scenarios/openal/positional-source-pans.yaml").path,
                             "--trace", traces.path]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("xdg").path
        environment["ALSOFT_CONF"] = userConfig
        environment.merge(variables) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let trace = try FileManager.default.subpathsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".jsonl") }.first
            .map { try Data(contentsOf: traces.appendingPathComponent($0)) } ?? Data()
        return (process.terminationStatus, trace)
    }

    static func home(_ name: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-alsoft-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("xdg"), withIntermediateDirectories: true)
        return home
    }

    @Test("hostile ~/.alsoftrc, $XDG_CONFIG_HOME/alsoft.conf and ALSOFT_CONF files and the variables OpenAL Soft reads when loaded do not change the rendered game")
    func hostileConfigurationChangesNothing() throws {
        let clean = try Self.home("clean")
        let hostile = try Self.home("hostile")
        defer { try? FileManager.default.removeItem(at: clean); try? FileManager.default.removeItem(at: hostile) }
        // Each of these alone changes OpenAL Soft's output when it is honoured (volume -40 dB, a
        // cruder resampler, headphone mode with HRTF, swapped-in surround decoding).
        let settings = "volume-adjust = -40\nresampler = point\nstereo-mode = headphones\nhrtf = true\noutput-limiter = false\n"
        try Data("[general]\n\(settings)[Loopback]\n\(settings)".utf8).write(to: hostile.appendingPathComponent(".alsoftrc"))
        try Data("[general]\nvolume-adjust = -60\n".utf8).write(to: hostile.appendingPathComponent("xdg/alsoft.conf"))
        let userConfig = hostile.appendingPathComponent("user.conf")
        try Data("[general]\nvolume-adjust = 20\nsources = 1\n".utf8).write(to: userConfig)
        let reference = try Self.run(home: clean, userConfig: nil)
        // Read when the library loads: a linked OpenAL Soft would mirror the scene front to back.
        let loadTime = ["__ALSOFT_REVERSE_Z": "1", "__ALSOFT_HALF_ANGLE_CONES": "1", "__ALSOFT_REVERB_IGNORES_SOUND_SPEED": "1"]
        let attacked = try Self.run(home: hostile, userConfig: userConfig.path, variables: loadTime)
        #expect(reference.status == 0 && attacked.status == 0, "the scenario's level checks pass: \(reference.status), \(attacked.status)")
        #expect(reference.trace.count > 1_000)
        #expect(attacked.trace == reference.trace, "byte-identical traces with and without the hostile files")
    }
}
