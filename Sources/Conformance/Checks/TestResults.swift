import CXMLReader
import Foundation
import VirtualDevices

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

    /// Reads the bytes of an xUnit file; `file` is what errors call it. libxml2's streaming reader
    /// walks the elements (no DTD, no entity expansion, no network); the first error it meets, or
    /// the first structural problem, stops the reading with the line and column where it is.
    public static func parse(_ data: Data, file: String) throws(TestResultsError) -> TestResults {
        var reader = Reader()
        let failure = data.withUnsafeBytes { bytes in read(bytes, into: &reader) }
        if let failure { throw TestResultsError(message: "\(file):\(failure.line):\(failure.column): \(failure.message)") }
        guard reader.root == "testsuites" || reader.root == "testsuite" else {
            throw TestResultsError(message: "\(file): not an xUnit results file: the root element is <\(reader.root ?? "none")>, not <testsuites>")
        }
        guard reader.testCases > 0 else {
            throw TestResultsError(message: "\(file): the xUnit results file holds no <testcase> (Swift Testing writes its results to NAME-swift-testing.xml beside the --xunit-output file)")
        }
        return TestResults(outcomes: reader.outcomes)
    }

    /// Feeds the elements to `reader`; the problem that stopped it, if any, with where it is.
    private static func read(_ bytes: UnsafeRawBufferPointer, into reader: inout Reader) -> (message: String, line: Int32, column: Int32)? {
        let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        guard let xml = withUnsafePointer(to: CChar(0), { empty in sc_xml_open(start ?? empty, Int32(clamping: bytes.count)) }) else {
            return ("the XML reader could not start", 1, 1)
        }
        defer { sc_xml_close(xml) }
        var name: UnsafePointer<CChar>?
        var empty: Int32 = 0
        while true {
            switch sc_xml_next(xml, &name, &empty) {
            case Int32(SC_XML_END):
                return nil
            case Int32(SC_XML_ELEMENT):
                let element = name.map { String(cString: $0) } ?? ""
                reader.start(element) { attribute in
                    guard let value = sc_xml_attribute(xml, attribute) else { return nil }
                    defer { sc_xml_free(value) }
                    return String(cString: value)
                }
                if let problem = reader.problem {
                    let line = sc_xml_element_line(xml)
                    return ("not a valid xUnit results file: \(problem)", line, column(of: element, onLine: line, in: bytes))
                }
                if empty != 0 { reader.end(element) }
            case Int32(SC_XML_END_ELEMENT):
                reader.end(name.map { String(cString: $0) } ?? "")
            default:
                var code: Int32 = 0, line: Int32 = 0, column: Int32 = 0
                let message = String(cString: sc_xml_error(&code, &line, &column)).trimmingCharacters(in: .whitespacesAndNewlines)
                if reader.depth > 0, sc_xml_error_ends_inside_element(code) != 0 {
                    return ("the xUnit results file is cut short: <\(reader.root ?? "")> is never closed", line, column)
                }
                return ("not a valid xUnit results file: \(message)", line, column)
            }
        }
    }

    /// The column (1-based, in bytes, as libxml2 counts) where `<element` first starts on `line`;
    /// 1 when it cannot be found. libxml2 keeps an element's line, not its column.
    private static func column(of element: String, onLine line: Int32, in bytes: UnsafeRawBufferPointer) -> Int32 {
        var start = 0
        var current: Int32 = 1
        while current < line, let newline = bytes[start...].firstIndex(of: 0x0A) {
            start = newline + 1
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        let tag = Array(("<" + element).utf8)
        guard tag.count <= end - start else { return 1 }
        for index in start...(end - tag.count) where bytes[index..<index + tag.count].elementsEqual(tag) {
            return Int32(index - start + 1)
        }
        return 1
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

    /// The test cases as the elements open and close.
    private struct Reader {
        var outcomes: [Key: CheckOutcome] = [:]
        var current: Key?
        var outcome: CheckOutcome = .passed
        var root: String?
        var depth = 0
        var testCases = 0
        /// The first structural problem; reading stops there.
        var problem: String?

        mutating func start(_ element: String, attribute: (String) -> String?) {
            if root == nil { root = element }
            depth += 1
            switch element {
            case "testcase":
                guard let classname = attribute("classname"), let name = attribute("name") else {
                    problem = "a <testcase> lacks its classname or name attribute"
                    return
                }
                testCases += 1
                current = TestResults.key(classname: classname, name: name)
                outcome = .passed
            case "failure", "error":
                let message = attribute("message") ?? "failed"
                if case let .failed(earlier) = outcome { outcome = .failed(earlier + "\n" + message) } else { outcome = .failed(message) }
            case "skipped":
                if case .passed = outcome { outcome = .notRun("skipped" + (attribute("message").map { ": \($0)" } ?? "")) }
            default: break
            }
        }

        mutating func end(_ element: String) {
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
