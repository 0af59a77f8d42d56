import CSoundTouch

/// SoundTouch through its C API: time stretching by overlapping and adding the stretch of input
/// that best matches what was already played (WSOLA, in the time domain), and pitch shifting by
/// resampling with an anti-alias filter. Cheap (hundreds of times real time per stereo stream),
/// and a steady tone keeps its frequency within 0.03 % and its level. Quick seek finds the match
/// by a coarser search: about twice as fast, at the risk of a worse match on dense material.
///
/// SoundTouch works on interleaved frames, so pulled channels are interleaved on the way in and
/// split on the way out. Its output carries no start padding (it pulls input ahead instead), so
/// it reports no latency; a passage's start and end move by up to a few tens of milliseconds,
/// with the length of its overlap steps.
final class SoundTouchStretcher: TimeStretcher {
    private let handle: HANDLE
    private let channelCount: Int
    private let maximumFrames: Int
    /// Input frames per pull: fixed, so the same output blocks pull the same input blocks.
    private let chunkFrames: Int
    private let input: UnsafeMutablePointer<Float>
    private let inputChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    /// Interleaved frames going in (`chunkFrames`) and coming out (`maximumFrames`).
    private let interleaved: UnsafeMutablePointer<Float>

    init(sampleRate: Double, channelCount: Int, maximumFrames: Int, quickSeek: Bool) {
        self.channelCount = channelCount
        self.maximumFrames = maximumFrames
        chunkFrames = min(256, maximumFrames)
        handle = soundtouch_createInstance()
        _ = soundtouch_setChannels(handle, UInt32(channelCount))
        _ = soundtouch_setSampleRate(handle, UInt32(sampleRate.rounded()))
        _ = soundtouch_setSetting(handle, Int32(CSOUNDTOUCH_SETTING_USE_QUICKSEEK), quickSeek ? 1 : 0)
        input = .allocate(capacity: channelCount * chunkFrames)
        input.initialize(repeating: 0, count: channelCount * chunkFrames)
        inputChannels = .allocate(capacity: channelCount)
        for channel in 0..<channelCount { inputChannels[channel] = input + channel * chunkFrames }
        interleaved = .allocate(capacity: channelCount * max(chunkFrames, maximumFrames))
        interleaved.initialize(repeating: 0, count: channelCount * max(chunkFrames, maximumFrames))
    }

    deinit {
        soundtouch_destroyInstance(handle)
        input.deallocate()
        inputChannels.deallocate()
        interleaved.deallocate()
    }

    /// Sets tempo and pitch. The pitch change rebuilds the anti-alias filter, which allocates:
    /// control side only.
    func configure(rate: Double, pitchScale: Double) {
        soundtouch_setTempo(handle, Float(rate))
        soundtouch_setPitch(handle, Float(pitchScale))
    }

    func reset() { soundtouch_clear(handle) }

    var latency: Double { 0 }

    func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void) {
        var produced = 0
        while produced < frameCount {
            let received = Int(soundtouch_receiveSamples(handle, interleaved, UInt32(min(frameCount - produced, maximumFrames))))
            if received > 0 {
                deinterleave(received, into: channels, at: produced)
                produced += received
                continue
            }
            pull(inputChannels, chunkFrames)
            interleaveInput()
            _ = soundtouch_putSamples(handle, interleaved, UInt32(chunkFrames))
        }
    }

    private func interleaveInput() {
        for channel in 0..<channelCount {
            let source = inputChannels[channel]
            var target = interleaved + channel
            for frame in 0..<chunkFrames {
                target.pointee = source[frame]
                target += channelCount
            }
        }
    }

    private func deinterleave(_ frames: Int, into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, at offset: Int) {
        for channel in 0..<channelCount {
            let target = channels[channel] + offset
            var source = interleaved + channel
            for frame in 0..<frames {
                target[frame] = source.pointee
                source += channelCount
            }
        }
    }
}
