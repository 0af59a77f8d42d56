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
    }

    @Test("raw values are Apple's")
    func rawValues() {
        #expect(AVSpeechBoundary.immediate.rawValue == 0 && AVSpeechBoundary.word.rawValue == 1)
        #expect(AVSpeechSynthesisVoiceQuality.default.rawValue == 1 && AVSpeechSynthesisVoiceQuality.enhanced.rawValue == 2)
        #expect(AVSpeechSynthesisVoiceQuality.premium.rawValue == 3)
        #expect(AVSpeechSynthesisVoiceGender.unspecified.rawValue == 0 && AVSpeechSynthesisVoiceGender.male.rawValue == 1)
        #expect(AVSpeechSynthesisVoiceGender.female.rawValue == 2)
        #expect(AVSpeechSynthesisMarker.Mark.phoneme.rawValue == 0 && AVSpeechSynthesisMarker.Mark.word.rawValue == 1)
        #expect(AVSpeechSynthesisMarker.Mark.sentence.rawValue == 2 && AVSpeechSynthesisMarker.Mark.paragraph.rawValue == 3)
        #expect(AVSpeechSynthesisMarker.Mark.bookmark.rawValue == 4)
        typealias Status = AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus
        #expect(Status.notDetermined.rawValue == 0 && Status.denied.rawValue == 1 && Status.unsupported.rawValue == 2)
        #expect(AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus.authorized.rawValue == 3)
        #expect(AVSpeechSynthesisVoice.Traits.isNoveltyVoice.rawValue == 1 && AVSpeechSynthesisVoice.Traits.isPersonalVoice.rawValue == 2)
        #expect(AVSpeechSynthesisVoice.Traits(rawValue: 3) == [.isNoveltyVoice, .isPersonalVoice])
    }

    @Test("no voice on the device is a novelty or Personal Voice, an enhanced one, or of unspecified gender")
    func voiceKinds() {
        let voices = AVSpeechSynthesisVoice.speechVoices()
        #expect(!voices.contains { $0.voiceTraits.contains(AVSpeechSynthesisVoice.Traits.isNoveltyVoice) })
        #expect(!voices.contains { $0.voiceTraits.contains(AVSpeechSynthesisVoice.Traits.isPersonalVoice) })
        #expect(!voices.contains { $0.quality == AVSpeechSynthesisVoiceQuality.enhanced })
        #expect(!voices.contains { $0.gender == AVSpeechSynthesisVoiceGender.unspecified })
        #expect(voices.filter { $0.gender == AVSpeechSynthesisVoiceGender.male }.map(\.name) == ["Maged", "Daniel", "Rishi", "Thomas", "Xander"])
    }

    @Test("markers keep what they are made with")
    func markers() {
        let bookmark = AVSpeechSynthesisMarker(bookmarkName: "chapter-2", atByteSampleOffset: 4_410)
        #expect(bookmark.mark == .bookmark && bookmark.bookmarkName == "chapter-2" && bookmark.byteSampleOffset == 4_410)
        let phoneme = AVSpeechSynthesisMarker(phonemeString: "h@loU", atByteSampleOffset: 2)
        #expect(phoneme.mark == .phoneme && phoneme.phoneme == "h@loU")
        let sentence = AVSpeechSynthesisMarker(sentenceRange: NSRange(location: 0, length: 12), atByteSampleOffset: 0)
        #expect(sentence.mark == .sentence && sentence.textRange == NSRange(location: 0, length: 12))
        let paragraph = AVSpeechSynthesisMarker(paragraphRange: NSRange(location: 3, length: 4), atByteSampleOffset: 8)
        #expect(paragraph.mark == .paragraph && paragraph.textRange.location == 3)
        let word = AVSpeechSynthesisMarker(markerType: .word, forTextRange: NSRange(location: 1, length: 2), atByteSampleOffset: 6)
        #expect(word.mark == .word && word.byteSampleOffset == 6)
    }

    @Test("provider voices and requests keep their values; the device loads no provider extensions")
    func providerTypes() {
        let voice = AVSpeechSynthesisProviderVoice(name: "Robo", identifier: "com.example.robo", primaryLanguages: ["en-US"],
                                                   supportedLanguages: ["en-US", "en-GB"])
        voice.age = 40
        voice.gender = .male
        voice.version = "1.0"
        voice.voiceSize = 1_000_000
        #expect(voice.name == "Robo" && voice.identifier == "com.example.robo" && voice.primaryLanguages == ["en-US"])
        #expect(voice.supportedLanguages.count == 2 && voice.age == 40 && voice.gender == .male && voice.version == "1.0" && voice.voiceSize == 1_000_000)
        let request = AVSpeechSynthesisProviderRequest(ssmlRepresentation: "<speak>Hi</speak>", voice: voice)
        #expect(request.ssmlRepresentation == "<speak>Hi</speak>" && request.voice === voice)
        var reported: [AVSpeechSynthesisMarker] = []
        let output: AVSpeechSynthesisProviderOutputBlock = { markers, _ in reported += markers }
        output([AVSpeechSynthesisMarker(wordRange: NSRange(location: 7, length: 2), atByteSampleOffset: 0)], request)
        #expect(reported.map(\.textRange.location) == [7])
        AVSpeechSynthesisProviderVoice.updateSpeechVoices()
        #expect(AVSpeechSynthesisVoice(identifier: "com.example.robo") == nil)
    }

    @Test("an attributed string is spoken as its characters, its word ranges in attributedSpeechString")
    func attributedString() throws {
        let text = NSMutableAttributedString(string: "Read this aloud")
        text.addAttribute(NSAttributedString.Key(AVSpeechSynthesisIPANotationAttribute), value: "ɹiːd", range: NSRange(location: 0, length: 4))
        let utterance = AVSpeechUtterance(attributedString: text)
        #expect(utterance.speechString == "Read this aloud" && utterance.attributedSpeechString.string == "Read this aloud")
        #expect(!utterance.prefersAssistiveTechnologySettings)
        var markers: [AVSpeechSynthesisMarker] = []
        let bufferCallback: AVSpeechSynthesizer.BufferCallback = { _ in }
        let markerCallback: AVSpeechSynthesizer.MarkerCallback = { markers += $0 }
        AVSpeechSynthesizer().write(utterance, toBufferCallback: bufferCallback, toMarkerCallback: markerCallback)
        #expect(markers.map { (utterance.attributedSpeechString.string as NSString).substring(with: $0.textRange) } == ["Read", "this", "aloud"])
    }

    @Test("an SSML utterance speaks the text between its tags; malformed SSML gives nil")
    func ssml() throws {
        let utterance = try #require(AVSpeechUtterance(ssmlRepresentation: "<speak>Hello <break time=\"1s\"/> <emphasis>big</emphasis> &amp; small</speak>"))
        #expect(utterance.speechString == "Hello  big & small")
        #expect(AVSpeechUtterance(ssmlRepresentation: "<speak>unclosed") == nil)
        #expect(AVSpeechUtterance(ssmlRepresentation: "plain text") == nil)
        #expect(AVSpeechUtterance(ssmlRepresentation: "<speak><p>crossed</speak></p>") == nil)
        #expect(AVSpeechUtterance(ssmlRepresentation: "<?xml version=\"1.0\"?><speak>ok</speak>")?.speechString == "ok")
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
