import AVFAudio
import Testing

/// AVAudioTime behaves as AVAudioTime, AVAudioTime.h documents, with host time in simulation nanoseconds.
@Suite("AVAudioTime")
struct TimeTests {
    @Test("TIME-VALIDITY: each initializer marks exactly the times it was given as valid")
    func validity() {
        let sample = AVAudioTime(sampleTime: 480, atRate: 48_000)
        #expect(sample.isSampleTimeValid && !sample.isHostTimeValid && sample.sampleTime == 480 && sample.sampleRate == 48_000)
        let host = AVAudioTime(hostTime: 1_000)
        #expect(host.isHostTimeValid && !host.isSampleTimeValid && host.hostTime == 1_000)
        let both = AVAudioTime(hostTime: 5, sampleTime: 6, atRate: 44_100)
        #expect(both.isHostTimeValid && both.isSampleTimeValid)
    }

    @Test("TIME-HOST-NANOSECONDS: host time is nanoseconds of the simulation clock")
    func hostTicks() {
        #expect(AVAudioTime.hostTime(forSeconds: 1.5) == 1_500_000_000)
        #expect(AVAudioTime.seconds(forHostTime: 250_000_000) == 0.25)
        #expect(AVAudioTime.hostTime(forSeconds: -1) == 0)
    }

    @Test("TIME-EXTRAPOLATE: fills the missing time from an anchor that has both")
    func extrapolate() throws {
        let anchor = AVAudioTime(hostTime: 2_000_000_000, sampleTime: 96_000, atRate: 48_000)
        let later = try #require(AVAudioTime(sampleTime: 144_000, atRate: 48_000).extrapolateTime(fromAnchor: anchor))
        #expect(later.isHostTimeValid && later.hostTime == 3_000_000_000 && later.sampleTime == 144_000)
        let atOtherRate = try #require(AVAudioTime(sampleTime: 44_100, atRate: 44_100).extrapolateTime(fromAnchor: anchor))
        #expect(atOtherRate.hostTime == 1_000_000_000)
        #expect(AVAudioTime(sampleTime: 0, atRate: 48_000).extrapolateTime(fromAnchor: AVAudioTime(hostTime: 1)) == nil)
        #expect(AVAudioTime(hostTime: 3_000_000_000).extrapolateTime(fromAnchor: anchor) == nil, "no sample rate")
    }

    @Test("TIME-TYPEALIASES: frame positions are Int64 and counts UInt32")
    func typealiases() {
        #expect(AVAudioFramePosition.self == Int64.self)
        #expect(AVAudioFrameCount.self == UInt32.self)
    }
}

extension TimeTests {
    @Test("TIME-TIMESTAMP: audioTimeStamp flags mirror the valid times, and a timestamp rebuilds the time")
    func timeStamp() {
        let both = AVAudioTime(hostTime: 42, sampleTime: 480, atRate: 48_000)
        var stamp = both.audioTimeStamp
        #expect(stamp.mFlags == .sampleHostTimeValid && stamp.mFlags.rawValue == 3)
        #expect(stamp.mSampleTime == 480 && stamp.mHostTime == 42)
        let rebuilt = AVAudioTime(audioTimeStamp: &stamp, sampleRate: 48_000)
        #expect(rebuilt.isHostTimeValid && rebuilt.isSampleTimeValid && rebuilt.sampleTime == 480 && rebuilt.hostTime == 42)
        #expect(AVAudioTime(hostTime: 7).audioTimeStamp.mFlags == .hostTimeValid)
    }
}
