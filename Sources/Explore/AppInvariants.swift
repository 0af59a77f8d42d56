import Conformance
import Scenario
import MediaServer
import SimCore

/// The rules for apps, judged for the apps under test only: the conformance report's app rules
/// (over the whole trace at the end of the run) and the reactions the session-activation advice
/// asks for, checked step by step.
extension Invariant {
    public static let app: [Invariant] = reportRules + [
        keptPlayingThroughInterruption, activatedAtLaunch, ignoredSecondaryAudioHint, keptOthersInterrupted, keptOthersDucked,
    ] + audioAPI

    /// The requirement each of the report's app rules stands for.
    static let reportRuleRequirements: [String: [String]] = [
        "resume-without-should-resume": ["SESSION-INTERRUPT-HONOR-SHOULD-RESUME"],
        "left-others-ducked": ["SESSION-ACTIVATE-NONMIXABLE-DEACTIVATE-WHEN-DONE", "SESSION-INTERRUPT-UNDUCK"],
        "ignored-media-services-reset": ["SESSION-RESET-RECONFIGURE"],
        "kept-playing-on-unplug": ["ROUTING-UNPLUG-PAUSES"],
        "no-notify-others": ["SESSION-ACTIVATE-NOTIFY-OTHERS-FLAG", "SESSION-INTERRUPT-NOTIFY-OTHERS"],
    ]

    /// Models a report rule does not judge, by rule: the unplug rule is about media playback
    /// (its own scope: "a call or a DJ's cue mix has its own reasons to keep going"); an
    /// instrument — the synths, and the Inter-App Audio host and nodes a musician plays through —
    /// keeps sounding from the speaker because the user is playing it, turn-by-turn guidance
    /// goes on from the speaker (Maps does), and so does a game's soundtrack and effects (the
    /// game models do not pause on a route change, even when a scenario gives them playback).
    /// The rule's own scope also leaves out the VoIP call and the DJ (their categories are not
    /// playback, but a scenario's `set-category` can make them so: the sweep once judged a call
    /// made in playback), and a recorder has no sound to leak to the speaker.
    ///
    /// Waiting for the user's play before activating is the advice for media playback apps (2014
    /// talk); a game goes active as it comes to the foreground, and so does an instrument, which
    /// the user opens to play at once: neither is judged by `activated-at-launch`.
    static let exemptModels: [String: Set<String>] = [
        "kept-playing-on-unplug": ["synth", "timed-synth", "engine-synth", "iaa-host", "iaa-instrument", "iaa-effect", "navigation",
                                   "game", "openal-game", "midi-keys", "voip", "dj", "recorder"],
        "activated-at-launch": ["synth", "timed-synth", "engine-synth", "iaa-host", "iaa-instrument", "iaa-effect", "midi-keys",
                                "game", "openal-game"],
    ]

    /// Session calls a scenario step makes for an app: the scenario's doing, not the app's (a rule
    /// that points at such a call's own `api.` line is not judging the app).
    static let sessionVerbs = Set(SessionVerb.allCases.map(\.rawValue))

    /// The conformance report's app rules (`AppRules.all`), the same code, over the run's trace at
    /// its end — leaving out what the scenario, not the app, did.
    static let reportRules: [Invariant] = AppRules.all.map { rule in
        Invariant(id: rule.id, kind: .app, requirements: reportRuleRequirements[rule.id] ?? [],
                  description: "the conformance report's app rule \(rule.id)") { c in
            guard c.isEnd else { return [] }
            let exempt = exemptModels[rule.id] ?? []
            return rule.violations(in: c.appTrace).filter { violation in
                c.appsUnderTest.contains(violation.app) && !exempt.contains(model(of: violation.app, in: c) ?? "")
                    && !(c.records[violation.index].kind?.apiCall != nil && sessionVerbs.contains(stepVerb(before: violation.index, in: c) ?? ""))
                    && !(scenarioConfiguredRules.contains(rule.id) && scenarioMadeADucker(before: violation.index, in: c))
            }.map { "\($0.app) \($0.message) (at t=\(HostDuration(nanoseconds: c.time($0.index).nanoseconds)))" }
        }
    }

