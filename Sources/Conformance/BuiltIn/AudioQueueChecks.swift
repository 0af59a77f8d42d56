import AudioFiles
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import VirtualDevices

/// Audio Queue output as apps use it: the hardware-codec policy and its misuse codes, the
/// software-codec queue that is simply restarted after an interruption (WWDC 2010 session 412),
/// and time-pitch (WWDC 2013 session 602) heard at the speaker through Rubber Band.
enum AudioQueueChecks {
    /// 16-bit interleaved linear PCM, `channels` at `rate`.
    static func int16Format(rate: Double, channels: UInt32 = 1) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                    mBytesPerPacket: 2 * channels, mFramesPerPacket: 1, mBytesPerFrame: 2 * channels,
                                    mChannelsPerFrame: channels, mBitsPerChannel: 16, mReserved: 0)
    }

    /// A looping MP3 of a `frequency` tone, four seconds long.
    static func mp3Player(frequency: Int) throws -> AudioQueueFilePlayer {
        AudioQueueFilePlayer(data: try TestToneFile.mp3(frequency: frequency, amplitude: 0.5, seconds: 4), format: AudioQueueFilePlayer.mp3Format())
    }

    /// Launches `name` with `category`, its player started; returns the start's status.
    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category,
                       player: AudioQueueFilePlayer, handlesHardware: Bool = true) throws -> OSStatus {
        try device.launch(name, backgroundAudio: true) { () throws -> OSStatus in
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
            player.observeInterruptions(usesHardwareCodec: handlesHardware)
            return player.play()
        }
    }

    static func rms(_ device: SimulatedDevice, from: HostTime, to: HostTime) throws -> Double {
        try CheckProbe.required(device.sink("Speaker")?.level(channel: 1, from: from, to: to), "the speaker's level").rms
    }

    /// A mono 16-bit 44.1 kHz output queue looping one second of a `frequency` tone in one
    /// buffer the callback re-enqueues; `configure` runs before it starts (its two statuses are
    /// returned with the start's). Call in the app's code.
    static func loopingToneQueue(frequency: Int, _ configure: (AudioQueueRef) -> (OSStatus, OSStatus)) throws -> (OSStatus, OSStatus, OSStatus) {
        let wav = TestToneFile.wav(frequency: frequency, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let pcm = wav.subdata(in: 44..<wav.count)
        var format = int16Format(rate: 44_100)
        var queue: AudioQueueRef?
        let created = AudioQueueNewOutput(&format, { _, queue, buffer in _ = AudioQueueEnqueueBuffer(queue, buffer, 0, nil) },
                                          nil, nil, nil, 0, &queue)
        guard created == noErr, let queue else { throw CheckAbort(message: "AudioQueueNewOutput: \(created)") }
        var buffer: AudioQueueBufferRef?
        _ = AudioQueueAllocateBuffer(queue, UInt32(pcm.count), &buffer)
        let full = try CheckProbe.required(buffer, "the buffer")
        pcm.withUnsafeBytes { full.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        full.pointee.mAudioDataByteSize = UInt32(pcm.count)
        _ = AudioQueueEnqueueBuffer(queue, full, 0, nil)
        let (first, second) = configure(queue)
        return (first, second, AudioQueueStart(queue, nil))
    }

    /// What the speaker heard of one played tone: how long it sounded and at what frequency.
    struct Played: CustomStringConvertible {
        let sounding: Double
        let frequency: Double
        var description: String { "\(sounding) s at \(frequency) Hz" }
    }

    /// Plays one second of a 440 Hz tone once (enqueued, started, stopped when drained) with the
    /// given time-pitch settings; every call's status must be noErr.
    static func play(timePitch: Bool, algorithm: UInt32? = nil, rate: Float = 1, pitch: Float = 0, seed: UInt64,
                     platform: PlatformProfile) throws -> Played {
        let device = try SimulatedDevice(profile: "iphone", platform: platform, seed: seed)
        let wav = TestToneFile.wav(frequency: 440, amplitude: 0.5, sampleRate: 44_100, seconds: 1)
        let pcm = wav.subdata(in: 44..<wav.count)
        let statuses = try device.launch("Player", backgroundAudio: true) { () throws -> [OSStatus] in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            var format = int16Format(rate: 44_100)
            var queue: AudioQueueRef?
            var statuses = [AudioQueueNewOutput(&format, { _, _, _ in }, nil, nil, nil, 0, &queue)]
            let aq = try CheckProbe.required(queue, "the queue")
            var enable: UInt32 = timePitch ? 1 : 0
            statuses.append(AudioQueueSetProperty(aq, kAudioQueueProperty_EnableTimePitch, &enable, 4))
            if var algorithm { statuses.append(AudioQueueSetProperty(aq, kAudioQueueProperty_TimePitchAlgorithm, &algorithm, 4)) }
            statuses.append(AudioQueueSetParameter(aq, kAudioQueueParam_PlayRate, rate))
            statuses.append(AudioQueueSetParameter(aq, kAudioQueueParam_Pitch, pitch))
            var buffer: AudioQueueBufferRef?
            statuses.append(AudioQueueAllocateBuffer(aq, UInt32(pcm.count), &buffer))
            let full = try CheckProbe.required(buffer, "the buffer")
            pcm.withUnsafeBytes { full.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            full.pointee.mAudioDataByteSize = UInt32(pcm.count)
            statuses.append(AudioQueueEnqueueBuffer(aq, full, 0, nil))
            statuses.append(AudioQueueStart(aq, nil))
            statuses.append(AudioQueueStop(aq, false))
            return statuses
        }
        guard statuses.allSatisfy({ $0 == noErr }) else { throw CheckAbort(message: "a queue call failed: \(statuses)") }
        device.advance(to: .milliseconds(2_500))
        let speaker = try CheckProbe.required(device.sink("Speaker"), "the speaker")
        let samples = try CheckProbe.required(speaker.samples(channel: 1), "the speaker's samples")
        let hertz = speaker.sampleRate.hertz
        let first = try CheckProbe.required(samples.firstIndex { abs($0) > 0.05 }, "the tone's start")
        let last = try CheckProbe.required(samples.lastIndex { abs($0) > 0.05 }, "the tone's end")
        let start = HostTime(nanoseconds: Int64(Double(first) / hertz * 1e9) + 100_000_000)
        let frequency = try CheckProbe.required(speaker.dominantFrequency(channel: 1, from: start, to: start + .milliseconds(300)), "the frequency")
        return Played(sounding: Double(last - first) / hertz, frequency: frequency)
    }

    /// The same tone through time-pitch at rate 1: Rubber Band's start delay and the asynchronous
    /// stop's wait for it to play out move the edges a little, so durations are compared with this one.
    static func reference(_ platform: PlatformProfile) throws -> Played {
        try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, seed: 30, platform: platform)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-INTERRUPT-AUDIOQUEUE-SOFTWARE-CODEC"], "a software-codec queue is simply restarted after the interruption") { p in
            let device = try p.device()
            let radio = try mp3Player(frequency: 700)
            radio.codecPolicy = kAudioQueueHardwareCodecPolicy_UseSoftwareOnly
            p.expect(try launch(device, "Radio", category: .playback, player: radio, handlesHardware: false), equals: noErr, "the queue starts")
            device.advance(to: .seconds(1))
            try device.perform(.incomingCall(caller: "Mum"))
            device.advance(to: .seconds(2))
            try device.perform(.declineCall)
            device.advance(to: .seconds(3))
            p.expect(radio.lastStatus, equals: noErr, "the restart's status")
            p.expect(radio.runningChanges, equals: [1, 0, 1], "IsRunning: started, stopped by the call, restarted")
            let during = try rms(device, from: .milliseconds(1200), to: .milliseconds(1900))
            let after = try rms(device, from: .milliseconds(2300), to: .milliseconds(2900))
            p.expect(during < 0.001, "silent during the call: \(during)")
            p.expect(after > 0.3, "heard again after it: \(after)")
        },
        BuiltInCheck(["PLAYER-AUDIOQUEUE-CODEC-POLICY"], "a hardware-only policy in a mixable category fails Prime and Start; the other misuse codes") { p in
            let device = try p.device()
            try device.launchApp("Game", .ambient)
            let codes = try device.run(as: "Game") { () throws -> [(OSStatus, OSStatus, String)] in
                var codes: [(OSStatus, OSStatus, String)] = []
                var opus = AudioQueueFilePlayer.mp3Format()
                opus.mFormatID = kAudioFormatOpus
                var queue: AudioQueueRef?
                let callback: AudioQueueOutputCallback = { _, _, _ in }
                codes.append((AudioQueueNewOutput(&opus, callback, nil, nil, nil, 0, &queue), kAudioQueueErr_CodecNotFound, "Opus has no codec"))
                var mp3 = AudioQueueFilePlayer.mp3Format()
                codes.append((AudioQueueNewOutput(&mp3, callback, nil, nil, nil, 0, &queue), noErr, "an MP3 queue"))
                let aq = try CheckProbe.required(queue, "the MP3 queue")
                var hardwareOnly = kAudioQueueHardwareCodecPolicy_UseHardwareOnly
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_HardwareCodecPolicy, &hardwareOnly, 4), noErr, "hardware only"))
                var bad: UInt32 = 9
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_HardwareCodecPolicy, &bad, 4), kAudioQueueErr_InvalidPropertyValue, "policy 9"))
                var buffer: AudioQueueBufferRef?
                codes.append((AudioQueueAllocateBuffer(aq, 4096, &buffer), noErr, "a buffer"))
                let empty = try CheckProbe.required(buffer, "the buffer")
                codes.append((AudioQueueEnqueueBuffer(aq, empty, 0, nil), kAudioQueueErr_BufferEmpty, "an empty buffer"))
                // Ambient is mixable: the hardware codec is not permitted, and the policy demands it.
                codes.append((AudioQueuePrime(aq, 0, nil), kAudioQueueErr_InvalidCodecAccess, "Prime without the hardware codec"))
                codes.append((AudioQueueStart(aq, nil), kAudioQueueErr_InvalidCodecAccess, "Start without the hardware codec"))
                var soft = kAudioQueueHardwareCodecPolicy_UseSoftwareOnly
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_HardwareCodecPolicy, &soft, 4), noErr, "software only"))
                codes.append((AudioQueueStart(aq, nil), noErr, "Start in software"))
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_HardwareCodecPolicy, &soft, 4), kAudioQueueErr_InvalidRunState,
                              "the policy while running"))
                var one: UInt32 = 1
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_EnableTimePitch, &one, 4), kAudioQueueErr_InvalidRunState,
                              "time-pitch while running"))
                codes.append((AudioQueueSetProperty(aq, 0x7878_7878, &one, 4), kAudioQueueErr_InvalidProperty, "an unknown property"))
                codes.append((AudioQueueSetParameter(aq, 99, 1), kAudioQueueErr_InvalidParameter, "an unknown parameter"))
                codes.append((AudioQueueStop(aq, true), noErr, "Stop"))
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_EnableTimePitch, &one, 4), noErr, "time-pitch when stopped"))
                var spectral = kAudioQueueTimePitchAlgorithm_Spectral
                codes.append((AudioQueueSetProperty(aq, kAudioQueueProperty_TimePitchAlgorithm, &spectral, 4), noErr, "the spectral algorithm"))
                var stamp = AudioTimeStamp()
                codes.append((AudioQueueGetCurrentTime(aq, nil, &stamp, nil), kAudioQueueErr_InvalidRunState, "the time of a stopped queue"))
                var other: AudioQueueRef?
                codes.append((AudioQueueNewOutput(&mp3, callback, nil, nil, nil, 0, &other), noErr, "a second queue"))
                let second = try CheckProbe.required(other, "the second queue")
                codes.append((AudioQueueEnqueueBuffer(second, empty, 0, nil), kAudioQueueErr_InvalidBuffer, "another queue's buffer"))
                codes.append((AudioQueueDispose(aq, true), noErr, "Dispose"))
                codes.append((AudioQueueDispose(second, true), noErr, "Dispose the second"))
                return codes
            }
            for (actual, expected, what) in codes { p.expect(actual, equals: expected, what) }
        },
        BuiltInCheck(["PLAYER-AUDIOQUEUE-TIME-PITCH-STOPPED"],
                     "time-pitch and its algorithm are set only on a stopped queue; the play rate stays within 0.5…2") { p in
            let device = try p.device()
            let wav = TestToneFile.wav(frequency: 440, sampleRate: 44_100, seconds: 1)
            let player = AudioQueueFilePlayer(data: wav.subdata(in: 44..<wav.count), format: int16Format(rate: 44_100))
            p.expect(try launch(device, "Player", category: .playback, player: player), equals: noErr, "the queue starts")
            let results = try device.run(as: "Player") { () throws -> [(Float64, Float64, String)] in
                let queue = try CheckProbe.required(player.queue, "the queue")
                var one: UInt32 = 1
                var algorithm = kAudioQueueTimePitchAlgorithm_Spectral
                var results: [(Float64, Float64, String)] = [
                    (Float64(AudioQueueSetProperty(queue, kAudioQueueProperty_EnableTimePitch, &one, 4)), Float64(kAudioQueueErr_InvalidRunState),
                     "EnableTimePitch while running"),
                    (Float64(AudioQueueSetProperty(queue, kAudioQueueProperty_TimePitchAlgorithm, &algorithm, 4)), Float64(kAudioQueueErr_InvalidRunState),
                     "TimePitchAlgorithm while running"),
                    (Float64(AudioQueueStop(queue, true)), 0, "Stop"),
                    (Float64(AudioQueueSetProperty(queue, kAudioQueueProperty_EnableTimePitch, &one, 4)), 0, "EnableTimePitch when stopped"),
                    (Float64(AudioQueueSetProperty(queue, kAudioQueueProperty_TimePitchAlgorithm, &algorithm, 4)), 0, "TimePitchAlgorithm when stopped"),
                ]
                var value: UInt32 = 0
                var size: UInt32 = 4
                _ = AudioQueueGetProperty(queue, kAudioQueueProperty_EnableTimePitch, &value, &size)
                results.append((Float64(value), 1, "EnableTimePitch reads 1"))
                var rate: AudioQueueParameterValue = 0
                _ = AudioQueueSetParameter(queue, kAudioQueueParam_PlayRate, 3)
                _ = AudioQueueGetParameter(queue, kAudioQueueParam_PlayRate, &rate)
                results.append((Float64(rate), 2, "play rate 3 is held at 2"))
                _ = AudioQueueSetParameter(queue, kAudioQueueParam_PlayRate, 0.1)
                _ = AudioQueueGetParameter(queue, kAudioQueueParam_PlayRate, &rate)
                results.append((Float64(rate), 0.5, "play rate 0.1 is held at 0.5"))
                return results
            }
            for (actual, expected, what) in results { p.expect(actual, equals: expected, what) }
        },
        BuiltInCheck(["PLAYER-AUDIOQUEUE-TIME-PITCH"],
                     "with the spectral algorithm pitch +1200 cents doubles a tone's frequency at the same length, and rate 2 halves its length at the same pitch") { p in
            let reference = try reference(p.platform)
            p.expect(abs(reference.frequency - 440) < 3 && abs(reference.sounding - 1) < 0.15, "rate 1: \(reference)")
            let octave = try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, pitch: 1200, seed: 31, platform: p.platform)
            p.expect(abs(octave.frequency - 880) < 4, "pitch +1200: \(octave.frequency) Hz")
            p.expect(abs(octave.sounding - reference.sounding) < 0.03, "pitch +1200 keeps the length: \(octave.sounding) s against \(reference.sounding) s")
            let fast = try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Spectral, rate: 2, seed: 32, platform: p.platform)
            p.expect(abs(reference.sounding - fast.sounding - 0.5) < 0.04, "rate 2 plays the second in half: \(fast.sounding) s against \(reference.sounding) s")
            p.expect(abs(fast.frequency - 440) < 3, "rate 2 keeps the pitch: \(fast.frequency) Hz")
        },
        BuiltInCheck(["PLAYER-AUDIOQUEUE-TIME-PITCH-STOPPED"],
                     "pitch needs the spectral algorithm, play rate needs time-pitch enabled, and varispeed ties pitch to rate") { p in
            let plain = try play(timePitch: false, rate: 2, pitch: 1200, seed: 33, platform: p.platform)
            p.expect(abs(plain.sounding - 1) < 0.03 && abs(plain.frequency - 440) < 3, "no time-pitch ignores rate and pitch: \(plain)")
            let timeDomain = try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_TimeDomain, pitch: 1200, seed: 34, platform: p.platform)
            p.expect(abs(timeDomain.frequency - 440) < 3, "pitch is ignored by time-domain: \(timeDomain.frequency) Hz")
            let reference = try reference(p.platform)
            let varispeed = try play(timePitch: true, algorithm: kAudioQueueTimePitchAlgorithm_Varispeed, rate: 2, seed: 35, platform: p.platform)
            p.expect(abs(varispeed.frequency - 880) < 4 && abs(reference.sounding - varispeed.sounding - 0.5) < 0.04, "varispeed: \(varispeed)")
        },
    ] }
}
