import Foundation
import MediaServer

/// A check compiled into the bench: a short program that exercises the facades or the simulated
/// device and says whether a requirement holds. `soundcheck conformance` runs every one of them,
/// so a report made from the binary alone checks them as CI does; `ConformanceTests` runs the
/// same list, so a broken one fails the build too.
public struct BuiltInCheck: Sendable {
    /// What it shows, in a few words (`the common formats have Apple's raw values`).
    public let name: String
    public let requirementIDs: [String]
    /// Where the check is written (`BuiltInChecks/AudioRecorderChecks.swift:62`): a failure names
    /// it, so a reader opens the check that failed.
    public let source: String
    let body: @Sendable (inout CheckProbe) throws -> Void

    public init(_ requirementIDs: [String], _ name: String, file: String = #fileID, line: Int = #line,
                _ body: @escaping @Sendable (inout CheckProbe) throws -> Void) {
        self.requirementIDs = requirementIDs
        self.name = name
        self.source = "\(file):\(line)"
        self.body = body
    }

    /// Runs the check on `platform`; a thrown error or any failed expectation fails it, with every message.
    public func run(platform: PlatformProfile) -> CheckOutcome { trial(platform: platform).outcome }

    /// Runs the check on `platform`, and returns the questions it asked of it (`since(_:)`, the
    /// release number): everything it does is deterministic, so a release that answers them alike
    /// would run the same program again. One that asked none (a codec, a kernel, a file format)
    /// runs the same on every release.
    func trial(platform: PlatformProfile) -> (outcome: CheckOutcome, questions: RuleQuestions) {
        var probe = CheckProbe(platform: platform)
        do { try body(&probe) } catch { probe.failures.append("\(source): threw \(error)") }
        return (probe.failures.isEmpty ? .passed : .failed(probe.failures.joined(separator: "\n")), probe.questions)
    }

    public func check(platform: PlatformProfile) -> ConformanceCheck {
        ConformanceCheck(kind: .builtIn, name: name, requirementIDs: requirementIDs, outcome: run(platform: platform))
    }
}

/// What a built-in check records: each expectation that did not hold, with the file and line that said so.
public struct CheckProbe: Sendable {
    /// The platform the report is for; checks of session behaviour run their device on it. It
    /// writes down, in `questions`, what the check and its device ask of it.
    public let platform: PlatformProfile
    public internal(set) var failures: [String] = []
    let questions = RuleQuestions()

    init(platform: PlatformProfile) { self.platform = platform.recording(into: questions) }

    /// Records a failure when `condition` is false.
    public mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) {
        if !condition { failures.append("\(file):\(line): \(message())") }
    }

    /// Records a failure when `actual` differs from `expected`, showing both.
    public mutating func expect<T: Equatable>(_ actual: T, equals expected: T, _ what: String, file: String = #fileID, line: Int = #line) {
        if actual != expected { failures.append("\(file):\(line): \(what) is \(actual), expected \(expected)") }
    }

    /// Unwraps `value` or fails the check here, saying what was missing.
    public func require<T>(_ value: T?, _ what: String, file: String = #fileID, line: Int = #line) throws -> T {
        guard let value else { throw CheckAbort(message: "\(file):\(line): \(what) is missing") }
        return value
    }

    /// Fails the check here when `condition` is false: what follows would only fail confusingly.
    public func require(_ condition: Bool, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line) throws {
        guard condition else { throw CheckAbort(message: "\(file):\(line): \(message())") }
    }
}

extension CheckProbe {
    /// Unwraps `value` or throws, for helpers that build what a check needs outside its body.
    public static func required<T>(_ value: T?, _ what: String = "a value the check needs", file: String = #fileID,
                                   line: Int = #line) throws -> T {
        guard let value else { throw CheckAbort(message: "\(file):\(line): \(what) is missing") }
        return value
    }
}

public struct CheckAbort: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
