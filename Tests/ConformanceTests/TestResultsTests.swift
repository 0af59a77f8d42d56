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

    @Test("hostile xUnit bytes get an error naming the file, line and column, or their test cases: never a crash", arguments: [
        ("invalid UTF-8 in a name", Array("<testsuites><testcase classname=\"A.B\" name=\"".utf8) + [0xC3, 0x28] + Array("()\"/></testsuites>".utf8), "x.xml:1:"),
        ("an undeclared namespace prefix", Array("<testsuites><x:testcase classname=\"A.B\" name=\"c()\" y:z=\"1\"/></testsuites>".utf8), "x.xml: the xUnit results file holds no <testcase>"),
        ("a NUL character reference", Array("<testsuites><testcase classname=\"A.B\" name=\"c&#0;()\"/></testsuites>".utf8), "x.xml:1:"),
        ("entities that expand a billion times", Array("""
            <?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
            <testsuites><testcase classname="A.B" name="&d;"/></testsuites>
            """.utf8), nil),
        ("an element left open", Array("<testsuites><testsuite name=\"x\">\n<testcase classname=\"A.B\" name=\"c()\"/>\n".utf8), "x.xml:2:39: the xUnit results file is cut short"),
        ("nothing", [], "x.xml:1:"),
    ] as [(String, [UInt8], String?)])
    func hostileBytes(what: String, bytes: [UInt8], expected: String?) {
        do {
            let results = try TestResults.parse(Data(bytes), file: "x.xml")
            #expect(expected == nil, "\(what): read as \(results.outcomes.count) test cases")
            #expect(!results.outcomes.isEmpty)
        } catch {
            #expect(error.message.hasPrefix(expected ?? "x.xml"), "\(what): \(error.message)")
        }
    }
}
