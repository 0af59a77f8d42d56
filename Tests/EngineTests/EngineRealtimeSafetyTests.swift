import CRealtimeProbe
import Foundation
import Foundation
import OpenAVFAudio
import Testing

/// The render path allocates nothing in steady state: counted with the allocation counter
/// (glibc's allocation calls interposed for the test binary, counted per thread).
@Suite("AVAudioEngine render path allocations")
struct EngineRealtimeSafetyTests {
    @Test("ENGINE-REALTIME-SAFE-GOAL: the realtime manual rendering block allocates nothing once the graph is warm")
    func manualBlockAllocatesNothing() throws {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.realtime, format: EngineGraphTests.stereo48, maximumFrameCount: 512)
        let player = AVAudioPlayerNode()
        let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
        let source = AVAudioSourceNode(format: format) { _, _, frameCount, list in
            let data = UnsafeMutableAudioBufferListPointer(list)[0].mData!.assumingMemoryBound(to: Float.self)
            for frame in 0..<Int(frameCount) { data[frame] = 0.1 }
            return 0
        }
        engine.attach(player)
        engine.attach(source)
        let tone = EngineSignals.tone(frequency: 440, seconds: 1, rate: 44_100, channels: 2)
        engine.connect(player, to: engine.mainMixerNode, format: tone.format)   // converted 44.1 → 48 kHz
        engine.connect(source, to: engine.mainMixerNode, format: format)
        player.scheduleBuffer(tone, at: nil, options: .loops)
        try engine.start()
        player.play()
        let block = engine.manualRenderingBlock
        let output = AVAudioPCMBuffer(pcmFormat: EngineGraphTests.stereo48, frameCapacity: 512)!
        let list = output.mutableAudioBufferList
        var status: OSStatus = 0
        for _ in 0..<200 { _ = block(512, list, &status) }
        rt_probe_watch(pthread_self())
        var statuses = 0
        for _ in 0..<400 { statuses += block(512, list, &status).rawValue }
        let allocations = rt_probe_stop().allocations
        #expect(allocations == 0)
        #expect(statuses == 0)
        let left = Array(UnsafeBufferPointer(start: output.floatChannelData![0], count: 512))
        #expect(EngineSignals.peak(left[...]) > 0.3)   // the tone and the source are both there
    }

    @Test("the allocation counter sees an allocation")
    func counterCounts() {
        rt_probe_watch(pthread_self())
        let array = [Int](repeating: 1, count: Int.random(in: 100...200))
        let allocations = rt_probe_stop().allocations
        #expect(allocations >= 1 && array.count >= 100)
    }
}