    /// Rules about what an app's own category options do (ducking others): not judged when a
    /// scenario's `set-category` step gave some app duckOthers — a media player or synth a
    /// scenario made duck others is not a prompt app, and it stays active after a pause by
    /// design. (The report rule names the ducker by timing alone, which is ambiguous when
    /// several apps activate at the same instant, so any such step counts.)
    static let scenarioConfiguredRules: Set<String> = ["left-others-ducked"]

    static func scenarioMadeADucker(before index: Int, in c: Checkpoint) -> Bool {
        (0..<index).contains { i in
            guard case let .api(call) = c.records[i].fact, call.call == .apiSetCategory else { return false }
            return call.names("options").contains("duckOthers") && stepVerb(before: i, in: c) == "set-category"
        }
    }

    /// Whether `app`'s category as of line `index` was set by a scenario step, not by the app.
    static func configuredByScenario(_ app: String, before index: Int, in c: Checkpoint) -> Bool {
        guard let set = (0..<index).last(where: { isCall(.apiSetCategory, by: app, at: $0, in: c) }) else { return false }
        return stepVerb(before: set, in: c) == "set-category"
    }

    /// Whether line `index` is `app`'s session call `call` (`api.setCategory`), whatever it returned.
    static func isCall(_ call: TraceKind, by app: String, at index: Int, in c: Checkpoint) -> Bool {
        if case let .api(record) = c.records[index].fact { record.call == call && record.app == app } else { false }
    }

    /// A reference app's model, from its own `app.<model>.<event>` lines.
    static func model(of app: String, in c: Checkpoint) -> String? {
        c.records.lazy.compactMap { record -> String? in
            if case let .app(event) = record.fact, event.app == app { event.model } else { nil }
        }.first
    }

    /// The `do:` of the last step at or before line `index`, if it ran at the same time.
    static func stepVerb(before index: Int, in c: Checkpoint) -> String? {
        guard let step = (0...index).last(where: { c.isStep($0) }), c.time(step) == c.time(index) else { return nil }
        return c.stepVerb(at: step)
    }

    /// SESSION-INTERRUPT-PLAYERS-PAUSE: a playing app that hears "began" stops (its players were
    /// paused by the system; believing it still plays breaks its resume logic and its UI).
    static let keptPlayingThroughInterruption = Invariant(
        id: "kept-playing-through-interruption", kind: .app,
        requirements: ["SESSION-INTERRUPT-PLAYERS-PAUSE", "SESSION-INTERRUPT-GAME-PAUSE-STATE"],
        description: "a playing app stops when its interruption begins"
    ) { c in
        var found: [String] = []
        for i in c.fresh {
            guard let app = c.interruption(.began, at: i), c.appsUnderTest.contains(app), isPlaying(app, before: i, in: c) else { continue }
            let stopped = c.stepLines(around: i).contains { j in j > i && isAppEvent(c, j, "stopped", of: app) }
            if !stopped { found.append("\(app) kept playing (in its own eyes) through an interruption") }
        }
        return found
    }

    /// SESSION-ACTIVATE-LAUNCH-INACTIVE / -MEDIA-ON-PLAY: launching does not activate; a media app
    /// activating at launch interrupts the user's other audio before the user asked for anything
    /// (games and instruments go active in the foreground: `exemptModels`). The policy reports the
    /// sessions an activation displaces before the `session.activated` line, so the "began" to
    /// another app is looked for in the launch step, after the launch.
    static let activatedAtLaunch = Invariant(
        id: "activated-at-launch", kind: .app, requirements: ["SESSION-ACTIVATE-LAUNCH-INACTIVE", "SESSION-ACTIVATE-MEDIA-ON-PLAY"],
        description: "a media app does not interrupt other audio by activating its session at launch"
    ) { c in
        c.fresh.filter { i in
            guard case let .activated(app) = c.records[i].fact, c.appsUnderTest.contains(app),
                  !(exemptModels["activated-at-launch"] ?? []).contains(model(of: app, in: c) ?? "") else { return false }
            let before = c.sameTime(before: i)
            guard let launch = before.last(where: { c.records[$0].kind == .deviceLaunch && c.app($0) == app }),
                  !before.contains(where: { $0 > launch && c.isStep($0) }) else { return false }
            return c.stepLines(around: i).contains { j in
                j > launch && c.interruption(.began, at: j).map { $0 != app } == true
            }
        }.map { "\(c.app($0) ?? "?") activated its session at launch and interrupted other audio" }
    }

