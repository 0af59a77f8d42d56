import Foundation
import MediaServer
import SimCore
import VirtualDevices

/// Checks audio expectations against the port sinks after a run: what really reached each port
/// channel, at the render path's output, over the expected interval.
struct AudioChecker {
    let scenario: Scenario
    let server: AudioServer
    /// Every port seen during the run.
    let ports: SeenPorts

    /// Before the run: every audio check becomes a watch (`AudioWatch`) on the sinks of the port
    /// or app it names, measured while the IO writes them; output sinks keep no samples, only
    /// their level envelope over the whole run, for the report's per-port-channel lanes
    /// (`LevelSummary`). Memory does not grow with the run or with the checks' windows.
    static func watch(with server: AudioServer, for scenario: Scenario) {
        var watches: [(target: AudioTarget, watch: AudioWatch)] = []
        for (index, expectation) in scenario.expectations.enumerated() {
            guard case let .audio(check) = expectation.kind else { continue }
            let watch = check.watch(id: index)
            watches.append((check.target, watch))
            // An alignment reads the same markers on the other port.
            if case let .alignedWith(other, _) = check.condition { watches.append((.port(other), watch)) }
        }
        server.audioMixSettings.captureWindows = []
        server.audioMixSettings.levelHorizon = scenario.duration
        server.sinkWatchPlan = SinkWatchPlan { [watches] port, app in
            watches.compactMap { target, watch in
                switch target {
                case let .port(name): port.map { SeenPorts.reference(name, names: $0) } == true ? watch : nil
                case let .recording(name): app?.name == name ? watch : nil
                }
            }
        }
    }

    func check() -> [ScenarioFailure] {
        scenario.expectations.enumerated().compactMap { index, expectation in
            guard case let .audio(check) = expectation.kind else { return nil }
            return failure(of: check, id: index).map {
                ScenarioFailure(line: expectation.line, column: expectation.column, message: $0, details: [])
            }
        }
    }

    private func failure(of check: AudioCheck, id: Int) -> String? {
        let where_ = "\(check.target.label) from \(check.from) to \(check.to)"
        let sink: PortSink
        switch AudioTargetSink.find(check.target, ports: ports, server: server) {
        case let .problem(message): return "\(where_): \(message)"
        case .nothingRendered:
            return check.condition.needsPresence ? "\(where_): expected \(check.condition.summary), but no audio ever reached it" : nil
        case let .sink(found): sink = found
        }
        if case let .alignedWith(other, within) = check.condition { return alignment(of: sink, with: other, within: within, check, id, where_) }
        let channels = check.channels ?? Array(1...sink.channelCount)
        if let bad = channels.first(where: { $0 > sink.channelCount }) {
            return "\(where_): the port has \(sink.channelCount) channels, not \(bad)"
        }
        let readings = channels.map { sink.reading(watch: id, channel: $0) ?? WatchReading() }
        let results = readings.map { holds(check.condition, $0) }
        let passed = check.condition.needsPresence ? results.contains(true) : !results.contains(false)
        if passed { return nil }
        let observed = zip(channels, readings).map { "channel \($0): \(AudioObservation(check.condition, $1).text)" }
        return "\(where_): expected \(check.condition.summary), observed \(observed.joined(separator: "; "))"
    }

    private func holds(_ condition: AudioCondition, _ reading: WatchReading) -> Bool {
        let peak = reading.peakDBFS
        switch condition {
        case .silent: return peak < AudioCondition.silenceDBFS
        case .sounding: return peak >= AudioCondition.soundingDBFS
        case let .levelAbove(level): return peak >= level
        case let .levelBelow(level): return peak < level
        case let .tone(_, level): return reading.toneDBFS >= level
        case let .noTone(_, level): return reading.toneDBFS < level
        case .alignedWith: return false // checked on both sinks at once (alignment)
        }
    }

    /// Both ports' markers over the interval, matched in order: the largest difference must stay within `within`.
    private func alignment(of sink: PortSink, with other: String, within: HostDuration, _ check: AudioCheck, _ id: Int,
                           _ where_: String) -> String? {
        guard case let .sink(otherSink) = AudioTargetSink.find(.port(other), ports: ports, server: server) else {
            return "\(where_): \(other) played nothing to compare with"
        }
        let channel = check.channels?.first ?? 1
        guard let mine = sink.reading(watch: id, channel: channel)?.onsets,
              let theirs = otherSink.reading(watch: id, channel: channel)?.onsets,
              !mine.isEmpty, mine.count == theirs.count else {
            return "\(where_): no matching markers on both \(check.target.label) and \(other) to compare"
        }
        let offset = zip(mine, theirs).map { HostDuration(nanoseconds: abs(($0 - $1).nanoseconds)) }.max()!
        return offset <= within ? nil : "\(where_): expected aligned with \(other) within \(within), observed \(offset) apart"
    }
}

extension AudioCheck {
    /// The watch that measures this check while the run goes: its window, channels, the tone
    /// asked for, and the level whose blocks a failure message locates.
    func watch(id: Int) -> AudioWatch {
        var watch = AudioWatch(id: id, window: from..<max(from, to), channels: channels)
        switch condition {
        case .silent: watch.thresholdDBFS = AudioCondition.silenceDBFS
        case .sounding: watch.thresholdDBFS = AudioCondition.soundingDBFS
        case let .levelAbove(level), let .levelBelow(level): watch.thresholdDBFS = level
        case let .tone(hertz, level), let .noTone(hertz, level):
            (watch.toneHertz, watch.toneLevelDBFS, watch.thresholdDBFS) = (Double(hertz), level, AudioCondition.soundingDBFS)
        case .alignedWith:
            (watch.markers, watch.channels, watch.thresholdDBFS) = (true, [channels?.first ?? 1], AudioCondition.soundingDBFS)
        }
        return watch
    }
}
