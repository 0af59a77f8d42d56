import AudioGraph
import CRealtimeProbe
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Time-pitch engines are real-time safe")
struct TimePitchRealtimeTests {
    /// Each engine made and set on the control side (rate 1.5, +300 cents, stereo, 256-frame
    /// pulls), then rendered for half a second: its render allocates, locks and writes nothing.
    @Test("rendering through every time-pitch engine allocates, locks and writes nothing",
          arguments: TimePitchEngine.allCases)
    func renderIsRealtimeSafe(engine: TimePitchEngine) {
        let kernel = TimePitchKernel(engine: engine)
        kernel.setParameter(TimePitchKernel.rate, 1.5)
        kernel.setParameter(TimePitchKernel.pitch, 300)
        kernel.prepare(sampleRate: 48_000, channelCount: 2, maximumFrames: 256)
        let source = PulledSine(440, channels: 2)
        let output = UnsafeMutablePointer<Float>.allocate(capacity: 512)
        defer { output.deallocate() }
        let channels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)
        defer { channels.deallocate() }
        channels[0] = output
        channels[1] = output + 256
        let pull = source.fill
        // SoundTouch is ready from the first block. Rubber Band allocates and frees one buffer in
        // its first block after every reset (its own doing, measured with the library alone), so
        // its count starts at the second.
        let warmUp = engine == .rubberBandR3 || engine == .rubberBandR3Short ? 1 : 0
        for _ in 0..<warmUp { kernel.render(into: channels, frameCount: 256, pull: pull) }
        rt_probe_watch(pthread_self())
        var peak: Float = 0
        for _ in 0..<94 {
            kernel.render(into: channels, frameCount: 256, pull: pull)
            peak = max(peak, abs(output[100]))
        }
        let counts = rt_probe_stop()
        #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(engine): \(counts)")
        #expect(peak > 0.3, "\(engine): the tone is rendered (peak \(peak))")
    }
}
