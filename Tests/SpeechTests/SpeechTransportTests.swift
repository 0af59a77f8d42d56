@_spi(Soundcheck) import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing

/// Word callbacks, pause, continue and stop at word boundaries, and what a phone call does.
@Suite("AVSpeechSynthesizer: words, pause, continue, stop, interruptions")
struct SpeechTransportTests {
    static let sentence = "The quick brown fox jumps over the lazy dog."

    @Test("willSpeakRangeOfSpeechString covers the words in order, each at a later simulated time, between didStart and didFinish")
    func wordRanges() throws {
        let stage = try SpeechStage()
        stage.speak(Self.sentence)
        stage.device.advance(to: .seconds(6))
        #expect(stage.log.words == ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"])
        let times = stage.log.times(.word)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        let start = try #require(stage.log.first(.start)), end = try #require(stage.log.first(.finish))
        #expect(times.first == start && times.last! < end)
        // The iOS 17 marker callback carries the same ranges at the same times.
        #expect(stage.log.entries.filter { $0.kind == .marker }.map(\.range) == stage.log.entries.filter { $0.kind == .word }.map(\.range))
        // Speech sounds between the word callbacks (eSpeak NG's word starts are where the sound is).
        #expect(try stage.speaker(times[4], times[5]).level.peakDBFS > -30)
    }

