import Foundation
import SimCore
import Testing
@testable import BuiltInChecks
@testable import Conformance

/// Each app rule, on small hand-written traces: it fires on the wrong behaviour and stays quiet on the right one.
@Suite("App conformance rules")
struct AppRuleTests {
    static func line(_ seconds: Int64, _ kind: String, _ fields: [String: TraceValue] = [:]) -> TraceEvent {
        TraceEvent(time: HostTime(nanoseconds: seconds * 1_000_000_000), kind: kind, fields: fields)
    }

    static let playing: [TraceEvent] = [
        line(0, "scenario.step", ["step": 1, "do": "launch", "line": 9]),
        line(0, "api.setCategory", ["app": "Music", "category": "playback", "result": "ok"]),
        line(0, "session.activated", ["app": "Music"]),
        line(0, "app.media-player.started", ["app": "Music", "reason": "user"]),
    ]

    /// A `notify.routeChange` line as the server writes it: the reason and the route before.
    static let unplugFields: [String: TraceValue] = [
        "app": "Music", "reason": "oldDeviceUnavailable",
        "previousOutputs": [["type": "Headphones", "uid": "Wired Headphones"]], "previousInputs": [],
    ]

    static func messages(_ rule: any AppRule, _ events: [TraceEvent]) -> [String] {
        rule.violations(in: AppTrace(events)).map { "\($0.app): \($0.message)" }
    }

    @Test("resuming at an end without shouldResume is flagged; with it, it is not")
    func resume() {
        let ended = Self.playing + [Self.line(1, "notify.interruption", ["app": "Music", "type": "began"]),
                                    Self.line(1, "app.media-player.stopped", ["app": "Music"]),
                                    Self.line(3, "notify.interruption", ["app": "Music", "type": "ended", "options": []]),
                                    Self.line(3, "app.media-player.started", ["app": "Music", "reason": "interruption-ended"])]
        #expect(Self.messages(ResumeWithoutShouldResumeRule(), ended) == ["Music: resumed playback after an interruption without shouldResume"])
        var allowed = ended
        allowed[6] = Self.line(3, "notify.interruption", ["app": "Music", "type": "ended", "options": ["shouldResume"]])
        #expect(Self.messages(ResumeWithoutShouldResumeRule(), allowed).isEmpty)
    }

    @Test("a prompt that finishes without deactivating leaves others ducked")
    func ducked() {
        let prompt = Self.playing + [Self.line(2, "session.activated", ["app": "Maps"]),
                                     Self.line(2, "session.ducked", ["app": "Music", "ducked": true]),
                                     Self.line(4, "app.navigation.stopped", ["app": "Maps"])]
        #expect(Self.messages(LeftOthersDuckedRule(), prompt) == ["Maps: left other audio ducked: never deactivated after a prompt"])
        let polite = prompt + [Self.line(4, "session.deactivated", ["app": "Maps"]), Self.line(4, "session.ducked", ["app": "Music", "ducked": false])]
        #expect(Self.messages(LeftOthersDuckedRule(), polite).isEmpty)
    }

    @Test("using the session after a reset without setting the category again is flagged")
    func reset() {
        let reset = Self.playing + [Self.line(2, "notify.mediaServicesWereReset", ["app": "Music"])]
        let reuse = reset + [Self.line(3, "api.setActive", ["app": "Music", "active": true, "result": "ok"])]
        #expect(Self.messages(IgnoredMediaServicesResetRule(), reuse) == ["Music: kept using audio after a media-services reset without reconfiguring"])
        #expect(Self.messages(IgnoredMediaServicesResetRule(), reset) == ["Music: did not reconfigure its session after a media-services reset"])
        let rebuilt = reset + [Self.line(2, "api.setCategory", ["app": "Music", "category": "playback", "result": "ok"]),
                               Self.line(3, "api.setActive", ["app": "Music", "active": true, "result": "ok"])]
        #expect(Self.messages(IgnoredMediaServicesResetRule(), rebuilt).isEmpty)
        // A synth's engine stops its dead I/O before the app sets its category again: not a use of audio.
        let stoppedThenRebuilt = reset + [Self.line(2, "api.stopIO", ["app": "Music", "result": "ok"])] + rebuilt.suffix(2)
        #expect(Self.messages(IgnoredMediaServicesResetRule(), stoppedThenRebuilt).isEmpty)
    }

    @Test("a playback app that keeps playing when the headphones go is flagged")
    func unplug() {
        let unplugged = Self.playing + [Self.line(2, "notify.routeChange", Self.unplugFields)]
        #expect(Self.messages(KeptPlayingOnUnplugRule(), unplugged) == ["Music: did not pause when headphones were unplugged"])
        let paused = unplugged + [Self.line(2, "app.media-player.stopped", ["app": "Music", "reason": "old-device-unavailable"])]
        #expect(Self.messages(KeptPlayingOnUnplugRule(), paused).isEmpty)
        // Killed while playing and launched again: it is not playing when the headphones go.
        let relaunched = Self.playing + [Self.line(1, "device.terminate", ["app": "Music"]), Self.line(1, "device.launch", ["app": "Music"]),
                                         Self.line(2, "notify.routeChange", Self.unplugFields)]
        #expect(Self.messages(KeptPlayingOnUnplugRule(), relaunched).isEmpty)
    }

    @Test("an app that interrupted another and deactivates without notifying is flagged")
    func notifyOthers() {
        let call = Self.playing + [Self.line(2, "notify.interruption", ["app": "Music", "type": "began"]),
                                   Self.line(2, "session.activated", ["app": "Phone"])]
        let silent = call + [Self.line(5, "api.setActive", ["app": "Phone", "active": false, "options": [], "result": "ok"])]
        #expect(Self.messages(NoNotifyOthersRule(), silent) == ["Phone: never deactivated with notifyOthersOnDeactivation, so the interrupted app could not resume"])
        let polite = call + [Self.line(5, "api.setActive", ["app": "Phone", "active": false, "options": ["notifyOthersOnDeactivation"], "result": "ok"])]
        #expect(Self.messages(NoNotifyOthersRule(), polite).isEmpty)
    }

    @Test("the shipped scenarios' apps with mistakes are reported at their scenario, step and time")
    func shippedFindings() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Scenarios/ducking/navigation-never-deactivates.yaml").path
        let runs = ScenarioChecks.run(files: [file], platform: .ios17)
        #expect(runs.checks.first?.outcome == .passed)
        let findings = AppRules.findings(in: runs.runs, rules: AppRules.all)
        #expect(findings.map { "\($0.app) \($0.rule) \($0.step) \($0.time)" } == ["Maps left-others-ducked step 5 (prompt-finished) 4000000000"])
    }
}
