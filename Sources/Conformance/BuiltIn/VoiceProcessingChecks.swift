import Foundation
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck
import VoiceProcessing

/// VoiceProcessingIO's echo cancellation on the device: the far end it cancels is everything the
/// device plays to the speaker, its own call and other apps' sounds alike; and the same unit on
/// the Mac.
enum VoiceProcessingChecks {
    /// A voice-processing unit's app (input and output, its far end a 0.5 sine at `farEnd` Hz on
    /// the speaker at the session's rate), voice processing on or bypassed. Call in the app's context.
    /// A voice-chat session that mixes with what already plays: speaker, 16 kHz, 20 ms IO, active,
    /// asking for the microphone (the device answers). Call in the app's context.
    @discardableResult
    static func activateMixableCall() throws -> AVAudioSession {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker, .mixWithOthers])
        try session.setPreferredSampleRate(16_000)
        try session.setPreferredIOBufferDuration(0.02)
        try session.setActive(true)
        AVAudioApplication.requestRecordPermission { _ in }
        return session
    }

    static func startCall(bypass: Bool, farEnd: Double, rate: Double) throws -> RemoteIOApp {
        try RemoteIOApp.started(input: true, output: true, subType: kAudioUnitSubType_VoiceProcessingIO) { app in
            app.toneFrequency = farEnd
            app.sampleRate = rate
            var flag: UInt32 = bypass ? 1 : 0
            try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0, &flag, 4))
        }
    }

    /// How strongly a voice-processing unit's own far end (a 0.5 sine at 300 Hz on the speaker)
    /// comes back in what it captures over the last half second of `duration`: the 300 Hz amplitude.
    static func capturedEcho(_ p: CheckProbe, profile: String, bypass: Bool, duration: HostDuration) throws -> Double {
        let device = try p.device(profile)
        let app = try device.launch("Call", backgroundAudio: true) { () throws -> RemoteIOApp in
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker])
            try AVAudioSession.sharedInstance().setActive(true)
            AVAudioApplication.requestRecordPermission { _ in }
            return try startCall(bypass: bypass, farEnd: 300, rate: 48_000)
        }
        device.answerRecordPermission("Call", granted: true)
        _ = device.advance(by: duration)
        return toneAmplitude(app.captured.suffix(24_000), frequency: 300, rate: 48_000)
    }

    /// A speaker call at the VoIP settings (16 kHz, 20 ms asked: 256-frame IO buffers) while a
    /// game, mixing with it, plays a 1 kHz sine at 0.5 through the speaker: the amplitudes of the
    /// call's own far end (300 Hz) and of the game's tone in what the call captured over its last
    /// half second, the IO the call ran at, and the frame counts its render callback was asked for
    /// over that half second (it started at the game's 1,024-frame IO, before the call's settings took).
    static func callBesideGame(_ p: CheckProbe, bypass: Bool) throws -> (own: Double, game: Double, rate: Int, frames: Int, calls: Set<UInt32>) {
        let device = try p.device()
        // The game's sound first; the call, mixing with it, goes active last and so sets the
        // route (speaker and built-in microphone) and the IO format.
        try device.launch("Game", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Game")
        let call = try device.launch("Call", backgroundAudio: true) { () throws -> RemoteIOApp in
            try startCall(bypass: bypass, farEnd: 300, rate: activateMixableCall().sampleRate)
        }
        device.answerRecordPermission("Call", granted: true)
        _ = device.advance(by: .milliseconds(1_500))
        let hardware = device.server.currentHardware
        let tail = call.captured.suffix(hardware.sampleRate / 2)
        let rate = Double(hardware.sampleRate)
        return (toneAmplitude(tail, frequency: 300, rate: rate), toneAmplitude(tail, frequency: 1_000, rate: rate),
                hardware.sampleRate, hardware.ioBufferFrames, Set(call.renderCalls.suffix(30).map(\.frames)))
    }

    static func erle(_ before: Double, _ after: Double) -> Double { 20 * log10(before / max(after, 1e-9)) }

    /// `microphone` through a 16 kHz voice processor with only the features asked for on, in
    /// 20 ms IO cycles, each cycle's `far` end analyzed first as a voice-processing unit does.
    /// The result lags by one 10 ms frame (`VoiceProcessor.latencyFrames`); webrtc's errors abort.
    static func process(microphone: [Float], far: [Float]? = nil, echo: Bool = false, noise: Bool = false,
                        gain: Bool = false) throws -> [Float] {
        let processor = try VoiceProcessor(sampleRate: 16_000, channels: 1)
        processor.echoCancellation = echo
        processor.noiseSuppression = noise
        processor.automaticGainControl = gain
        var samples = microphone
        let cycle = 320
        samples.withUnsafeMutableBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count - cycle + 1, by: cycle) {
                if let far { far.withUnsafeBufferPointer { processor.analyzeRender($0.baseAddress! + start, frameCount: cycle) } }
                processor.processCapture(buffer.baseAddress! + start, frameCount: cycle)
            }
        }
        guard processor.lastError == 0 else { throw CheckAbort(message: "webrtc failed with error \(processor.lastError)") }
        return samples
    }

    /// How much weaker (dB) `processed` is than `original` over `seconds` of 16 kHz samples,
    /// allowing for the processor's 10 ms.
    static func reduction(_ original: [Float], _ processed: [Float], seconds: Range<Double>) -> Double {
        let range = Int(seconds.lowerBound * 16_000)..<Int(seconds.upperBound * 16_000)
        return EchoMeasurement.erle(before: original, after: processed, range: range, latency: 160)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["AU-VOICE-PROCESSING-ECHO"], "a VoIP call's VoiceProcessingIO unit (16 kHz, one 256-frame render call per IO buffer) on the speaker cancels the echo of another app's tone playing beside it by at least 20 dB against bypassed (ERLE), and its own far end's too: its far end is everything the device plays") { p in
            let bypassed = try callBesideGame(p, bypass: true)
            let processed = try callBesideGame(p, bypass: false)
            // The codec runs at 16 kHz, and 20 ms (320 frames) becomes the nearest power of two: 256.
            p.expect(processed.rate == 16_000 && processed.frames == 256, "the call's IO: \(processed.rate) Hz, \(processed.frames) frames")
            p.expect(processed.calls, equals: [256], "one render callback per IO buffer, of the whole buffer")
            // 0.5 from the speaker, 25 dB down: about 0.028 of each tone reaches the microphone unprocessed.
            p.expect(bypassed.game > 0.01, "the game's tone reaches the call's microphone: \(bypassed.game)")
            p.expect(bypassed.own > 0.01, "the call's own far end reaches its microphone: \(bypassed.own)")
            let game = erle(bypassed.game, processed.game), own = erle(bypassed.own, processed.own)
            p.expect(game >= 20, "the game's echo: ERLE \(game) dB, from \(bypassed.game) to \(processed.game)")
            p.expect(own >= 20, "the call's own echo: ERLE \(own) dB, from \(bypassed.own) to \(processed.own)")
        },
        BuiltInCheck(["AU-VOICE-PROCESSING-FEATURES"], "voice processing (webrtc at 16 kHz, 20 ms cycles) cancels a speaker's echo of speech by more than 12 dB, suppresses a steady hiss by more than 10 dB, and its gain control raises a quiet talker by more than 6 dB, each feature alone") { p in
            // Speech-like far end, heard back 2 ms later and 25 dB down (a phone's speaker) over a −70 dBFS floor.
            let far = SpeechLikeSignal.samples(frames: FeatureSignals.frames, sampleRate: 16_000, seed: 1)
            let floor = WhiteNoise.samples(frames: FeatureSignals.frames, level: 0.000_316, seed: 3)
            let microphone = (0..<FeatureSignals.frames).map { (frame: Int) -> Float in (frame >= 32 ? 0.056 * far[frame - 32] : 0) + floor[frame] }
            let cancelled = try process(microphone: microphone, far: far, echo: true)
            let echo = reduction(microphone, cancelled, seconds: FeatureSignals.echo)
            p.expect(echo > 12, "echo cancellation: \(echo) dB")
            let hiss = WhiteNoise.samples(frames: FeatureSignals.frames, level: 0.01, seed: 9)
            let suppressed = reduction(hiss, try process(microphone: hiss, noise: true), seconds: FeatureSignals.noise)
            p.expect(suppressed > 10, "noise suppression: \(suppressed) dB")
            let quiet = SpeechLikeSignal.samples(frames: FeatureSignals.frames, sampleRate: 16_000, seed: 4, level: 0.01)
            let raised = -reduction(quiet, try process(microphone: quiet, gain: true), seconds: FeatureSignals.gain)
            p.expect(raised > 6, "gain control: +\(raised) dB")
        },
        BuiltInCheck(["AU-VOICE-PROCESSING-MAC"], "on the Mac a VoiceProcessingIO unit cancels the echo of its own far end from the built-in speakers by at least 20 dB against bypassed") { p in
            let bypassed = try capturedEcho(p, profile: "mac", bypass: true, duration: .seconds(2))
            let processed = try capturedEcho(p, profile: "mac", bypass: false, duration: .seconds(2))
            p.expect(bypassed > 0.005, "the speakers' far end reaches the microphone: \(bypassed)")
            let erle = erle(bypassed, processed)
            p.expect(erle >= 20, "ERLE \(erle) dB: from \(bypassed) to \(processed)")
        },
    ] }
}

/// How long the feature check's signals run and where each feature is measured (seconds): after
/// each has adapted, no longer than the assertions need.
private enum FeatureSignals {
    static let frames = 5 * 16_000
    static let echo = 2.0..<4.5
    static let noise = 2.0..<4.5
    static let gain = 2.5..<4.9
}

