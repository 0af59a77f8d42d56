import MediaServer
import SimCore
import Testing
@testable import Scenario
import VirtualDevices

/// The typed trace: every line a shipped scenario writes decodes into a `TraceRecord` that
/// renders back to the same bytes, and the typed cases carry what readers ask.
@Suite("Trace records")
struct TraceRecordTests {
    @Test("every line of a shipped scenario's trace decodes to a listed record that renders back byte for byte",
          arguments: try ScenarioFixtures.allScenarioFiles())
    func roundTrip(file: String) throws {
        let trace = try ScenarioRunner().run(try Scenario.load(file: file)).trace
        var typed = 0
        for event in trace.events {
            let record = TraceRecord(decoding: event)
            #expect(record.event.canonicalLine == event.canonicalLine, "\(file): \(event.canonicalLine)")
            switch record.fact {
            case .unlisted: Issue.record("\(file): \(event.kind) is not listed in TraceKind")
            case .other: break
            default: typed += 1
            }
        }
        #expect(typed > 0, "\(file): no line has its own case")
    }

    @Test("a notification renders as its line and reads back as the same value")
    func notificationLine() {
        let previous = TracedRoute(outputs: [TracedPort(type: .headphones, uid: "Wired Headphones")],
                                   inputs: [TracedPort(type: .builtInMic, uid: "Built-In Microphone")])
        let record = TraceRecord(time: HostTime(nanoseconds: 2_000_000_000),
                                 .notification(app: "Podcasts", .routeChange(reason: .oldDeviceUnavailable, previous: previous)))
        let line = """
            {"t":2000000000,"kind":"notify.routeChange","app":"Podcasts","previousInputs":[{"type":"MicrophoneBuiltIn",\
            "uid":"Built-In Microphone"}],"previousOutputs":[{"type":"Headphones","uid":"Wired Headphones"}],\
            "reason":"oldDeviceUnavailable"}
            """
        #expect(record.event.canonicalLine == line)
        #expect(TraceRecord(decoding: record.event) == record)
        #expect(record.kind == .notifyRouteChange)
    }

    @Test("an interruption's reason and options, a failed call and an app event keep their values")
    func typedValues() {
        let began = TraceEvent(time: .zero, kind: "notify.interruption", fields: ["app": "Game", "type": "began", "reason": "appWasSuspended"])
        #expect(TraceRecord(decoding: began).fact == .notification(app: "Game", .interruption(type: .began, reason: .appWasSuspended, options: nil)))
        let ended = TraceEvent(time: .zero, kind: "notify.interruption", fields: ["app": "Game", "type": "ended", "options": ["shouldResume"]])
        #expect(TraceRecord(decoding: ended).fact == .notification(app: "Game", .interruption(type: .ended, reason: nil, options: .shouldResume)))
        let call = TraceEvent(time: .zero, kind: "api.setActive",
                              fields: ["app": "Phone", "active": false, "result": "isBusy", "rule": "SESSION-DEACTIVATE-BUSY"])
        #expect(TraceRecord(decoding: call).fact == .api(APICallRecord(call: .apiSetActive, app: "Phone", arguments: ["active": false],
                                                                        result: .failed(code: "isBusy", rule: "SESSION-DEACTIVATE-BUSY"))))
        let started = TraceEvent(time: .zero, kind: "app.player.started", fields: ["app": "Music", "file": "song.m4a"])
        #expect(TraceRecord(decoding: started).fact == .app(AppEventRecord(app: "Music", model: "player", what: "started", details: ["file": "song.m4a"])))
    }

    @Test("a line that does not have a case's exact shape keeps its fields, and an unknown kind stays whole")
    func fallbacks() {
        let odd = TraceEvent(time: .zero, kind: "session.activated", fields: ["app": "Music", "extra": 1])
        #expect(TraceRecord(decoding: odd).fact == .other(.sessionActivated, ["app": "Music", "extra": 1]))
        #expect(TraceRecord(decoding: odd).event == odd)
        let unknown = TraceEvent(time: .zero, kind: "future.thing", fields: ["x": "y"])
        #expect(TraceRecord(decoding: unknown).fact == .unlisted(unknown))
        #expect(TraceRecord(decoding: unknown).event == unknown)
    }

    @Test("a line of a several-device run keeps its typed fact and names its device")
    func simulatedDevice() {
        let line = TraceEvent(time: .zero, kind: "session.activated", fields: ["app": "Synth", "simulated-device": "iPad"])
        let record = TraceRecord(decoding: line)
        #expect(record.fact == .activated(app: "Synth") && record.simulatedDevice == "iPad")
        #expect(record.event == line)
    }

    @Test("every kind is listed once, as family.name")
    func kindsListed() {
        #expect(Set(TraceKind.allCases.map(\.rawValue)).count == TraceKind.allCases.count)
        #expect(TraceKind.allCases.allSatisfy { $0.rawValue.contains(".") })
        #expect(TraceKind.allCases.filter { $0.apiCall != nil }.count == 21)
    }

    @Test("every device verb has its device.<verb> kind and back, and only the device's own follow-ups are not scriptable")
    func deviceVerbsListedOnce() {
        for verb in DeviceVerb.allCases {
            #expect(TraceKind(verb).rawValue == "device." + verb.rawValue)
            #expect(TraceKind(verb).deviceVerb == verb)
        }
        let deviceKinds = TraceKind.allCases.filter { $0.rawValue.hasPrefix("device.") && $0 != .deviceRefused }
        #expect(deviceKinds.count == DeviceVerb.allCases.count)
        #expect(TraceKind.deviceRefused.deviceVerb == nil)
        #expect(DeviceVerb.allCases.filter { !$0.isScriptable } == [.mediaServerRestart, .networkRestored])
        // A script names every scriptable event by its verb, and the event names it back.
        let names = DeviceVerb.scriptable.map(\.rawValue)
        #expect(DeviceEventReader.actions == names)
        #expect(DeviceEvent.ringerSwitch(silent: true).verb == .ringerSilent && DeviceEvent.launch(app: "Music").scriptName == "launch")
    }

    @Test("the records of the iOS 14.5+ session preferences decode to their typed cases and render back byte for byte")
    func sessionPreferenceRecords() {
        let facts: [TraceFact] = [
            .alertSpared(app: "Player", source: "phoneCall"),
            .notification(app: "Memo", .inputMuteStateChange(muted: true)),
            .notification(app: "Movies", .renderingModeChange(.spatialAudio)),
            .notification(app: "Movies", .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: false)),
        ]
        for fact in facts {
            let line = TraceRecord(time: .zero, fact).event
            #expect(TraceRecord(decoding: line).fact == fact)
            #expect(TraceRecord(decoding: line).event == line)
        }
        #expect(TraceRecord(time: .zero, facts[2]).event.fields["mode"] == "spatialAudio")
    }

    @Test("which apps play is one fold: started, stopped, and a launch or termination starts over")
    func playingFold() {
        func app(_ what: String) -> TraceRecord {
            TraceRecord(time: .zero, .app(AppEventRecord(app: "Music", model: "player", what: what)))
        }
        let terminate = TraceRecord(time: .zero, .device(DeviceEventRecord(kind: .deviceTerminate, fields: ["app": "Music"])))
        let states = PlayingApps.beforeEach([app("started"), app("paused"), terminate, app("started"), app("stopped")])
        #expect(states.map { $0.isPlaying("Music") } == [false, true, true, false, true, false])
    }
}
