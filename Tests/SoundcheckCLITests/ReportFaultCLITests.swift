import Foundation
import Testing

/// A fault while writing output (a folder that cannot be made, a full disk) ends the run with a
/// message naming the output and the reason, and leaves no half-written report: the previous
/// report stays whole and no staging files are left behind.
@Suite("soundcheck output faults")
struct ReportFaultCLITests {
    static let scenario = ConformanceCLITests.root.appendingPathComponent("Scenarios/session/activates-at-launch.yaml").path

    static func conformance(out: String, fileSizeLimitBlocks: Int? = nil) throws -> (status: Int32, output: String) {
        let run = try CLIProcessTests.run(["conformance", "--scenarios", scenario, "--no-built-in-checks", "--out", out],
                                          fileSizeLimitBlocks: fileSizeLimitBlocks)
        return (run.status, run.output + run.errors)
    }

    @Test("a full disk while writing the report: a clear error, and the previous report untouched")
    func fullDiskKeepsPreviousReport() throws {
        let folder = try ScenarioCLITests.folder("full-disk", files: ["report/conformance.md": "the previous report\n"])
        let out = folder + "/report"
        // A file size limit of 8 KiB (16 blocks of 512 bytes) makes the larger report files fail
        // as a full disk would, part-way through writing them.
        let run = try Self.conformance(out: out, fileSizeLimitBlocks: 16)
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("cannot write the report to '\(out)'") && run.output.contains("File too large; nothing was replaced"),
                "\(run.output)")
        #expect(try String(contentsOfFile: out + "/conformance.md", encoding: .utf8) == "the previous report\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["conformance.md"])

        // Without the limit the same command replaces it, and leaves only the four files.
        let again = try Self.conformance(out: out)
        #expect(again.status == 0, "\(again.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
                == ["conformance.html", "conformance.json", "conformance.md", "junit.xml"])
        #expect(try String(contentsOfFile: out + "/conformance.md", encoding: .utf8) != "the previous report\n")
    }

    @Test("a report folder that cannot be made is said before any scenario runs")
    func folderInTheWay() throws {
        let folder = try ScenarioCLITests.folder("file-in-the-way", files: ["taken": "a file, not a folder\n"])
        let run = try Self.conformance(out: folder + "/taken/report")
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("cannot create the report folder '\(folder)/taken/report': '\(folder)/taken' is a file, not a folder"),
                "\(run.output)")
        #expect(!run.output.contains("[1/1]"), "a scenario ran before the error: \(run.output)")
    }

    @Test("a JUnit file on a full device (/dev/full) says the disk is full",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "this system has no /dev/full"))
    func junitOnFullDevice() throws {
        let run = try CLIProcessTests.run(["run", Self.scenario, "--junit", "/dev/full"])
        #expect(run.status != 0, "\(run.output)\(run.errors)")
        #expect((run.output + run.errors).contains("cannot write the JUnit report to '/dev/full': the disk is full (No space left on device)"),
                "\(run.output)\(run.errors)")
    }
}
