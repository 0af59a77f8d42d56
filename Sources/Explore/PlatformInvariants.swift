import MediaServer
import SimCore
import VirtualDevices

/// The platform's rules, checked over the policy's state and the trace after every step.
extension Invariant {
    public static let platform: [Invariant] = [
        interruptedIsInactive, oneNonMixableActive, duckedOnlyWhileDuckerActive, inputSilencedUntilPermission,
        resetLeavesZombies, shouldResumeOnlyWhenReleased, portAudioFromAudibleApps, routeLastInWins,
    ]

    /// SESSION-INTERRUPT-BEGAN-ALREADY-INACTIVE: "by the time you get the began, your session is
    /// already inactive" — in the trace (deactivated before began) and in the state.
    static let interruptedIsInactive = Invariant(
        id: "interrupted-session-inactive", kind: .platform,
        requirements: ["SESSION-INTERRUPT-BEGAN-ALREADY-INACTIVE", "SESSION-INTERRUPT-NO-DEACTIVATE-NEEDED"],
        description: "an interrupted session is inactive when \"began\" arrives and stays inactive while interrupted"
    ) { c in
        var found: [String] = []
        for i in c.fresh {
            guard let app = c.interruption(.began, at: i) else { continue }
            let last = (0..<i).reversed().lazy.compactMap { j -> Bool? in
                switch c.records[j].fact {
                case let .activated(other) where other == app: true
                case let .deactivated(other) where other == app: false
                default: nil
                }
            }.first
            if last == true {
                found.append("\(app) heard \"began\" while its session was still active")
            }
        }
        for app in c.apps where c.policy.isInterrupted(app) && c.policy.isActive(app) {
            found.append("\(app.name) is interrupted and active at once")
        }
        return found
    }

    /// SESSION-ACTIVATE-NONMIXABLE-INTERRUPTS: a non-mixable activation interrupts every other
    /// non-mixable session, so at most one is ever active.
    static let oneNonMixableActive = Invariant(
        id: "one-non-mixable-active", kind: .platform,
        requirements: ["SESSION-ACTIVATE-NONMIXABLE-INTERRUPTS", "SESSION-CONFIG-MIXABLE"],
        description: "at most one non-mixable session is active"
    ) { c in
        let exclusive = c.apps.filter { c.policy.isActive($0) && !c.policy.configuration(of: $0).isMixable }
        guard exclusive.count > 1 else { return [] }
        return ["non-mixable sessions active together: \(exclusive.map(\.name).joined(separator: ", "))"]
    }

    /// SESSION-INTERRUPT-UNDUCK: once every ducking session is gone, the ducked app is back to
    /// full level — so an app is ducked only while some other active session ducks others.
    static let duckedOnlyWhileDuckerActive = Invariant(
        id: "unducked-when-duckers-leave", kind: .platform,
        requirements: ["SESSION-INTERRUPT-UNDUCK", "SESSION-DUCK-OTHERS"],
        description: "a ducked app is louder again once every ducking session has deactivated"
    ) { c in
        c.apps.filter { app in
            c.policy.isDucked(app) && !c.apps.contains { $0 != app && c.policy.isActive($0) && c.policy.configuration(of: $0).ducksOthers }
        }.map { "\($0.name) is still ducked though no active session ducks others" }
    }

    /// SESSION-PERMISSION-SILENCE: until the user grants the microphone, the app's input is silence.
    static let inputSilencedUntilPermission = Invariant(
        id: "no-input-before-permission", kind: .platform,
        requirements: ["SESSION-PERMISSION-SILENCE", "SESSION-PERMISSION-REQUIRED"],
        description: "no input sample reaches an app before it has record permission"
    ) { c in
        c.apps.filter { c.server.recordPermission(of: $0) != .granted && !c.server.isInputSilencedByPermission($0) }
            .map { "\($0.name)'s input is live without record permission" }
    }

    /// SESSION-RESET-ZOMBIES / SESSION-RESET-CLEARS-INTERRUPTIONS: after a reset every session is
    /// fresh (inactive, not interrupted, default configuration) until its app calls again, and
    /// every voice of the old server is gone.
    static let resetLeavesZombies = Invariant(
        id: "reset-leaves-zombies", kind: .platform,
        requirements: ["SESSION-RESET-ZOMBIES", "SESSION-RESET-CLEARS-INTERRUPTIONS", "SESSION-RESET-RECONFIGURE"],
        description: "after a media-services reset every old object is a zombie: sessions start fresh, old voices are gone"
    ) { c in
        guard let reset = c.fresh.last(where: { c.records[$0].kind == .mediaServerReset }) else { return [] }
        var found: [String] = []
        let later = (reset + 1)..<c.records.count
        for app in c.apps where !later.contains(where: { c.app($0) == app.name && c.records[$0].kind?.apiCall != nil }) {
            if c.policy.isActive(app) || c.policy.isInterrupted(app) || c.policy.configuration(of: app) != .default {
                found.append("\(app.name)'s session survived the reset (active, interrupted or configured) before the app called again")
            }
        }
        var voices: [Int64] = []
        for i in 0..<reset {
            switch c.records[i].fact {
            case let .other(.audioVoiceAdded, fields): if case let .int(voice)? = fields["voice"] { voices.append(voice) }
            case let .other(.audioVoiceRemoved, fields): if case let .int(voice)? = fields["voice"] { voices.removeAll { $0 == voice } }
            default: break
            }
        }
        let removedAfter = Set(later.compactMap { i -> Int64? in
            guard case let .other(.audioVoiceRemoved, fields) = c.records[i].fact, case let .int(voice)? = fields["voice"] else { return nil }
            return voice
        })
        for voice in voices where !removedAfter.contains(voice) {
            found.append("voice \(voice) from before the reset still plays after it")
        }
        return found
    }

