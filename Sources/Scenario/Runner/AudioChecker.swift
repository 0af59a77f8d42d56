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

    /// Before the run: output port sinks keep samples and levels only inside the intervals the
    /// scenario's audio checks look at, so memory does not grow with the scenario's duration.
    static func limitCapture(of server: AudioServer, to scenario: Scenario) {
        server.audioMixSettings.captureWindows = scenario.expectations.compactMap { expectation in
            guard case let .audio(check) = expectation.kind else { return nil }
            return check.from..<max(check.from, check.to)
        }
        // Levels over the whole run too, for the report's per-port-channel lanes (`LevelSummary`).
        server.audioMixSettings.levelHorizon = scenario.duration
    }

    func check() -> [ScenarioFailure] {
        scenario.expectations.compactMap { expectation in
            guard case let .audio(check) = expectation.kind else { return nil }
            return failure(of: check).map {
                ScenarioFailure(line: expectation.line, column: expectation.column, message: $0, details: [])
            }
        }
    }

    private func failure(of check: AudioCheck) -> String? {
        let where_ = "\(check.target.label) from \(check.from) to \(check.to)"
        let sink: PortSink
        switch AudioTargetSink.find(check.target, ports: ports, server: server) {
        case let .problem(message): return "\(where_): \(message)"
        case .nothingRendered:
            return check.condition.needsPresence ? "\(where_): expected \(check.condition.summary), but no audio ever reached it" : nil
        case let .sink(found): sink = found
        }
        if case let .alignedWith(other, within) = check.condition { return alignment(of: sink, with: other, within: within, check, where_) }
        let channels = check.channels ?? Array(1...sink.channelCount)
        if let bad = channels.first(where: { $0 > sink.channelCount }) {
            return "\(where_): the port has \(sink.channelCount) channels, not \(bad)"
        }
        let results = channels.map { holds(check, on: sink, channel: $0) }
        let passed = check.condition.needsPresence ? results.contains(true) : !results.contains(false)
        if passed { return nil }
        let observed = channels.map { "channel \($0): \(describe(sink, channel: $0, check))" }.joined(separator: "; ")
        return "\(where_): expected \(check.condition.summary), observed \(observed)"
    }

    private func holds(_ check: AudioCheck, on sink: PortSink, channel: Int) -> Bool {
        let peak = sink.level(channel: channel, from: check.from, to: check.to)?.peakDBFS ?? -.infinity
        switch check.condition {
        case .silent: return peak < AudioCondition.silenceDBFS
        case .sounding: return peak >= AudioCondition.soundingDBFS
        case let .levelAbove(level): return peak >= level
        case let .levelBelow(level): return peak < level
        case let .tone(hertz, level): return toneDBFS(sink, channel, hertz, check) >= level
        case let .noTone(hertz, level): return toneDBFS(sink, channel, hertz, check) < level
        case .alignedWith: return false // checked on both sinks at once (alignment)
        }
    }

    /// Both ports' markers over the interval, matched in order: the largest difference must stay within `within`.
    private func alignment(of sink: PortSink, with other: String, within: HostDuration, _ check: AudioCheck, _ where_: String) -> String? {
        guard case let .sink(otherSink) = AudioTargetSink.find(.port(other), ports: ports, server: server) else {
            return "\(where_): \(other) played nothing to compare with"
        }
        let channel = check.channels?.first ?? 1
        guard let offset = sink.markerOffset(to: otherSink, channel: channel, from: check.from, to: check.to) else {
            return "\(where_): no matching markers on both \(check.target.label) and \(other) to compare"
        }
        return offset <= within ? nil : "\(where_): expected aligned with \(other) within \(within), observed \(offset) apart"
    }

    private func toneDBFS(_ sink: PortSink, _ channel: Int, _ hertz: Int, _ check: AudioCheck) -> Double {
        guard let amplitude = sink.toneAmplitude(atFrequency: Double(hertz), channel: channel, from: check.from, to: check.to),
              amplitude > 0 else { return -.infinity }
        return 20 * log10(amplitude)
    }

    private func describe(_ sink: PortSink, channel: Int, _ check: AudioCheck) -> String {
        let peak = sink.level(channel: channel, from: check.from, to: check.to)?.peakDBFS ?? -.infinity
        var text = peak.isFinite ? "peak \(rounded(peak)) dBFS" : "silence"
        switch check.condition {
        case let .tone(hertz, _), let .noTone(hertz, _):
            text += ", \(hertz) Hz at \(rounded(toneDBFS(sink, channel, hertz, check))) dBFS"
        default:
            break
        }
        return text
    }

    private func rounded(_ value: Double) -> String {
        value.isFinite ? String(Double((value * 10).rounded()) / 10) : "-inf"
    }
}
