import Foundation
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

    public static func load(file: String) throws -> TestResults {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw TestResultsError(message: "cannot read test results '\(file)'")
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw TestResultsError(message: "'\(file)' is not XML: \(parser.parserError.map { "\($0)" } ?? "parse error")")
        }
        return TestResults(outcomes: reader.outcomes)
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

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            switch element {
            case "testcase":
                current = TestResults.key(classname: attributes["classname"] ?? "", name: attributes["name"] ?? "")
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
