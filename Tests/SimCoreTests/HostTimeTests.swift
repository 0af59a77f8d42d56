import Testing
@testable import SimCore

@Suite("Integer time")
struct HostTimeTests {
    @Test("duration notation parses the units scenario files use", arguments: [
        ("0", Int64(0)), ("250ms", 250_000_000), ("2s", 2_000_000_000), ("1m30s", 90_000_000_000),
        ("1h", 3_600_000_000_000), ("20us", 20_000), ("5ns", 5), ("1s500ms", 1_500_000_000),
    ])
    func parses(text: String, nanoseconds: Int64) {
        #expect(HostDuration(text)?.nanoseconds == nanoseconds)
        #expect(HostDuration(text)?.description == text)
    }

    @Test("malformed durations are refused", arguments: ["", "1", "ms", "1.5s", "-2s", "30s1m", "1s1s", "2 s", "99999999999999h"])
    func refuses(text: String) {
        #expect(HostDuration(text) == nil)
    }

    @Test("frames and nanoseconds convert exactly at 48 kHz and 44.1 kHz")
    func conversions() {
        let rate48 = SampleRate.hz48000
        #expect(rate48.sampleTime(at: HostTime(nanoseconds: 1_000_000_000)).frames == 48_000)
        #expect(rate48.hostTime(at: SampleTime(frames: 128)).nanoseconds == 2_666_666)
        #expect(rate48.hostTime(at: SampleTime(frames: 128), rounding: .up).nanoseconds == 2_666_667)
        let rate441 = SampleRate.hz44100
        // 1 frame at 44.1 kHz is 22675.73… ns: down and up differ by one.
        #expect(rate441.duration(ofFrames: 1).nanoseconds == 22_675)
        #expect(rate441.duration(ofFrames: 1, rounding: .up).nanoseconds == 22_676)
        // A whole second is exact, and the round trip through frames loses nothing.
        #expect(rate441.frames(in: .seconds(1)) == 44_100)
        let frame = rate441.sampleTime(at: rate441.hostTime(at: SampleTime(frames: 1_234_567), rounding: .up))
        #expect(frame.frames == 1_234_567)
    }

    @Test("a day at 48 kHz converts without overflow")
    func largeValues() {
        let day = HostTime(nanoseconds: 86_400 * 1_000_000_000)
        #expect(SampleRate.hz48000.sampleTime(at: day).frames == 86_400 * 48_000)
    }

    @Test("rational rates reduce and convert exactly")
    func rationalRate() {
        let pulledDown = SampleRate(numerator: 48_000_000, denominator: 1_001)
        #expect(pulledDown.framesPerSecondNumerator == 48_000_000)
        // 1001 s at 48000/1.001 Hz is exactly 48 million frames.
        #expect(pulledDown.sampleTime(at: HostTime(nanoseconds: 1_001_000_000_000)).frames == 48_000_000)
        #expect(SampleRate(numerator: 96_000, denominator: 2) == .hz48000)
    }

    @Test("negative positions round towards the requested direction")
    func negativeRounding() {
        #expect(SampleRate.hz44100.sampleTime(at: HostTime(nanoseconds: -1)).frames == -1)
        #expect(SampleRate.hz44100.sampleTime(at: HostTime(nanoseconds: -1), rounding: .up).frames == 0)
    }
}
