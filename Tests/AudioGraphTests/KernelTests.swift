import AudioGraph
import SimCore
import Testing

@Suite("Render kernels and ramps")
struct KernelTests {
    @Test("a ramp is linear in sample time and then holds its target")
    func rampValues() {
        var timeline = ParameterTimeline(1)
        timeline.ramp(to: 0, at: 100, lengthFrames: 4)
        #expect(timeline.value(at: 99) == 1)
        #expect(timeline.value(at: 100) == 1)
        #expect(timeline.value(at: 101) == 0.75)
        #expect(timeline.value(at: 102) == 0.5)
        #expect(timeline.value(at: 104) == 0)
        #expect(timeline.value(at: 10_000) == 0)
        #expect(timeline.constantValue(from: 0, frames: 100) == 1)
        #expect(timeline.constantValue(from: 0, frames: 101) == nil)
        #expect(timeline.constantValue(from: 104, frames: 64) == 0)
    }

    @Test("a ramp set during another starts from where the first one is at that frame")
    func rampRetarget() {
        var timeline = ParameterTimeline(0)
        timeline.ramp(to: 1, at: 0, lengthFrames: 10)
        timeline.ramp(to: 0, at: 5, lengthFrames: 5)
        #expect(timeline.value(at: 5) == 0.5)
        #expect(timeline.value(at: 10) == 0)
        timeline.discard(before: 7)
        #expect(timeline.value(at: 6) == 0.4)
    }

    @Test("accumulate and scale do the arithmetic they name")
    func mixArithmetic() {
        var out: [Float] = [1, 1, 1]
        let input: [Float] = [1, 2, 3]
        out.withUnsafeMutableBufferPointer { o in
            input.withUnsafeBufferPointer { i in MixKernel.accumulate(i.baseAddress!, into: o.baseAddress!, gain: 0.5, frames: 3) }
            MixKernel.scale(o.baseAddress!, by: 2, frames: 3)
        }
        #expect(out == [3, 4, 5])
        #expect(input.withUnsafeBufferPointer { MixKernel.peak($0.baseAddress!, frames: 3) } == 3)
    }

    @Test("the balance pan law keeps the centre at unity and fades the far side")
    func panLaw() {
        #expect(PanLaw.gain(.left, pan: 0) == 1 && PanLaw.gain(.right, pan: 0) == 1)
        #expect(PanLaw.gain(.left, pan: 1) == 0 && PanLaw.gain(.right, pan: 1) == 1)
        #expect(PanLaw.gain(.left, pan: -0.5) == 1 && PanLaw.gain(.right, pan: -0.5) == 0.5)
    }

    @Test("default channel mapping: mono and stereo to the first two channels, assignments override")
    func channelMap() {
        #expect(ChannelMap.routes(sourceChannels: 1, outputChannels: 8).map(\.outputChannel) == [0, 1])
        #expect(ChannelMap.routes(sourceChannels: 2, outputChannels: 8).map(\.outputChannel) == [0, 1])
        #expect(ChannelMap.routes(sourceChannels: 2, outputChannels: 1).map(\.gain) == [0.5, 0.5])
        #expect(ChannelMap.routes(sourceChannels: 1, outputChannels: 4, assignments: [2]).map(\.outputChannel) == [2])
    }

    @Test("gain and pan ramps, voice starts and stops render identically at every block size")
    func engineBlockInvariance() {
        func run(block: Int) -> [[Float]] {
            let engine = RenderEngine(sampleRate: .hz48000, maxFrames: block)
            let tone = engine.addVoice(.sine(frequency: 441, amplitude: 0.5), at: 300)
            let noise = engine.addVoice(.noise(seed: 7, amplitude: 0.25), at: 0)
            engine.setGain(tone, to: 0.1, at: 2_000, rampFrames: 777)
            engine.setPan(noise, to: -1, at: 5_000, rampFrames: 333)
            engine.removeVoice(noise, at: 9_001)
            engine.install(.compile([
                .init(voice: tone, channels: 1, routes: ChannelMap.routes(sourceChannels: 1, outputChannels: 2)),
                .init(voice: noise, channels: 1, routes: ChannelMap.routes(sourceChannels: 1, outputChannels: 2), gain: 0.5),
            ], outputChannels: 2))
            var out: [[Float]] = [[], []]
            var done = 0
            while done < 12_000 {
                let n = min(block, 12_000 - done)
                engine.render(frames: n)
                for c in 0..<2 { out[c] += engine.output(channel: c, frames: n) }
                done += n
            }
            return out
        }
        let reference = run(block: 1024)
        #expect(reference[0][0..<300].allSatisfy { abs($0) <= 0.125 })
        #expect(reference[1][9_001...].allSatisfy { $0 == reference[1][9_001...].first! } == false)
        for block in [1, 7, 64, 100, 256, 441] { #expect(run(block: block) == reference, "block \(block)") }
    }
}
