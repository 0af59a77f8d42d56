import Foundation
import Testing

/// Bad input to every command: each case is one a user met, and each must end with a message that
/// says what is wrong (and where, for a file) and a non-zero exit — never a crash or a hang.
@Suite("soundcheck bad input")
struct BadInputCLITests {
    static func folder(_ name: String, files: [String: String] = [:]) throws -> String {
        try ScenarioCLITests.folder("bad-\(name)", files: files)
    }

    static func expectError(_ arguments: [String], in directory: String? = nil, status: Int32 = 1, _ message: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CLIProcessTests.run(arguments, in: directory.map { URL(fileURLWithPath: $0) })
        #expect(result.status == status, "exit status for \(arguments): \(result.output)\(result.errors)", sourceLocation: sourceLocation)
        #expect((result.output + result.errors).contains(message), "\(arguments) said: \(result.output)\(result.errors)",
                sourceLocation: sourceLocation)
    }

    /// Each level's anchor is used as a key of the next: Yams' duplicate-key check hashes whole
    /// key trees, so without the bound this takes time doubling per level (20 levels: never ends).
    static let aliasKeys = (1..<20).reduce("a0: &a0 {x: 1}\n") { text, level in
        text + "a\(level): &a\(level) {? *a\(level - 1) : 1, k: *a\(level - 1)}\n"
    }

    /// Ten lists of ten, nested eight deep: 10^8 nodes once expanded.
    static let laughs = (1..<8).reduce("scenario: s\nl0: &l0 [x, x, x, x, x, x, x, x, x, x]\n") { text, level in
        text + "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }

    @Test("an alias used as a mapping key is refused at once by every YAML reader, with its position")
    func aliasAsKey() throws {
        let folder = try Self.folder("alias", files: ["bomb.yaml": Self.aliasKeys])
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for command in [["run"], ["simulate"], ["devices", "--profile"]] {
                try Self.expectError(command + [folder + "/bomb.yaml"], "bomb.yaml:2:12: an alias (*a0) cannot be a mapping key")
            }
        }
        #expect(elapsed < .seconds(20), "three commands took \(elapsed)")
    }

    @Test("aliases that expand past 100,000 nodes are refused, with the position where the bound is crossed")
    func aliasExpansion() throws {
        let folder = try Self.folder("laughs", files: ["laughs.yaml": Self.laughs])
        try Self.expectError(["run", folder + "/laughs.yaml"],
                             "laughs.yaml:6:55: with its aliases expanded the document has more than 100000 nodes")
    }

    @Test("a duplicate key is located")
    func duplicateKey() throws {
        let folder = try Self.folder("duplicate", files: ["dup.yaml": "scenario: a\nseed: 1\nseed: 2\n"])
        try Self.expectError(["run", folder + "/dup.yaml"], "dup.yaml:2:1: key 'seed' appears more than once in this mapping")
    }

    @Test("files that cannot be read say why", arguments: [
        ("missing.yaml", "missing.yaml: no such file"),
        ("empty.yaml", "empty.yaml: the file is empty"),
        ("latin1.yaml", "latin1.yaml: is not UTF-8 text (invalid byte at offset 13)"),
        ("fifo.yaml", "fifo.yaml: is a FIFO (named pipe), not a regular file"),
    ])
    func unreadable(file: String, message: String) throws {
        let folder = try Self.folder("unreadable-\(file)", files: ["empty.yaml": ""])
        try Data("scenario: caf\u{e9}\n".data(using: .isoLatin1)!).write(to: URL(fileURLWithPath: folder + "/latin1.yaml"))
        #expect(mkfifo(folder + "/fifo.yaml", 0o644) == 0)
        try Self.expectError(["run", folder + "/" + file], message)
        try Self.expectError(["simulate", folder + "/" + file], message)
        try Self.expectError(["devices", "--profile", folder + "/" + file], message)
    }

    @Test("an unreadable file says permission denied", .enabled(if: getuid() != 0, "root reads every file"))
    func permissionDenied() throws {
        let folder = try Self.folder("permission", files: ["secret.yaml": "scenario: s\n"])
        #expect(chmod(folder + "/secret.yaml", 0) == 0)
        try Self.expectError(["run", folder + "/secret.yaml"], "secret.yaml: permission denied")
    }

    @Test("a folder named like a scenario is not a scenario: a folder run passes over it")
    func folderNamedYAML() throws {
        let folder = try Self.folder("dir-yaml", files: ["one.yaml": ScenarioCLITests.passing, "x.yaml/inner.txt": "not YAML"])
        let result = try CLIProcessTests.run(["run", folder])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("1 scenarios: 1 passed"))
    }

    @Test("a device event script is skipped in folder runs and refused by name, both saying the rule")
    func eventScripts() throws {
        let script = "script: s\nprofile: iphone\nsteps:\n  - { at: 1s, do: lock-screen }\n"
        let folder = try Self.folder("scripts", files: ["one.yaml": ScenarioCLITests.passing, "devices/s.yaml": script])
        let run = try CLIProcessTests.run(["run", folder])
        #expect(run.status == 0)
        #expect(run.output.contains("SKIP \(folder)/devices/s.yaml: a device event script (top-level 'script:'), not a scenario: folder runs skip these; run it with `soundcheck simulate FILE`"))
        try Self.expectError(["run", folder + "/devices/s.yaml"],
                             "s.yaml:1:1: this is a device event script (top-level 'script:'), not a scenario: folder runs skip these")
        #expect(try CLIProcessTests.run(["simulate", folder + "/devices/s.yaml"]).status == 0)
    }

    @Test("a connector conflict in accessories: is found before anything runs, at the entry")
    func connectorConflict() throws {
        let folder = try Self.folder("connector", files: [
            "scenario.yaml": "scenario: s\naccessories: [wired-headphones, wired-headset]\n",
            "script.yaml": "script: s\naccessories: [wired-headphones, wired-headset]\n",
        ])
        let message = ":2:33: cannot attach 'wired-headset' at the start: the headphone-jack connector is taken by wired-headphones#1"
        try Self.expectError(["run", folder + "/scenario.yaml"], "scenario.yaml" + message)
        try Self.expectError(["simulate", folder + "/script.yaml"], "script.yaml" + message)
    }

    @Test("simulate locates an unknown profile in the script")
    func simulateProfile() throws {
        let folder = try Self.folder("profile", files: ["s.yaml": "script: s\nprofile: iphnoe\n"])
        try Self.expectError(["simulate", folder + "/s.yaml"], "s.yaml:2:10: device profile 'iphnoe': iphnoe: no such device profile. Did you mean 'iphone'?")
    }

    @Test("outputs that cannot be written say which and why")
    func outputPaths() throws {
        let folder = try Self.folder("outputs", files: ["one.yaml": ScenarioCLITests.passing, "file": "x"])
        try Self.expectError(["run", folder + "/one.yaml", "--junit", folder + "/missing/junit.xml"],
                             "cannot write the JUnit report to '\(folder)/missing/junit.xml': the folder '\(folder)/missing' does not exist")
        try Self.expectError(["run", folder + "/one.yaml", "--junit", folder],
                             "cannot write the JUnit report to '\(folder)': it is a folder")
        try Self.expectError(["run", folder + "/one.yaml", "--trace", folder + "/file"],
                             "cannot create the trace folder '\(folder)/file': a file of that name is in the way")
        try Self.expectError(["conformance", "--scenarios", folder + "/one.yaml", "--out", folder + "/file/report"],
                             "cannot create the report folder '\(folder)/file/report': '\(folder)/file' is a file, not a folder")
    }

    @Test("conformance refuses test results that are not a whole xUnit file", arguments: [
        ("truncated.xml", "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"x\">\n<testcase classname=\"A.B\" name=\"c()\"/>\n", "truncated.xml:3:39: the xUnit results file is cut short: <testsuites> is never closed"),
        ("garbage.xml", "this is not XML\n", "garbage.xml:1:"),
        ("html.xml", "<html><body/></html>\n", "the root element is <html>, not <testsuites>"),
        ("nothing.xml", "<testsuites><testsuite name=\"x\"/></testsuites>\n", "holds no <testcase>"),
        ("nameless.xml", "<testsuites><testsuite name=\"x\">\n<testcase name=\"c()\"/></testsuite></testsuites>\n", "nameless.xml:2:"),
        ("empty.xml", "", "empty.xml: the file is empty"),
    ])
    func malformedTestResults(file: String, text: String, message: String) throws {
        let folder = try Self.folder("xunit-\(file)", files: ["one.yaml": ScenarioCLITests.passing, file: text])
        try Self.expectError(["conformance", "--scenarios", folder + "/one.yaml", "--out", folder + "/report",
                              "--test-results", folder + "/" + file], message)
        try Self.expectError(["conformance", "--scenarios", folder + "/one.yaml", "--out", folder + "/report",
                              "--test-results", folder + "/missing.xml"], "test results \(folder)/missing.xml: no such file")
    }

    @Test("--seed and a scenario's seed: accept the same range, 0 … 2^64−1")
    func seedRange() throws {
        let folder = try Self.folder("seeds", files: [
            "max.yaml": ScenarioCLITests.passing.replacingOccurrences(of: "seed: 5", with: "seed: 18446744073709551615"),
            "over.yaml": ScenarioCLITests.passing.replacingOccurrences(of: "seed: 5", with: "seed: 18446744073709551616"),
        ])
        let max = try CLIProcessTests.run(["run", folder + "/max.yaml"])
        #expect(max.status == 0 && max.output.contains("seed 18446744073709551615"), "\(max.output)")
        #expect(try CLIProcessTests.run(["run", folder + "/max.yaml", "--seed", "18446744073709551615"]).status == 0)
        try Self.expectError(["run", folder + "/over.yaml"], "over.yaml:2:7: seed must be a whole number from 0 to 18446744073709551615, not '18446744073709551616'")
        try Self.expectError(["run", folder + "/max.yaml", "--seed", "18446744073709551616"], status: 64, "The value '18446744073709551616' is invalid for '--seed <seed>'")
    }

    @Test("--platform and platform: accept only the modelled profiles the help lists")
    func platforms() throws {
        let folder = try Self.folder("platforms", files: [
            "one.yaml": ScenarioCLITests.passing,
            "ios30.yaml": ScenarioCLITests.passing.replacingOccurrences(of: "seed: 5", with: "platform: ios30"),
        ])
        let expected = "unknown platform 'ios30'; did you mean 'ios14'? (expected one of: ios6, ios7, ios8, ios14, ios17, ios26)"
        // The option is typed: ArgumentParser refuses the name (usage error, 64) with the choices.
        let choices = "The value 'ios30' is invalid for '--platform <platform>'. Please provide one of the following:\n  - ios6\n"
        try Self.expectError(["run", folder + "/one.yaml", "--platform", "ios30"], status: 64, choices)
        try Self.expectError(["conformance", "--platform", "ios30", "--scenarios", folder + "/one.yaml", "--out", folder + "/r"],
                             status: 64, choices)
        try Self.expectError(["run", folder + "/ios30.yaml"], "ios30.yaml:2:11: " + expected)
        for command in ["run", "conformance", "explore"] {
            // The help wraps at the terminal's width: read it as one line.
            let help = try CLIProcessTests.run([command, "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("(values: ios6, ios7, ios8, ios14, ios17, ios26"), "\(command) --help: \(help)")
            #expect(command == "run" || help.contains("ios26; default: ios17)"), "\(command) --help: \(help)")
        }
    }
}
