import Foundation
import SimCore
import VirtualDevices

/// What a failed audio check heard on one channel, in a failure message: the measure the check
/// compares (peak, tone level) as before, then where in the window the sound was and what it was.
///
///     peak -12.0 dBFS (at or above -90.0 dBFS from 2s310ms to 2s800ms: 49 of 200 blocks of 10 ms; loudest at 2s500ms)
///     peak -3.0 dBFS, 1000 Hz at -52.3 dBFS (1 of 20 seconds at or above -40.0 dBFS; weakest from 5s:
///       1000 Hz at -80.1 dBFS, dominant 440 Hz; sound from 1s to 21s)
struct AudioObservation {
    let text: String

    init(_ condition: AudioCondition, _ reading: WatchReading) {
        let peak = reading.peakDBFS
        var text = peak.isFinite ? "peak \(Self.rounded(peak)) dBFS" : "silence"
        switch condition {
        case let .tone(hertz, level), let .noTone(hertz, level):
            text += ", \(hertz) Hz at \(Self.rounded(reading.toneDBFS)) dBFS"
            if let located = Self.seconds(reading, hertz: hertz, level: level, lookForStrongest: !condition.needsPresence) {
                text += " (\(located))"
            }
        case .silent, .sounding, .levelAbove, .levelBelow:
            if let located = Self.blocks(reading, threshold: Self.threshold(condition)) { text += " (\(located))" }
        case .alignedWith:
            break
        }
        self.text = text
    }

    /// Where the 10 ms blocks at or above the threshold were, and the loudest.
    private static func blocks(_ reading: WatchReading, threshold: Double) -> String? {
        guard reading.blocks > 0 else { return nil }
        let loudest = reading.loudest.map { "; loudest at \($0.start)" } ?? ""
        guard let first = reading.firstOver, let last = reading.lastOverEnd else {
            return "below \(rounded(threshold)) dBFS throughout" + loudest
        }
        return "at or above \(rounded(threshold)) dBFS from \(first) to \(last): \(reading.blocksOver) of \(reading.blocks) "
            + "blocks of 10 ms" + loudest
    }

    /// How many seconds held the tone, the weakest (or, for a tone that must be absent, the
    /// strongest) second with its dominant frequency, and where there was sound at all.
    private static func seconds(_ reading: WatchReading, hertz: Int, level: Double, lookForStrongest: Bool) -> String? {
        guard reading.seconds > 0, let second = lookForStrongest ? reading.strongestSecond : reading.weakestSecond else { return nil }
        let dominant = second.dominantHertz.map { ", dominant \(Int($0.rounded())) Hz" } ?? ", no dominant frequency"
        var text = "\(reading.secondsAtLevel) of \(reading.seconds) seconds at or above \(rounded(level)) dBFS; "
            + "\(lookForStrongest ? "strongest" : "weakest") from \(second.start): \(hertz) Hz at "
            + "\(rounded(decibels(second.amplitude))) dBFS\(dominant)"
        if let first = reading.firstOver, let last = reading.lastOverEnd {
            text += "; sound from \(first) to \(last)"
        } else {
            text += "; no sound at or above \(rounded(AudioCondition.soundingDBFS)) dBFS"
        }
        return text
    }

    private static func threshold(_ condition: AudioCondition) -> Double {
        switch condition {
        case .silent: AudioCondition.silenceDBFS
        case let .levelAbove(level), let .levelBelow(level): level
        default: AudioCondition.soundingDBFS
        }
    }

    static func rounded(_ value: Double) -> String {
        value.isFinite ? String(Double((value * 10).rounded()) / 10) : "-inf"
    }
}

extension WatchReading {
    /// The window's peak in dBFS; -inf when nothing was rendered there.
    var peakDBFS: Double { level?.peakDBFS ?? -.infinity }
    /// The tone's level in dBFS; -inf without one.
    var toneDBFS: Double { decibels(toneAmplitude ?? 0) }
}

private func decibels(_ linear: Double) -> Double {
    linear > 0 ? 20 * log10(linear) : -.infinity
}
