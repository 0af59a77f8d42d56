import AudioGraph
import Foundation

/// `AVAudioEnvironmentReverbParameters`: the environment node's one reverb, shared by all its
/// sources. Each mono source sends `reverbBlend` of itself (after distance attenuation and
/// occlusion) to it; the reverb (the AUReverb2 kernel, fully wet, a factory room — mediumHall
/// until another is loaded) runs through `filterParameters` (one EQ band, bypassed until it is
/// switched on) and joins the output at `level` dB. Off by default. Made only by the node.
open class AVAudioEnvironmentReverbParameters: NSObject, @unchecked Sendable {
    /// Default false: no reverb, and every source's direct path at full level whatever its blend.
    public var enable = false
    /// dB, −40 … 40, default 0: the reverb's level in the output.
    public var level: Float = 0 { didSet { level = min(max(level, -40), 40) } }
    /// The filter the reverb output runs through (an `AVAudioUnitEQ` band: bypassed by default).
    public var filterParameters: AVAudioUnitEQFilterParameters { filter.bands[0] }

    let reverb = Reverb2Kernel()
    let filter = AVAudioUnitEQ(numberOfBands: 1)
    /// The sources' sends, mono, then the reverb's stereo output (render side, made in `prepare`).
    private var send: RenderBuffer?
    private var wet: RenderBuffer?
    private var prepared: (rate: Double, frames: Int)?

    override init() {
        reverb.loadFactoryPreset(.avAudioUnitReverbDefault)
        reverb.setParameter(Reverb2Kernel.dryWetMix, 100)
        super.init()
    }

    /// Loads one of `AVAudioUnitReverb`'s factory rooms (the same settings as that unit's).
    public func loadFactoryReverbPreset(_ preset: AVAudioUnitReverbPreset) {
        guard let room = ReverbPreset(rawValue: preset.rawValue) else { return }
        reverb.loadFactoryPreset(room)
        reverb.setParameter(Reverb2Kernel.dryWetMix, 100)
    }

    // MARK: Environment node side

    /// Control side: buffers and kernels for `maximumFrames` at `sampleRate`, stereo.
    func prepare(sampleRate: Double, maximumFrames: Int) {
        guard prepared.map({ $0 != (sampleRate, maximumFrames) }) ?? true, sampleRate > 0 else { return }
        send = RenderBuffer(channelCount: 1, capacity: maximumFrames)
        wet = RenderBuffer(channelCount: 2, capacity: maximumFrames)
        reverb.prepare(sampleRate: sampleRate, channelCount: 2, maximumFrames: maximumFrames)
        filter.kernel.prepare(sampleRate: sampleRate, channelCount: 2, maximumFrames: maximumFrames)
        prepared = (sampleRate, maximumFrames)
    }

    /// Render side: where this pull's sends are summed (cleared), or nil while the reverb is off.
    func beginSends(frames: Int) -> UnsafeMutablePointer<Float>? {
        guard enable, let send else { return nil }
        send.clear(frames: frames)
        return send.channels[0]
    }

    /// Render side: runs the summed sends through the reverb and the filter and adds the result
    /// to the first two channels of `output` at `level` (times `gain`).
    func finishSends(into output: RenderBuffer, frames: Int, gain: Float) {
        guard enable, let send, let wet, let filterKernel = filter.inPlace else { return }
        wet.channels[0].update(from: send.channels[0], count: frames)
        wet.channels[1].update(from: send.channels[0], count: frames)
        reverb.process(wet.channels, frameCount: frames)
        filterKernel.process(wet.channels, frameCount: frames)
        let level = gain * Float(EngineMath.gain(decibels: Double(level)))
        for channel in 0..<min(2, output.channelCount) {
            MixKernel.accumulate(wet.channels[channel], into: output.channels[channel], gain: level, frames: frames)
        }
    }
}
