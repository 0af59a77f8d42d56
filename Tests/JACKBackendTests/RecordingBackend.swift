import MediaServer
import SimCore

/// The simulation arm: an `IOBackend` that keeps every output port channel's samples by IO frame,
/// at the same rate and period a JACK server would impose, and notes every rate it rendered at.
final class RecordingBackend: IOBackend, @unchecked Sendable {
    let sampleRate: Int
    let periodFrames: Int
    private(set) var samples: [String: [Float]] = [:]
    private(set) var ratesSeen: Set<Int> = []

    init(sampleRate: Int, periodFrames: Int) {
        self.sampleRate = sampleRate
        self.periodFrames = periodFrames
    }

    static func key(uid: String, channel: Int) -> String { "\(uid)#\(channel)" }

    func attach(to server: AudioServer) {}

    func ioRendered(_ output: IOCycleOutput) {
        ratesSeen.insert(output.sampleRate.integralHertz.map(Int.init) ?? 0)
        for slot in 0..<output.slotCount where !output.isInputTap(slot: slot) {
            for channel in 0..<output.channelCount(slot: slot) {
                let key = Self.key(uid: output.portUID(slot: slot), channel: channel + 1)
                var kept = samples[key] ?? []
                samples[key] = nil
                let first = Int(output.firstFrame)
                if kept.count < first { kept.append(contentsOf: repeatElement(0, count: first - kept.count)) }
                kept.append(contentsOf: output.samples(slot: slot, channel: channel))
                samples[key] = kept
            }
        }
    }

    /// Channel `channel` (1-based) of port `uid`, frames `[0, count)`: silence where nothing was rendered.
    func channel(uid: String, channel: Int, count: Int) -> [Float] {
        let kept = samples[Self.key(uid: uid, channel: channel)] ?? []
        return Array(kept.prefix(count)) + Array(repeating: 0, count: max(0, count - kept.count))
    }
}
