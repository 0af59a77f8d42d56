import Foundation

/// Meters of what the player rendered: the last 50 ms of the file frames played, times its volume.
extension AVAudioPlayer {
    /// Off by default; meters read −160 dB while off.
    public var isMeteringEnabled: Bool {
        get { meteringEnabled }
        set { meteringEnabled = newValue; meters = [] }
    }

    /// Refreshes the values `averagePower` and `peakPower` return.
    public func updateMeters() {
        guard meteringEnabled, run != nil, !isZombie, let binding, let run else {
            meters = Array(repeating: (MeterLevels.floor, MeterLevels.floor), count: numberOfChannels)
            return
        }
        let frames = audio.frameCount
        let played = binding.server.ioFrames(from: run.startFrame, to: binding.server.ioFrameNow, atRate: run.playbackRate)
        let window = Int(min(played, Int64(audio.sampleRate / 20)))
        let end = Int(position)
        meters = audio.channels.map { channel in
            var samples: ArraySlice<Float>
            if end >= window || loops == 0 {
                samples = channel[max(0, end - window)..<min(end, frames)]
            } else {
                samples = ArraySlice(channel[(frames - (window - end))...] + channel[..<end])
            }
            return MeterLevels.measure(samples, gain: volumeValue)
        }
    }

    /// RMS level in dBFS of channel `channelNumber` (0-based) at the last `updateMeters`.
    public func averagePower(forChannel channelNumber: Int) -> Float {
        meters.indices.contains(channelNumber) ? meters[channelNumber].average : MeterLevels.floor
    }

    /// Peak level in dBFS of channel `channelNumber` (0-based) at the last `updateMeters`.
    public func peakPower(forChannel channelNumber: Int) -> Float {
        meters.indices.contains(channelNumber) ? meters[channelNumber].peak : MeterLevels.floor
    }
}
