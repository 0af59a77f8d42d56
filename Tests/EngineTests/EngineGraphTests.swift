@testable import Conformance
import Foundation
import AVFAudio
import Testing

/// The engine's graph and pull rendering, offline (manual rendering mode). The graph's rules are
/// built-in checks (`EngineNodeChecks`); what stays here is a requirement outside that list.
@Suite("AVAudioEngine graph, offline")
struct EngineGraphTests {
    @Test("ENGINE-SOURCE-NODE-RENDER-BLOCK: an AVAudioSourceNode's render block is pulled with the node's sample times")
    func sourceNode() throws {
        let engine = try EngineSignals.offlineEngine()
        var stamps: [Double] = []
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let source = AVAudioSourceNode(format: format) { isSilence, timeStamp, frameCount, list in
            let buffers = UnsafeMutableAudioBufferListPointer(list)
            let data = buffers[0].mData!.assumingMemoryBound(to: Float.self)
            let start = timeStamp.pointee.mSampleTime
            for frame in 0..<Int(frameCount) {
                data[frame] = 0.5 * Float(sin(2 * Double.pi * 440 * (start + Double(frame)) / 48_000))
            }
            stamps.append(start)
            isSilence.pointee = false
            return 0
        }
        engine.attach(source)
        engine.connect(source, to: engine.mainMixerNode, format: format)
        try engine.start()
        let out = try EngineSignals.renderOffline(engine, seconds: 0.5, chunk: 480)
        let everyChunk: [Double] = (0..<50).map { (chunk: Int) -> Double in Double(chunk * 480) }
        #expect(stamps == everyChunk)
        let expected = EngineSignals.tone(frequency: 440, seconds: 0.5)
        let difference = zip(EngineSignals.samples(out, channel: 1), EngineSignals.samples(expected, channel: 0)).map { abs($0 - $1) }.max()!
        #expect(difference < 1e-5)
    }
}
