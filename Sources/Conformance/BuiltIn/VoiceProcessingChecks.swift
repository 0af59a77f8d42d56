import Foundation
import OpenAudioToolbox
import OpenAVFAudio
import SimCore
import Soundcheck

/// VoiceProcessingIO beyond the iPhone: the same unit on the Mac.
enum VoiceProcessingChecks {
    /// How strongly a voice-processing unit's own far end (a 0.5 sine at 300 Hz on the speaker)
    /// comes back in what it captures over the last half second of `duration`: the 300 Hz amplitude.
    static func capturedEcho(_ p: CheckProbe, profile: String, bypass: Bool, duration: HostDuration) throws -> Double {
        let device = try p.device(profile)
        let app = try device.launch("Call", backgroundAudio: true) { () throws -> IOUnitChecks.IOApp in
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker])
            try AVAudioSession.sharedInstance().setActive(true)
            AVAudioApplication.requestRecordPermission { _ in }
            return try IOUnitChecks.IOApp(p, input: true, output: true, subType: kAudioUnitSubType_VoiceProcessingIO) { unit in
                var flag: UInt32 = bypass ? 1 : 0
                _ = AudioUnitSetProperty(unit, kAUVoiceIOProperty_BypassVoiceProcessing, kAudioUnitScope_Global, 0, &flag, 4)
            }
        }
        app.toneFrequency = 300
        device.answerRecordPermission("Call", granted: true)
        _ = device.advance(by: duration)
        return toneAmplitude(app.captured.suffix(24_000), frequency: 300, rate: 48_000)
    }

    /// Amplitude of the `frequency` component of `samples` at `rate` (a single-bin DFT).
    static func toneAmplitude(_ samples: ArraySlice<Float>, frequency: Double, rate: Double) -> Double {
        var re = 0.0, im = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / rate
            re += Double(sample) * cos(phase)
            im -= Double(sample) * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(max(1, samples.count))
    }

    static let all: [BuiltInCheck] = [
        BuiltInCheck(["AU-VOICE-PROCESSING-MAC"], "on the Mac a VoiceProcessingIO unit cancels the echo of its own far end from the built-in speakers by at least 20 dB against bypassed") { p in
            let bypassed = try capturedEcho(p, profile: "mac", bypass: true, duration: .seconds(2))
            let processed = try capturedEcho(p, profile: "mac", bypass: false, duration: .seconds(2))
            p.expect(bypassed > 0.005, "the speakers' far end reaches the microphone: \(bypassed)")
            let erle = 20 * log10(bypassed / max(processed, 1e-9))
            p.expect(erle >= 20, "ERLE \(erle) dB: from \(bypassed) to \(processed)")
        },
    ]
}
