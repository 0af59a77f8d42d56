@_spi(Soundcheck) import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing

/// `write(_:toBufferCallback:)`: the speech as buffers, the same as `speak` plays.
@Suite("AVSpeechSynthesizer: write to buffers")
struct SpeechWriteTests {
    @Test("write delivers mono 22 050 Hz 16-bit buffers of speech, then one empty buffer, as long as speak plays")
    func buffersMatchSpeech() throws {
        let text = "Buffers hold the same speech."
        let (samples, buffers) = SpeechSignal.written(AVSpeechSynthesizer(), AVSpeechUtterance(string: text))
        let last = try #require(buffers.last)
        #expect(last.frameLength == 0)
        #expect(buffers.dropLast().allSatisfy { $0.frameLength > 0 })
        for buffer in buffers {
            #expect(buffer.format.sampleRate == 22_050 && buffer.format.channelCount == 1)
            #expect(buffer.format.commonFormat == .pcmFormatInt16)
        }
        let peak = samples.map(abs).max() ?? 0
        #expect(peak > 0.1 && peak <= 1)
        #expect(AVSpeechSynthesisVoice(language: "en-US")?.audioFileSettings[AVSampleRateKey] as? Double == 22_050)

        // speak plays exactly as many frames (to within one IO cycle) between didStart and didFinish.
        let stage = try SpeechStage()
        stage.speak(text)
        stage.device.advance(to: .seconds(5))
        let played = try #require(stage.spokenSeconds)
        #expect(abs(played - Double(samples.count) / 22_050) < 0.012, "\(played) s against \(samples.count) frames")
    }

    @Test("write gives identical samples every time, and follows rate and volume like speak")
    func deterministicAndShaped() throws {
        let synthesizer = AVSpeechSynthesizer()
        let utterance = AVSpeechUtterance(string: "Same text, same samples.")
        let first = SpeechSignal.written(synthesizer, utterance).samples
        _ = SpeechSignal.written(synthesizer, AVSpeechUtterance(string: "Something else in between."))
        let second = SpeechSignal.written(synthesizer, utterance).samples
        #expect(first.elementsEqual(second) && !first.isEmpty)

        let fast = AVSpeechUtterance(string: "Same text, same samples.")
        fast.rate = 0.9
        #expect(SpeechSignal.written(synthesizer, fast).samples.count < first.count * 2 / 3)
        let quiet = AVSpeechUtterance(string: "Same text, same samples.")
        quiet.volume = 0.5
        let quietPeak = SpeechSignal.written(synthesizer, quiet).samples.map(abs).max() ?? 0
        #expect(abs(quietPeak / (first.map(abs).max() ?? 1) - 0.5) < 0.01)
    }

    @Test("on a device, write calls back after it returns, at the current instant, in the format the settings choose")
    func writeOnDevice() throws {
        let device = try SimulatedDevice(seed: 1)
        let synthesizer = try device.launch("Writer") { AVSpeechSynthesizer() }
        var buffers: [AVAudioPCMBuffer] = []
        var markers: [AVSpeechSynthesisMarker] = []
        device.run(as: "Writer") {
            AVSpeechSynthesizer.simulationSettings.writeFormat = .pcmFormatFloat32
            synthesizer.write(AVSpeechUtterance(string: "One two three.")) { buffers.append($0 as! AVAudioPCMBuffer) }
                toMarkerCallback: { markers += $0 }
        }
        #expect(buffers.isEmpty, "nothing before write returns")
        device.advance(by: .milliseconds(1))
        #expect(buffers.last?.frameLength == 0)
        #expect(buffers.first?.format.commonFormat == .pcmFormatFloat32)
        #expect(markers.map(\.mark) == [.word, .word, .word])
        #expect(markers.map(\.textRange) == [NSRange(location: 0, length: 3), NSRange(location: 4, length: 3), NSRange(location: 8, length: 5)])
        let offsets = markers.map(\.byteSampleOffset)
        #expect(offsets[0] == 0 && offsets[0] < offsets[1] && offsets[1] < offsets[2])
        let bytes = buffers.reduce(0) { $0 + Int($1.frameLength) } * 4
        #expect(offsets[2] < bytes)
    }
}
