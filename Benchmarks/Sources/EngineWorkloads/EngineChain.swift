import EffectWorkloads
import Foundation
import AVFAudio

/// `EffectChain`'s work done the way an app does it with `AVAudioEngine`: 32 `AVAudioPlayerNode`s,
/// each looping its voice through its own `AVAudioUnitEQ` (the same four parametric bands), into a
/// submix `AVAudioMixerNode`, through an `AVAudioUnitReverb` (medium hall, 50 % wet) into the main
/// mixer, rendered offline with manual rendering (`renderOffline`) in pulls of `blockFrames`.
///
/// The same work for sox is `EffectChain.soxCommand`: each voice through `equalizer` ×4, mixed
/// with `sox -m` (each input scaled by 1/32, which the players' `volume` does here), then
/// `channels 2 reverb 50`.
public final class EngineChain {
    public let engine = AVAudioEngine()
    public let blockFrames: AVAudioFrameCount
    public let players: [AVAudioPlayerNode]
    /// Where each render lands: stereo float at 48 kHz.
    public let output: AVAudioPCMBuffer

    public init(voices: [[Float]], blockFrames: AVAudioFrameCount = 256) throws {
        precondition(voices.count == EffectChain.voiceCount)
        self.blockFrames = blockFrames
        let stereo = AVAudioFormat(standardFormatWithSampleRate: EffectChain.sampleRate, channels: 2)!
        let mono = AVAudioFormat(standardFormatWithSampleRate: EffectChain.sampleRate, channels: 1)!
        try engine.enableManualRenderingMode(.offline, format: stereo, maximumFrameCount: blockFrames)
        output = AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: blockFrames)!

        let submix = AVAudioMixerNode()
        let reverb = AVAudioUnitReverb()
        reverb.loadFactoryPreset(.mediumHall)
        reverb.wetDryMix = EffectChain.reverbWetDryMix
        engine.attach(submix)
        engine.attach(reverb)
        engine.connect(submix, to: reverb, format: stereo)
        engine.connect(reverb, to: engine.mainMixerNode, format: stereo)

        let engine = self.engine
        players = voices.map { samples in
            let player = AVAudioPlayerNode()
            let equalizer = Self.equalizer()
            engine.attach(player)
            engine.attach(equalizer)
            engine.connect(player, to: equalizer, format: mono)
            engine.connect(equalizer, to: submix, format: mono)
            player.volume = 1 / Float(EffectChain.voiceCount)
            player.scheduleBuffer(Self.buffer(samples, format: mono), at: nil, options: .loops)
            return player
        }
        try engine.start()
        for player in players { player.play() }
    }

    /// An EQ with `EffectChain.bands`, every band switched on.
    static func equalizer() -> AVAudioUnitEQ {
        let equalizer = AVAudioUnitEQ(numberOfBands: EffectChain.bands.count)
        for (band, settings) in zip(equalizer.bands, EffectChain.bands) {
            band.filterType = .parametric
            band.frequency = settings.frequency
            band.bandwidth = settings.bandwidth
            band.gain = settings.gain
            band.bypass = false
        }
        return equalizer
    }

    static func buffer(_ samples: [Float], format: AVAudioFormat) -> AVAudioPCMBuffer {
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(samples.count))!
        buffer.frameLength = AVAudioFrameCount(samples.count)
        samples.withUnsafeBufferPointer { buffer.floatChannelData![0].update(from: $0.baseAddress!, count: samples.count) }
        return buffer
    }

    /// Renders `cycles` pulls of `blockFrames`; returns a checksum so the work is not optimised away.
    @inline(never)
    public func render(cycles: Int) throws -> Float {
        var checksum: Float = 0
        let last = Int(blockFrames) - 1
        for _ in 0..<cycles {
            let status = try engine.renderOffline(blockFrames, to: output)
            precondition(status == .success, "renderOffline: \(status)")
            checksum += output.floatChannelData![0][0] + output.floatChannelData![1][last]
        }
        return checksum
    }
}