    /// SESSION-HINT / SESSION-HINT-CHECK-ON-ACTIVE: while another app's primary audio plays, a
    /// game playing in the foreground has its soundtrack muted, whether it learnt that from the
    /// "begin" notification or, coming back to the foreground, from the property (the 2014 talk:
    /// "check this property in applicationDidBecomeActive"). Judged on the state after each step:
    /// the hint as the policy gives it, the game's own `soundtrack-muted`/`-unmuted` lines.
    static let ignoredSecondaryAudioHint = Invariant(
        id: "ignored-secondary-audio-hint", kind: .app,
        requirements: ["SESSION-HINT", "SESSION-HINT-CHECK-ON-ACTIVE", "SESSION-HINT-PROPERTY"],
        description: "a game in the foreground mutes its soundtrack while the secondary-audio hint is on"
    ) { c in
        c.apps.filter { app in
            c.appsUnderTest.contains(app.name) && c.policy.lifecycle(of: app) == .foreground && c.policy.isActive(app)
                && c.policy.secondaryAudioShouldBeSilencedHint(for: app) && isPlaying(app.name, before: c.records.count, in: c)
                && playsSoundtrack(app.name, in: c)
        }.map { "\($0.name) plays its soundtrack in the foreground over other apps' primary audio (the hint is on)" }
    }

    /// Whether `app` is a game whose soundtrack is audible, from its own lines since its last
    /// launch (a game starts unmuted; `soundtrack-muted` and `-unmuted` switch it).
    private static func playsSoundtrack(_ app: String, in c: Checkpoint) -> Bool {
        let launch = c.records.indices.last { c.records[$0].kind == .deviceLaunch && c.app($0) == app } ?? 0
        var isGame = false
        var muted = false
        for i in launch..<c.records.count {
            guard let event = c.appEvent(i), event.app == app else { continue }
            if event.model == "game" { isGame = true }
            if event.what == "soundtrack-muted" { muted = true }
            if event.what == "soundtrack-unmuted" { muted = false }
        }
        return isGame && !muted
    }

    /// SESSION-ACTIVATE-NAVIGATION-PROMPT: an app that ducks others deactivates once its prompt
    /// is over, "so that the other audio is able to resume at full volume" (2014 talk). Broken
    /// when, after a step, another app is ducked by an app under test that stopped its own audio
    /// and has stayed active ever since. Ducking the scenario switched on (`set-category`) is not
    /// the app's design, so it is not judged.
    static let keptOthersDucked = Invariant(
        id: "kept-others-ducked", kind: .app,
        requirements: ["SESSION-ACTIVATE-NAVIGATION-PROMPT", "SESSION-DUCK-OTHERS"],
        description: "an app that ducks others deactivates when its prompt is over"
    ) { c in
        let ducked = c.apps.filter { c.policy.isDucked($0) }
        guard !ducked.isEmpty else { return [] }
        return c.apps.filter { app in
            guard c.appsUnderTest.contains(app.name), c.policy.isActive(app), c.policy.configuration(of: app).ducksOthers,
                  ducked.contains(where: { $0 != app }),
                  let stop = c.records.indices.last(where: { isAppEvent(c, $0, "stopped", of: app.name) || isAppEvent(c, $0, "started", of: app.name) }),
                  isAppEvent(c, stop, "stopped", of: app.name) else { return false }
            if configuredByScenario(app.name, before: c.records.count, in: c) { return false }
            return !c.records.indices.contains { $0 > stop && c.records[$0].fact == .activated(app: app.name) }
        }.map { "\($0.name) stopped its audio but stayed active, keeping other audio ducked" }
    }