    @Test("pause at a word boundary: silence while paused, continue resumes at the next word, every word once")
    func pauseAtWord() throws {
        let stage = try SpeechStage()
        stage.log.onEntry = { entry, synthesizer in
            // Asked while "brown" is being spoken: the pause comes when it ends.
            if entry.kind == .word, entry.range?.location == 10 { #expect(synthesizer.pauseSpeaking(at: .word)) }
        }
        stage.speak(Self.sentence)
        stage.device.advance(to: .seconds(3))
        let paused = try #require(stage.log.first(.pause))
        #expect(stage.synthesizer.isPaused && stage.synthesizer.isSpeaking)
        #expect(stage.log.words == ["The", "quick", "brown"])
        #expect(try stage.speaker(paused + .milliseconds(30), .seconds(3)).isSilent)
        #expect(!stage.synthesizer.pauseSpeaking(at: .immediate), "already paused")

        stage.device.run(as: "Reader") { #expect(stage.synthesizer.continueSpeaking()) }
        stage.device.advance(to: .seconds(8))
        #expect(stage.log.kinds == [.start, .pause, .resume, .finish])
        #expect(stage.log.words == ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"])
        // The next word starts the instant speech continues: it paused exactly at a word boundary.
        let foxTime = stage.log.entries.first { $0.kind == .word && $0.range?.location == 16 }?.time
        #expect(foxTime == stage.log.first(.resume))
        #expect(try stage.speaker(.seconds(3), stage.log.first(.finish)!).level.peakDBFS > -20)
        #expect(!stage.synthesizer.continueSpeaking(), "nothing left to continue")
    }

    @Test("pause immediately: the audio stops at once and continues from the same sample")
    func pauseImmediately() throws {
        let stage = try SpeechStage()
        stage.speak(Self.sentence)
        stage.device.advance(to: .milliseconds(700))
        stage.device.run(as: "Reader") { #expect(stage.synthesizer.pauseSpeaking(at: .immediate)) }
        #expect(stage.log.first(.pause) == .milliseconds(700))
        stage.device.advance(to: .seconds(2))
        #expect(try stage.speaker(.milliseconds(720), .seconds(2)).isSilent)
        stage.device.run(as: "Reader") { #expect(stage.synthesizer.continueSpeaking()) }
        stage.device.advance(to: .seconds(8))
        // Paused for 1.3 s: it ends 1.3 s later than the same sentence spoken without a pause.
        let plain = try SpeechStage()
        plain.speak(Self.sentence)
        plain.device.advance(to: .seconds(8))
        let pausedEnd = try #require(stage.log.first(.finish)), plainEnd = try #require(plain.log.first(.finish))
        #expect(abs(Double((pausedEnd - plainEnd - .milliseconds(1300)).nanoseconds)) < 1e6)
        #expect(stage.log.words == plain.log.words)
    }

    @Test("stop at a word boundary cancels when the word ends and forgets the queue")
    func stopAtWord() throws {
        let stage = try SpeechStage()
        stage.log.onEntry = { entry, synthesizer in
            if entry.kind == .word, entry.range?.location == 4 { #expect(synthesizer.stopSpeaking(at: .word)) }
        }
        stage.speak(Self.sentence)
        stage.speak("This is never spoken.")
        stage.device.advance(to: .seconds(8))
        #expect(stage.log.kinds == [.start, .cancel])
        #expect(stage.log.words == ["The", "quick"])
        let cancelled = try #require(stage.log.first(.cancel))
        #expect(try stage.speaker(cancelled + .milliseconds(30), .seconds(8)).isSilent)
        #expect(try stage.speaker(stage.log.times(.word)[1], cancelled).level.peakDBFS > -20, "quick is spoken to its end")
        #expect(!stage.synthesizer.isSpeaking)
        #expect(!stage.synthesizer.stopSpeaking(at: .immediate), "nothing to stop")
    }

    @Test("stop immediately: didCancel now, silence from now, the queued utterance never starts")
    func stopImmediately() throws {
        let stage = try SpeechStage()
        stage.speak(Self.sentence)
        stage.speak("This is never spoken.")
        stage.device.advance(to: .milliseconds(600))
        stage.device.run(as: "Reader") { #expect(stage.synthesizer.stopSpeaking(at: .immediate)) }
        stage.device.advance(to: .seconds(8))
        #expect(stage.log.kinds == [.start, .cancel])
        #expect(stage.log.first(.cancel) == .milliseconds(600))
        #expect(try stage.speaker(.milliseconds(620), .seconds(8)).isSilent)
        #expect(stage.log.entries.allSatisfy { $0.text == Self.sentence })
    }

    @Test("a phone call pauses speech through the app's session; the app continues it after the call")
    func callPauses() throws {
        let stage = try SpeechStage()
        stage.speak(Self.sentence)
        stage.device.advance(to: .milliseconds(800))
        try stage.device.perform(.incomingCall(caller: "Alice"))
        #expect(stage.log.first(.pause) == .milliseconds(800))
        #expect(stage.synthesizer.isPaused)
        stage.device.advance(to: .seconds(2))
        #expect(try stage.speaker(.milliseconds(820), .seconds(2)).isSilent)
        try stage.device.perform(.declineCall)
        stage.device.run(as: "Reader") { #expect(stage.synthesizer.continueSpeaking()) }
        stage.device.advance(to: .seconds(8))
        #expect(stage.log.kinds == [.start, .pause, .resume, .finish])
        #expect(try stage.speaker(.seconds(2), stage.log.first(.finish)!).level.peakDBFS > -20)
    }

    @Test("with the interruption response set to stop, a call cancels speech")
    func callStops() throws {
        let stage = try SpeechStage()
        stage.device.run(as: "Reader") { AVSpeechSynthesizer.simulationSettings.interruptionResponse = .stop }
        stage.speak(Self.sentence)
        stage.speak("Never spoken.")
        stage.device.advance(to: .milliseconds(800))
        try stage.device.perform(.incomingCall(caller: "Alice"))
        #expect(stage.log.kinds == [.start, .cancel])
        #expect(!stage.synthesizer.isSpeaking)
    }

    @Test("with its own session the synthesizer leaves the app's session alone, is heard, and resumes by itself after a call")
    func ownSession() throws {
        let stage = try SpeechStage { $0.usesApplicationAudioSession = false }
        stage.speak(Self.sentence)
        stage.device.advance(to: .milliseconds(800))
        #expect(!stage.device.session("Reader").isActive)
        #expect(stage.device.session("Reader speech").isActive)
        #expect(try stage.speaker(.zero, .milliseconds(800)).level.peakDBFS > -20)
        try stage.device.perform(.incomingCall(caller: "Alice"))
        #expect(stage.synthesizer.isPaused)
        stage.device.advance(to: .seconds(2))
        try stage.device.perform(.declineCall)
        stage.device.advance(to: .seconds(8))
        #expect(stage.log.kinds == [.start, .pause, .resume, .finish])
        #expect(!stage.device.session("Reader speech").isActive, "deactivated when the queue is done")
    }
}
