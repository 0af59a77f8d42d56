import AudioFiles
import Foundation
import MediaServer
import OpenAudioToolbox
import OpenAVFAudio
import OpenCoreAudioTypes
import SimCore
import Soundcheck
import Testing

/// Rate and pitch heard at the speaker: an output queue with time-pitch enabled plays through
/// Rubber Band; AudioQueue.h's rules decide what each algorithm may change.
@Suite("Audio Queue time-pitch")
struct AudioQueueTimePitchTests {
    struct Played {
        let sounding: Double
        let frequency: Double
    }

    /// Plays one second of a 440 Hz tone once (enqueued, started, stopped when drained) with the
    /// given time-pitch settings; returns how long the speaker sounded and at what frequency.
    static func play(timePitch: Bool, algorithm: UInt32? = nil, rate: Float = 1, pitch: Float = 0, seed: UInt64) throws -> Played {
        let device = try SimulatedDevice(seed: seed)
        let wav = TestToneFile.wav(frequency: 440, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let pcm = wav.subdata(in: 44..<wav.count)
        try device.launch("Player", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            var format = ConverterTests.format(rate: 44_100, channels: 1, int16Interleaved: true)
            var queue: AudioQueueRef?
            #expect(AudioQueueNewOutput(&format, { _, _, _ in }, nil, nil, nil, 0, &queue) == noErr)
            let aq = try #require(queue)
            var enable: UInt32 = timePitch ? 1 : 0
            #expect(AudioQueueSetProperty(aq, kAudioQueueProperty_EnableTimePitch, &enable, 4) == noErr)
            if var algorithm {
                #expect(AudioQueueSetProperty(aq, kAudioQueueProperty_TimePitchAlgorithm, &algorithm, 4) == noErr)
            }
            #expect(AudioQueueSetParameter(aq, kAudioQueueParam_PlayRate, rate) == noErr)
            #expect(AudioQueueSetParameter(aq, kAudioQueueParam_Pitch, pitch) == noErr)
            var buffer: AudioQueueBufferRef?
            #expect(AudioQueueAllocateBuffer(aq, UInt32(pcm.count), &buffer) == noErr)
            let full = try #require(buffer)
            pcm.withUnsafeBytes { full.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            full.pointee.mAudioDataByteSize = UInt32(pcm.count)
            #expect(AudioQueueEnqueueBuffer(aq, full, 0, nil) == noErr)
            #expect(AudioQueueStart(aq, nil) == noErr)
            #expect(AudioQueueStop(aq, false) == noErr)
        }
        device.advance(to: .milliseconds(2_500))
        let speaker = try #require(device.sink("Speaker"))
        let samples = try #require(speaker.samples(channel: 1))
        let rate = speaker.sampleRate.hertz
        let first = try #require(samples.firstIndex { abs($0) > 0.05 })
        let last = try #require(samples.lastIndex { abs($0) > 0.05 })
        let start = HostTime(nanoseconds: Int64(Double(first) / rate * 1e9) + 100_000_000)
        let frequency = try #require(speaker.dominantFrequency(channel: 1, from: start, to: start + .milliseconds(300)))
        return Played(sounding: Double(last - first) / rate, frequency: frequency)
    }

    /// The same tone through time-pitch at rate 1: Rubber Band's start delay and the asynchronous
    /// stop's wait for it to play out move the edges a little, so durations are compared with this one.
    static func reference() throws -> Played {
        try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, seed: 30)
    }

    @Test("PLAYER-AUDIOQUEUE-TIME-PITCH: with the spectral algorithm, pitch +1200 cents doubles the tone's frequency and keeps its length")
    func pitchOctaveUp() throws {
        let reference = try Self.reference()
        #expect(abs(reference.frequency - 440) < 3 && abs(reference.sounding - 1) < 0.15, "rate 1: \(reference)")
        let played = try Self.play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, pitch: 1200, seed: 31)
        #expect(abs(played.frequency - 880) < 4, "\(played.frequency) Hz")
        #expect(abs(played.sounding - reference.sounding) < 0.03, "\(played.sounding) s against \(reference.sounding) s")
    }

    @Test("PLAYER-AUDIOQUEUE-TIME-PITCH: play rate 2 halves the tone's duration at the same pitch")
    func rateTwoHalvesDuration() throws {
        let reference = try Self.reference()
        let played = try Self.play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, rate: 2, seed: 32)
        // The one-second tone plays in half the time: 0.5 s shorter than at rate 1.
        #expect(abs(reference.sounding - played.sounding - 0.5) < 0.04, "\(played.sounding) s against \(reference.sounding) s")
        #expect(abs(played.frequency - 440) < 3, "\(played.frequency) Hz")
    }

    @Test("PLAYER-AUDIOQUEUE-TIME-PITCH-STOPPED: pitch needs the spectral algorithm, play rate needs time-pitch enabled; varispeed ties pitch to rate")
    func algorithmRules() throws {
        let plain = try Self.play(timePitch: false, rate: 2, pitch: 1200, seed: 33)
        #expect(abs(plain.sounding - 1) < 0.03 && abs(plain.frequency - 440) < 3, "no time-pitch: \(plain)")
        let timeDomain = try Self.play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_TimeDomain, pitch: 1200, seed: 34)
        #expect(abs(timeDomain.frequency - 440) < 3, "pitch ignored by time-domain: \(timeDomain.frequency) Hz")
        let reference = try Self.reference()
        let varispeed = try Self.play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Varispeed, rate: 2, seed: 35)
        #expect(abs(varispeed.frequency - 880) < 4 && abs(reference.sounding - varispeed.sounding - 0.5) < 0.04, "varispeed: \(varispeed)")
    }
}
