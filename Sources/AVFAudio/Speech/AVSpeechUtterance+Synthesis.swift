import Foundation

/// How an utterance's properties become eSpeak NG's parameters (docs/speech.md has the figures).
extension AVSpeechUtterance {
    /// eSpeak NG words per minute for an utterance rate: piecewise linear through eSpeak NG's
    /// slowest (80 at rate 0), its normal (175 at the default 0.5) and its fastest (450 at 1),
    /// so the default rate speaks at eSpeak NG's normal speed, as Apple's default is its voices'
    /// normal speed.
    @_spi(Soundcheck) public static func wordsPerMinute(rate: Float) -> Int32 {
        let rate = Double(min(AVSpeechUtteranceMaximumSpeechRate, max(AVSpeechUtteranceMinimumSpeechRate, rate)))
        let wpm = rate <= 0.5 ? 80 + (175 - 80) * rate / 0.5 : 175 + (450 - 175) * (rate - 0.5) / 0.5
        return Int32(wpm.rounded())
    }

    /// eSpeak NG's base pitch (0…100, 50 = the voice's own) for a pitch multiplier: 50 + 82·log₂(m).
    /// eSpeak NG's scale spans about 0.66×…1.52× of the voice's pitch (measured: 73, 110 and 167 Hz
    /// at 0, 50 and 100 for `en-us`), so multipliers beyond those ends are clamped there.
    @_spi(Soundcheck) public static func espeakPitch(multiplier: Float) -> Int32 {
        let multiplier = Double(min(2, max(0.5, multiplier)))
        return Int32(min(100, max(0, (50 + 82 * log2(multiplier)).rounded())))
    }

    /// The voice that speaks it: its own, else the device language's.
    var speakingVoice: AVSpeechSynthesisVoice? { voice ?? AVSpeechSynthesisVoice(language: nil) }

    var synthesisParameters: SpeechParameters {
        SpeechParameters(voice: speakingVoice?.espeakVoice ?? "en-us", wordsPerMinute: Self.wordsPerMinute(rate: rate),
                         pitch: Self.espeakPitch(multiplier: pitchMultiplier), gain: volume)
    }

    /// The utterance's audio and word positions; nothing when eSpeak NG cannot speak (its data
    /// missing): the utterance is then spoken as silence of no length.
    func synthesize() -> SynthesizedSpeech {
        ESpeak.synthesize(speechString, synthesisParameters) ?? SynthesizedSpeech(samples: [], words: [])
    }
}
