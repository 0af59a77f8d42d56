import Foundation
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// Swift Testing's xUnit file names tests by function; the source scan ties them to display names.
@Suite("Test checks from sources and results")
struct TestResultsTests {
    static let source = """
        @Suite("Calls")
        struct CallTests {
            struct Case: Sendable { let name: String }
            enum Helper {
                static let braces = "{"
            }

            @Test(\"SESSION-INTERRUPT-ALARM/SIRI: an alarm and Siri interrupt\")
            func alarmAndSiri() throws {}

            @Test(\"helper behaviour without an ID\")
            func plain() {}
        }

        extension OtherTests {
            @Test(
              "ROUTING-LAST-IN-WINS: the last port wins\") func lastIn(arguments: Int) {}
        }
        """

    @Test("finds tests that name requirements, with their type and function")
    func scan() {
        let found = TestDeclaration.scan(Self.source, target: "SoundcheckTests", file: "SoundcheckTests/CallTests.swift")
            .filter { !$0.requirementIDs.isEmpty }
        #expect(found.map(\.function) == ["alarmAndSiri"])
        #expect(found.first?.typeName == "CallTests")
        #expect(found.first?.requirementIDs == ["SESSION-INTERRUPT-ALARM", "SESSION-INTERRUPT-SIRI"])
    }

    @Test("reads passed, failed and skipped test cases from xUnit XML")
    func results() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="TestResults" tests="3">
            <testcase classname="SoundcheckTests.CallTests" name="alarmAndSiri()" time="0.1"/>
            <testcase classname="SoundcheckTests.CallTests" name="plain()" time="0.1"><failure message="Expectation failed: 1 == 2"/></testcase>
            <testcase classname="SoundcheckTests.Outer.Inner" name="skip(x:)" time="0"><skipped/></testcase>
            </testsuite></testsuites>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(getpid()).xml")
        try Data(xml.utf8).write(to: file)
        let results = try TestResults.load(file: file.path)
        func outcome(_ type: String, _ function: String) -> CheckOutcome? {
            results.outcomes[TestResults.Key(target: "SoundcheckTests", typeName: type, function: function)]
        }
        #expect(outcome("CallTests", "alarmAndSiri") == .passed)
        #expect(outcome("CallTests", "plain") == .failed("Expectation failed: 1 == 2"))
        #expect(outcome("Inner", "skip") == .notRun("skipped"))
        let missing = TestDeclaration(target: "X", typeName: "Y", function: "z", displayName: "SESSION-X: z", file: "X/Y.swift")
        #expect(results.outcome(of: missing) == .notRun("not in the test results"))
    }

    @Test("a suite run in parts: a failure in any part fails the test, a pass beats a skip")
    func parts() throws {
        func write(_ name: String, _ cases: String) throws -> String {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(getpid())-\(name).xml")
            try Data("<testsuites><testsuite name=\"T\">\(cases)</testsuite></testsuites>".utf8).write(to: file)
            return file.path
        }
        let first = try write("a", """
            <testcase classname="T.A" name="one()"/><testcase classname="T.A" name="two()"><skipped/></testcase>
            <testcase classname="T.A" name="three()"/>
            """)
        let second = try write("b", """
            <testcase classname="T.A" name="two()"/><testcase classname="T.A" name="three()"><failure message="broke"/></testcase>
            <testcase classname="T.B" name="four()"><skipped/></testcase>
            """)
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        let results = try TestResults.load(files: [first, second])
        func outcome(_ type: String, _ function: String) -> CheckOutcome? {
            results.outcomes[TestResults.Key(target: "T", typeName: type, function: function)]
        }
        #expect(outcome("A", "one") == .passed)
        #expect(outcome("A", "two") == .passed)
        #expect(outcome("A", "three") == .failed("broke"))
        #expect(outcome("B", "four") == .notRun("skipped"))
        #expect(throws: TestResultsError.self) { try TestResults.load(files: [first, first + ".missing"]) }
    }
}
