import Foundation
import Testing
@testable import BuiltInChecks
@testable import Conformance
import SimCore

/// The four report files, on a report built from two shipped scenarios and a made-up failing test.
@Suite("Report writers")
struct ReportWriterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func report() throws -> ConformanceReport {
        let files = ["Scenarios/routing/headphones-unplugged-pauses-music.yaml", "Scenarios/permission/ios6-no-dialog.yaml"]
            .map { root.appendingPathComponent($0).path }
        let scenarios = ScenarioChecks.run(files: files, platform: .ios17)
        let test = ConformanceCheck(kind: .test, name: "X/Y.swift: SESSION-SINGLETON: one", requirementIDs: ["SESSION-SINGLETON"],
                                    outcome: .failed("Expectation failed"))
        return ConformanceReport(catalog: try RequirementCatalog.load(), checks: scenarios.checks + [test], scenarioRuns: scenarios.runs,
                                 platform: "ios17", testResultsGiven: true)
    }

    @Test("a scenario pinned to another platform is not run, and its requirements do not pass")
    func pinned() throws {
        let report = try Self.report()
        let pinned = report.checks.first { $0.name.hasSuffix("ios6-no-dialog.yaml") }
        #expect(pinned?.outcome == .notRun("written for ios6"))
        let unplug = report.checks.first { $0.name.hasSuffix("headphones-unplugged-pauses-music.yaml") }
        #expect(unplug?.outcome == .passed)
    }

    @Test("Markdown puts the counts first, and JUnit fails, skips and passes requirements")
    func markdownAndJUnit() throws {
        let report = try Self.report()
        let markdown = MarkdownWriter.render(report)
        #expect(markdown.hasPrefix("# Soundcheck conformance — ios17\n\n| total | passed | failed | not yet implemented | not checkable | not checked |"))
        #expect(markdown.contains("| `SESSION-SINGLETON` | session | failed |"))
        let junit = JUnitWriter.render(report)
        #expect(junit.contains("tests=\"\(report.total)\" failures=\"1\""))
        // Whichever area is still unsimulated shows as skipped (the list shrinks as areas land).
        if let area = UnimplementedAreas.names.first {
            #expect(junit.contains("<testcase classname=\"conformance.\(area)\""))
            #expect(junit.contains("<skipped message=\"not yet implemented: area &apos;\(area)&apos; is not simulated yet\"/>"))
        }
        #expect(!junit.contains("time="))
    }

    @Test("JSON is canonical and the same for the same inputs")
    func json() throws {
        let a = JSONWriter.render(try Self.report()), b = JSONWriter.render(try Self.report())
        #expect(a == b)
        #expect(a.hasPrefix("{\"appFindings\":[],\"areas\":["))
        #expect(a.contains("\"counts\":{\"failed\":1,\"not-checkable\":"))
    }

    @Test("the HTML is self-contained and draws each scenario's lanes, route and markers")
    func html() throws {
        let html = HTMLWriter.render(try Self.report())
        #expect(html.contains("<style>") && !html.contains("<script") && !html.contains("<link") && !html.contains("src="))
        #expect(html.contains("<svg") && html.contains(">route (output)</text>"))
        #expect(html.contains(">Wired Headphones</text>"))
        #expect(html.contains("routeChange oldDeviceUnavailable"))
        #expect(html.contains("<title>active 100ms–"))
    }

    @Test("gain lines become a polyline; ducking and interruptions become spans")
    func timelineModel() throws {
        var trace = Trace(seed: 0)
        trace.record("session.activated", at: HostTime(nanoseconds: 0), ["app": "Music"])
        trace.record("audio.app.gain", at: HostTime(nanoseconds: 0), ["app": "Music", "gainPerMille": 1000])
        trace.record("session.ducked", at: HostTime(nanoseconds: 1_000_000_000), ["app": "Music", "ducked": true])
        trace.record("audio.app.gain", at: HostTime(nanoseconds: 1_000_000_000), ["app": "Music", "gainPerMille": 250])
        let timeline = Timeline(trace: trace)
        #expect(timeline.lanes.map(\.app) == ["Music"])
        #expect(timeline.lanes[0].spans.map(\.label) == ["active", "ducked"])
        #expect(timeline.lanes[0].gain.map(\.perMille) == [1000, 250])
        #expect(TimelineSVG.render(timeline).contains("<polyline"))
    }

    @Test("the route lane is the device's route as the server traced it, not re-derived from plugs")
    func routeLaneFromRouteLines() throws {
        func port(_ type: String, _ uid: String) -> TraceValue { ["type": .string(type), "uid": .string(uid)] }
        var trace = Trace(seed: 0)
        trace.record("route.changed", at: HostTime(nanoseconds: 0), ["outputs": [port("Speaker", "Speaker")], "inputs": []])
        // A call moves the device to the receiver: no plug, yet the route changed.
        trace.record("route.changed", at: HostTime(nanoseconds: 1_000_000_000),
                     ["outputs": [port("Receiver", "Built-In Receiver")], "inputs": [port("MicrophoneBuiltIn", "Built-In Microphone")]])
        trace.record("device.attach", at: HostTime(nanoseconds: 2_000_000_000), ["ports": ["output:Wired Headphones"]])
        let timeline = Timeline(trace: trace)
        #expect(timeline.route.map(\.label) == ["Speaker", "Built-In Receiver"])
        #expect(timeline.route.map(\.start) == [0, 1_000_000_000])
    }
}