    /// SESSION-ACTIVATE-NONMIXABLE-DEACTIVATE-WHEN-DONE: an app that interrupted another and then
    /// stopped on its own must deactivate, or the other app never hears "ended". Judged at the end:
    /// the app's session is still active after its last stop. A pause is not "done": a media
    /// player the user paused keeps its session, as the 2014 talk advises media apps. Nor is an
    /// app judged whose category a scenario step set: a mixable app that stays active by design
    /// (an Inter-App Audio host) interrupts others only because the scenario made it non-mixable.
    static let keptOthersInterrupted = Invariant(
        id: "kept-others-interrupted", kind: .app,
        requirements: ["SESSION-ACTIVATE-NONMIXABLE-DEACTIVATE-WHEN-DONE"],
        description: "an app that interrupted others deactivates when it stops its audio"
    ) { c in
        guard c.isEnd else { return [] }
        let systemReasons: Set<String> = ["interruption-began", "media-services-reset", "old-device-unavailable"]
        var found: [String] = []
        for app in c.apps.map(\.name) where c.appsUnderTest.contains(app) && c.policy.isActive(AppID(app)) {
            guard let stop = c.records.indices.last(where: { isAppEvent(c, $0, "stopped", of: app) }),
                  !systemReasons.contains(c.appEvent(stop)?.details["reason"] ?? ""), stepVerb(before: stop, in: c) != "pause",
                  !c.records.indices.contains(where: { $0 > stop && isAppEvent(c, $0, "started", of: app) }),
                  !activatedByScenario(app, in: c), !configuredByScenario(app, before: stop, in: c),
                  interruptedSomeone(app, in: c) else { continue }
            found.append("\(app) stopped but kept its session active, so the app it interrupted cannot resume")
        }
        return found
    }

    /// Whether the session is active now because a scenario step (`activate`, `set-category` …)
    /// made it so: the scenario's doing, not the app's.
    private static func activatedByScenario(_ app: String, in c: Checkpoint) -> Bool {
        guard let last = c.records.indices.last(where: { c.records[$0].fact == .activated(app: app) }) else { return false }
        return sessionVerbs.contains(stepVerb(before: last, in: c) ?? "")
    }

    /// Whether one of `app`'s activations interrupted another app: a "began" to another app in the
    /// same step, when that step is not a system interruption or a crash.
    private static func interruptedSomeone(_ app: String, in c: Checkpoint) -> Bool {
        let systemSteps: Set<String> = ["incoming-call", "alarm", "siri", "media-server-crash"]
        return c.records.indices.contains { i in
            guard c.records[i].fact == .activated(app: app) else { return false }
            let step = c.stepLines(around: i)
            guard !systemSteps.contains(c.stepVerb(at: step.lowerBound) ?? "") else { return false }
            return step.contains { j in c.interruption(.began, at: j).map { $0 != app } == true }
        }
    }

    /// Whether `app`'s model logged `what` (`started`, `stopped`) at line `index`.
    static func isAppEvent(_ c: Checkpoint, _ index: Int, _ what: String, of app: String) -> Bool {
        guard let event = c.appEvent(index) else { return false }
        return event.what == what && event.app == app
    }

    /// From the app's own started/stopped lines; a launch or termination starts it over, stopped.
    static func isPlaying(_ app: String, before index: Int, in c: Checkpoint) -> Bool {
        for i in stride(from: index - 1, through: 0, by: -1) {
            switch c.records[i].fact {
            case let .app(event) where event.app == app && (event.what == "started" || event.what == "stopped"):
                return event.what == "started"
            case let .device(event) where event.app == app && (event.kind == .deviceLaunch || event.kind == .deviceTerminate):
                return false
            default: continue
            }
        }
        return false
    }
}
