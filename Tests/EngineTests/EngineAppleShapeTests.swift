@testable import BuiltInChecks
@testable import Conformance
import AudioToolbox
import Foundation
import AVFAudio
import Testing

/// Code written against Apple's Swift shapes of the engine classes, which the SDK's symbol lists
/// showed ours lacked: it compiles here and the device answers as a real one would.
@Suite("AVAudioEngine classes, Apple's shapes")
struct EngineAppleShapeTests {
    /// An app's synthesizer as apps write it on iOS: a subclass of AVAudioSourceNode that keeps
    /// its oscillator with the node.
    final class SineNode: AVAudioSourceNode, @unchecked Sendable {
        final class Oscillator: @unchecked Sendable {
            var phase = 0.0
            let step: Double
            init(frequency: Double) { step = 2 * Double.pi * frequency / 48_000 }
        }
        let oscillator: Oscillator

        init(frequency: Double) {
            let oscillator = Oscillator(frequency: frequency)
            self.oscillator = oscillator
            super.init(format: EngineSignals.mono48) { isSilence, _, frameCount, list in
                let data = UnsafeMutableAudioBufferListPointer(list)[0].mData!.assumingMemoryBound(to: Float.self)
                for frame in 0..<Int(frameCount) {
                    data[frame] = 0.5 * Float(sin(oscillator.phase))
                    oscillator.phase += oscillator.step
                }
                isSilence.pointee = false
                return noErr
            }
        }
    }

    @Test("a subclass of AVAudioSourceNode renders its own oscillator: a 440 Hz tone at 0.5 at the output")
    func sourceNodeSubclass() throws {
        let engine = try EngineSignals.offlineEngine(format: EngineSignals.mono48)
        let node = SineNode(frequency: 440)
        engine.attach(node)
        engine.connect(node, to: engine.mainMixerNode, format: EngineSignals.mono48)
        try engine.start()
        let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.5), channel: 0)
        #expect(abs(EngineSignals.frequency(out[4800...], around: 440) - 440) <= 1)
        #expect(abs(EngineSignals.amplitude(out[4800...], frequency: 440, rate: 48_000) - 0.5) < 0.01)
    }

    @Test("AVAudioUnitTimePitch(audioComponentDescription:) is AUNewTimePitch: +1200 cents turns 440 Hz into 880 Hz at the port")
    func timePitchFromDescription() throws {
        let description = AudioComponentDescription(componentType: kAudioUnitType_FormatConverter, componentSubType: kAudioUnitSubType_NewTimePitch,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        let timePitch = AVAudioUnitTimePitch(audioComponentDescription: description)
        #expect(timePitch.name == "AUNewTimePitch" && timePitch.rate == 1 && timePitch.overlap == 8)
        timePitch.pitch = 1200
        let out = try EngineSignals.render(through: timePitch, EngineSignals.tone(frequency: 440, seconds: 2), seconds: 1.5, loops: true)
        #expect(abs(EngineSignals.frequency(out[24_000...], around: 880) - 880) <= 3)
    }

    @Test("AVAudioFormat() is the empty format: no rate, no channels, not a common format, not standard")
    func emptyFormat() {
        let format = AVAudioFormat()
        #expect(format.sampleRate == 0 && format.channelCount == 0)
        #expect(format.commonFormat == .otherFormat && !format.isStandard)
        #expect(format.streamDescription.pointee.mFormatID == 0)
    }
}
