import Foundation
import VirtualDevices
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Test outcomes read from an xUnit/JUnit XML file, as `swift test --xunit-output` writes them
/// (Swift Testing's file is `<name>-swift-testing.xml`): one `testcase` per test, with
/// `classname` `Target.Type` and `name` the function (`musicResumes()`), and a `failure` or
/// `skipped` child when it did not pass.
public struct TestResults: Sendable {
    public struct Key: Hashable, Sendable {
        public let target: String
        public let typeName: String
        public let function: String
    }

    public let outcomes: [Key: CheckOutcome]

    public init(outcomes: [Key: CheckOutcome]) { self.outcomes = outcomes }

    /// Reads an xUnit file; a file that is not one (missing, empty, cut short, malformed, or with
    /// no test cases) is an error naming the file, and the line and column where XML breaks.
    public static func load(file: String) throws -> TestResults {
        let data: Data
        do { data = Data(try TextFile.read(file).utf8) } catch { throw TestResultsError(message: "test results \(error.description)") }
        return try parse(data, file: file)
    }

    /// Reads the bytes of an xUnit file; `file` is what errors call it.
    public static func parse(_ data: Data, file: String) throws(TestResultsError) -> TestResults {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        let parsed = parser.parse()
        if !parsed || reader.problem != nil {
            let detail = reader.problem ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            throw TestResultsError(message: "\(file):\(parser.lineNumber):\(parser.columnNumber): not a valid xUnit results file: \(detail)")
        }
        guard reader.root == "testsuites" || reader.root == "testsuite" else {
            throw TestResultsError(message: "\(file): not an xUnit results file: the root element is <\(reader.root ?? "none")>, not <testsuites>")
        }
        guard reader.depth == 0 else {
            throw TestResultsError(message: "\(file):\(parser.lineNumber):\(parser.columnNumber): the xUnit results file is cut short: <\(reader.root ?? "")> is never closed")
        }
        guard reader.testCases > 0 else {
            throw TestResultsError(message: "\(file): the xUnit results file holds no <testcase> (Swift Testing writes its results to NAME-swift-testing.xml beside the --xunit-output file)")
        }
        return TestResults(outcomes: reader.outcomes)
    }

    /// The outcomes of a suite run in parts (each file one part): a test that failed in any part
    /// failed; one that passed in a part and was skipped in another passed.
    public static func load(files: [String]) throws -> TestResults {
        func weight(_ outcome: CheckOutcome?) -> Int {
            switch outcome {
            case .failed?: 3
            case .passed?: 2
            case .notRun?: 1
            case nil: 0
            }
        }
        var outcomes: [Key: CheckOutcome] = [:]
        for file in files {
            for (key, outcome) in try load(file: file).outcomes where weight(outcome) > weight(outcomes[key]) {
                outcomes[key] = outcome
            }
        }
        return TestResults(outcomes: outcomes)
    }

    /// The outcome for a declared test; a test the file lacks did not run.
    public func outcome(of test: TestDeclaration) -> CheckOutcome {
        outcomes[Key(target: test.target, typeName: test.typeName, function: test.function)]
            ?? .notRun("not in the test results")
    }

    static func key(classname: String, name: String) -> Key {
        let parts = classname.split(separator: ".").map(String.init)
        return Key(target: parts.first ?? "", typeName: parts.last ?? "",
                   function: String(name.prefix { $0 != "(" }))
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var outcomes: [Key: CheckOutcome] = [:]
        var current: Key?
        var outcome: CheckOutcome = .passed
        var root: String?
        var depth = 0
        var testCases = 0
        /// The first structural problem; parsing stops there.
        var problem: String?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if root == nil { root = element }
            depth += 1
            switch element {
            case "testcase":
                guard let classname = attributes["classname"], let name = attributes["name"] else {
                    problem = "a <testcase> lacks its classname or name attribute"
                    parser.abortParsing()
                    return
                }
                testCases += 1
                current = TestResults.key(classname: classname, name: name)
                outcome = .passed
            case "failure", "error":
                let message = attributes["message"] ?? "failed"
                if case let .failed(earlier) = outcome { outcome = .failed(earlier + "\n" + message) } else { outcome = .failed(message) }
            case "skipped":
                if case .passed = outcome { outcome = .notRun("skipped" + (attributes["message"].map { ": \($0)" } ?? "")) }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard element == "testcase", let key = current else { return }
            // A test listed twice (parameterised cases) fails if any case failed.
            if case .failed = outcomes[key] {} else { outcomes[key] = outcome }
            current = nil
        }
    }
}

public struct TestResultsError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
