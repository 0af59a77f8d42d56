@_spi(Soundcheck) import AVFAudio
import Foundation
import SimCore
import Soundcheck
import Testing

/// Voices, utterance properties, SSML and Personal Voice authorization.
@Suite("AVSpeechSynthesisVoice, AVSpeechUtterance and Personal Voice")
struct SpeechVoiceTests {
    @Test("the device has Apple's compact voices, found by language and identifier")
    func voices() throws {
        let voices = AVSpeechSynthesisVoice.speechVoices()
        #expect(voices.count == 44)
        #expect(Set(voices.map(\.identifier)).count == voices.count)
        #expect(voices.allSatisfy { $0.identifier == "com.apple.voice.compact.\($0.language).\($0.identifier.split(separator: ".").last!)" })
        #expect(voices.allSatisfy { $0.quality == .default && $0.voiceTraits.isEmpty })
        #expect(AVSpeechSynthesisVoice.currentLanguageCode() == "en-US")

        let samantha = try #require(AVSpeechSynthesisVoice(language: "en-US"))
        #expect(samantha.name == "Samantha" && samantha.gender == .female)
        #expect(samantha.identifier == "com.apple.voice.compact.en-US.Samantha")
        #expect(AVSpeechSynthesisVoice(language: nil)?.identifier == samantha.identifier)
        #expect(AVSpeechSynthesisVoice(language: "en_GB")?.name == "Daniel")
        #expect(AVSpeechSynthesisVoice(language: "fr")?.language == "fr-FR")
        #expect(AVSpeechSynthesisVoice(language: "xx-YY") == nil)
        #expect(AVSpeechSynthesisVoice(identifier: "com.apple.voice.compact.de-DE.Anna")?.language == "de-DE")
        #expect(AVSpeechSynthesisVoice(identifier: AVSpeechSynthesisVoiceIdentifierAlex) == nil)
    }

    @Test("different voices sound different; every listed voice speaks")
    func voicesSpeak() throws {
        let synthesizer = AVSpeechSynthesizer()
        func samples(_ language: String) -> [Float] {
            let utterance = AVSpeechUtterance(string: "Hello")
            utterance.voice = AVSpeechSynthesisVoice(language: language)
            return SpeechSignal.written(synthesizer, utterance).samples
        }
        #expect(!samples("en-US").elementsEqual(samples("en-GB")))
        for voice in AVSpeechSynthesisVoice.speechVoices() {
            // Digits, which every voice reads in its language (Hebrew's reads Hebrew letters only).
            let utterance = AVSpeechUtterance(string: voice.language == "he-IL" ? "שלום" : "1 2 3")
            utterance.voice = voice
            #expect(SpeechSignal.written(synthesizer, utterance).samples.count > 2_205, "\(voice.identifier)")
        }
    }

    @Test("utterance values are clamped to Apple's ranges; the rate constants are 0, 0.5 and 1")
    func utteranceRanges() {
        #expect(AVSpeechUtteranceMinimumSpeechRate == 0 && AVSpeechUtteranceDefaultSpeechRate == 0.5 && AVSpeechUtteranceMaximumSpeechRate == 1)
        let utterance = AVSpeechUtterance(string: "x")
        #expect(utterance.rate == 0.5 && utterance.pitchMultiplier == 1 && utterance.volume == 1)
        #expect(utterance.preUtteranceDelay == 0 && utterance.postUtteranceDelay == 0 && utterance.voice == nil)
        utterance.rate = 3
        utterance.pitchMultiplier = 0.1
        utterance.volume = -1
        utterance.preUtteranceDelay = -2
        #expect(utterance.rate == 1 && utterance.pitchMultiplier == 0.5 && utterance.volume == 0 && utterance.preUtteranceDelay == 0)
        #expect(AVSpeechUtterance.wordsPerMinute(rate: 0) == 80 && AVSpeechUtterance.wordsPerMinute(rate: 0.5) == 175)
        #expect(AVSpeechUtterance.wordsPerMinute(rate: 1) == 450)
        #expect(AVSpeechUtterance.espeakPitch(multiplier: 1) == 50)
        #expect(AVSpeechUtterance.espeakPitch(multiplier: 0.5) == 0 && AVSpeechUtterance.espeakPitch(multiplier: 2) == 100)
        #expect(AVSpeechBoundary.word.rawValue == 1 && AVSpeechSynthesisVoiceQuality.premium.rawValue == 3)
        #expect(AVSpeechSynthesisVoiceGender.female.rawValue == 2 && AVSpeechSynthesisMarker.Mark.bookmark.rawValue == 4)
    }

    @Test("an SSML utterance speaks the text between its tags; malformed SSML gives nil")
    func ssml() throws {
        let utterance = try #require(AVSpeechUtterance(ssmlRepresentation: "<speak>Hello <break time=\"1s\"/> <emphasis>big</emphasis> &amp; small</speak>"))
        #expect(utterance.speechString == "Hello  big & small")
        #expect(AVSpeechUtterance(ssmlRepresentation: "<speak>unclosed") == nil)
        #expect(AVSpeechUtterance(ssmlRepresentation: "plain text") == nil)
        #expect(AVSpeechUtterance(ssmlRepresentation: "<speak><p>crossed</speak></p>") == nil)
        #expect(AVSpeechUtterance(SSMLRepresentation: "<?xml version=\"1.0\"?><speak>ok</speak>")?.speechString == "ok")
    }

    @Test("Personal Voice: not determined until asked, then the simulated user's answer")
    func personalVoice() throws {
        let device = try SimulatedDevice(seed: 1)
        try device.launch("Reader") { () }
        var answers: [AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus] = []
        device.run(as: "Reader") {
            #expect(AVSpeechSynthesizer.personalVoiceAuthorizationStatus == .notDetermined)
            AVSpeechSynthesizer.requestPersonalVoiceAuthorization { answers.append($0) }
        }
        device.advance(by: .milliseconds(1))
        #expect(answers == [.denied])
        device.run(as: "Reader") { #expect(AVSpeechSynthesizer.personalVoiceAuthorizationStatus == .denied) }
    }
}
