import Foundation

/// Meters of the input the recorder hears: the last 50 ms the app's input tap rendered.
extension AVAudioRecorder {
    public var isMeteringEnabled: Bool {
        get { meteringEnabled }
        set { meteringEnabled = newValue; meters = [] }
    }

    public func updateMeters() {
        let channels = Int(format.channelCount)
        guard meteringEnabled, isRecording, let binding,
              let tap = binding.server.inputSink(app: binding.app)?.samples(channel: 1),
              let start = stretches.last?.start else {
            meters = Array(repeating: (MeterLevels.floor, MeterLevels.floor), count: channels)
            return
        }
        let window = Int((binding.server.ioSampleRate?.hertz ?? 48_000) / 20)
        let end = tap.count
        let level = MeterLevels.measure(tap[max(Int(start), end - window, 0)..<max(end, Int(start))], gain: 1)
        meters = Array(repeating: level, count: channels)
    }

    public func averagePower(forChannel channelNumber: Int) -> Float {
        meters.indices.contains(channelNumber) ? meters[channelNumber].average : MeterLevels.floor
    }

    public func peakPower(forChannel channelNumber: Int) -> Float {
        meters.indices.contains(channelNumber) ? meters[channelNumber].peak : MeterLevels.floor
    }
}