    /// SESSION-INTERRUPT-NO-NOTIFY-OTHERS / SESSION-INTERRUPT-NOTIFY-OTHERS: an "ended" with
    /// shouldResume comes only from an interrupter that deactivated with
    /// notifyOthersOnDeactivation, or from the end of a call, alarm or Siri.
    static let shouldResumeOnlyWhenReleased = Invariant(
        id: "should-resume-only-when-released", kind: .platform,
        requirements: ["SESSION-INTERRUPT-NO-NOTIFY-OTHERS", "SESSION-INTERRUPT-NOTIFY-OTHERS", "SESSION-INTERRUPT-END-RESUME"],
        description: "\"ended\" carries shouldResume only after notifyOthersOnDeactivation or the end of a call, alarm or Siri"
    ) { c in
        let systemEnds = Set([DeviceVerb.declineCall, .hangUp, .dismissAlarm, .siriEnd].map(\.rawValue))
        var found: [String] = []
        for i in c.fresh {
            guard case let .notification(app, .interruption(.ended, _, options?)) = c.records[i].fact,
                  options.contains(.shouldResume) else { continue }
            // The deactivation's own api line is traced after the notifications it caused.
            let released = c.stepLines(around: i).contains { j in
                switch c.records[j].fact {
                case let .api(call):
                    call.call == .apiSetActive && call.arguments["active"] == .bool(false)
                        && call.names("options").contains("notifyOthersOnDeactivation")
                case let .step(_, verb, _): systemEnds.contains(verb)
                default: false
                }
            }
            if !released { found.append("\(app) heard \"ended\" with shouldResume though nobody released it") }
        }
        return found
    }

    /// SESSION-SILENCE-TABLE: sound reaches a port only from an app whose session may sound there
    /// now (running I/O, neither silenced nor interrupted, the port in the route). Measured on
    /// the port sinks between two steps, leaving out the first 60 ms (the I/O buffer in flight)
    /// and any stretch in which the server restarted or the route moved on its own.
    static let portAudioFromAudibleApps = Invariant(
        id: "port-audio-from-audible-apps", kind: .platform,
        requirements: ["SESSION-SILENCE-TABLE", "SESSION-CATEGORY-RECORD-SILENCES"],
        description: "audio at a port comes only from apps whose sessions may sound there"
    ) { c in
        let start = HostTime(nanoseconds: c.previousTime.nanoseconds + 60_000_000)
        let end = c.server.now
        guard end.nanoseconds - start.nanoseconds >= 20_000_000 else { return [] }
        guard !soundMoved(in: c) else { return [] }
        let audible = c.apps.filter { c.policy.isIORunning($0) && !c.policy.isSilenced($0) && !c.policy.isInterrupted($0) }
        let allowed = audible.isEmpty ? [] : c.policy.route.outputs.map(\.uid)
        // Apps' input taps (what each records) are sinks too, but no port: the microphone is not judged here.
        let taps = Set(c.apps.compactMap { c.server.inputSink(app: $0)?.portUID })
        var found: [String] = []
        for sink in c.server.sinks where !allowed.contains(sink.portUID) && !taps.contains(sink.portUID) {
            let peak = (1...max(1, sink.channelCount)).compactMap { sink.level(channel: $0, from: start, to: end)?.peakDBFS }.max()
            if let peak, peak > -50 {
                found.append("\(sink.portUID) sounded at \(Int(peak)) dBFS with no app allowed to sound there")
            }
        }
        return found
    }

    /// ROUTING-LAST-IN-WINS: a newly attached output takes the route from the ones before it
    /// when nothing else decides (no app, or a playback category, without an override).
    static let routeLastInWins = Invariant(
        id: "route-last-in-wins", kind: .platform, requirements: ["ROUTING-LAST-IN-WINS"],
        description: "the route's output is the last output attached, when no app overrides it"
    ) { c in
        guard c.freshVerbs.last == "attach", let newest = c.server.device.ports.last(where: { $0.direction == .output }) else { return [] }
        let playback: Set<SessionCategory> = [.ambient, .soloAmbient, .playback]
        if let controller = c.policy.controllingApp {
            guard playback.contains(c.policy.configuration(of: controller).category),
                  c.policy.routing(of: controller).portOverride == .none else { return [] }
        }
        guard !c.policy.route.outputs.contains(where: { $0.uid == newest.uid }) else { return [] }
        return ["\(newest.portName) arrived last but the route plays to \(c.policy.route.outputs.map(\.portName).joined(separator: ", "))"]
    }

    /// Whether a line of `kind` says the sound may have moved, so a stretch of port audio around it
    /// is not judged: the server restarted, the route or hardware moved, or a session changed
    /// (the `mediaserver.`, `route.`, `hardware.` and `session.` kinds).
    static func movesTheSound(_ kind: TraceKind) -> Bool {
        switch kind {
        case .mediaServerReset, .routeChanged, .routeOverrideReverted, .routePicked, .hardwareChanged,
             .sessionActivated, .sessionDeactivated, .sessionDucked, .sessionSilenced, .sessionNowPlaying, .sessionAlertSpared:
            true
        default: false
        }
    }

    /// Whether, since the steps this checkpoint follows started, the server, route, hardware or a session changed.
    static func soundMoved(in c: Checkpoint) -> Bool {
        c.fresh.contains { i in c.time(i) > c.previousTime && c.records[i].kind.map(movesTheSound) == true }
    }
}
