import AVFAudio
import Conformance
import Foundation
import MediaServer
import SimCore
import Soundcheck

/// AVSpeechSynthesizer through the harness: speech heard at the speaker, word callbacks, pause,
/// stop and the synthesizer's own session (docs/speech.md).
enum SpeechChecks {
    static let sentence = "The quick brown fox jumps over the lazy dog."

    /// Writes down the delegate's calls with their simulated times; `react` runs after each one.
    final class Log: NSObject, AVSpeechSynthesizerDelegate, @unchecked Sendable {
        var events: [(kind: String, time: HostTime, text: String)] = []
        var words: [String] = []
        var react: ((String, AVSpeechSynthesizer) -> Void)?
        let device: SimulatedDevice
        init(_ device: SimulatedDevice) { self.device = device }

        private func add(_ kind: String, _ synthesizer: AVSpeechSynthesizer, _ utterance: AVSpeechUtterance) {
            events.append((kind, device.now, utterance.speechString))
            react?(kind, synthesizer)
        }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didStart utterance: AVSpeechUtterance) { add("start", synthesizer, utterance) }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didFinish utterance: AVSpeechUtterance) { add("finish", synthesizer, utterance) }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didPause utterance: AVSpeechUtterance) { add("pause", synthesizer, utterance) }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didContinue utterance: AVSpeechUtterance) { add("continue", synthesizer, utterance) }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didCancel utterance: AVSpeechUtterance) { add("cancel", synthesizer, utterance) }
        func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, willSpeakRangeOfSpeechString characterRange: NSRange,
                               utterance: AVSpeechUtterance) {
            words.append((utterance.speechString as NSString).substring(with: characterRange))
            add("word", synthesizer, utterance)
        }
        func times(_ kind: String) -> [HostTime] { events.filter { $0.kind == kind }.map(\.time) }
        var kinds: [String] { events.map(\.kind).filter { $0 != "word" } }
    }

    /// "Reader" launched with its session inactive, and its synthesizer with a log as delegate.
    static func stage(_ p: CheckProbe, seed: UInt64) throws -> (SimulatedDevice, AVSpeechSynthesizer, Log) {
        let device = try SimulatedDevice(platform: p.platform, seed: seed)
        let synthesizer = try device.launch("Reader", backgroundAudio: true) { AVSpeechSynthesizer() }
        let log = Log(device)
        synthesizer.delegate = log
        return (device, synthesizer, log)
    }

    static func speak(_ device: SimulatedDevice, _ synthesizer: AVSpeechSynthesizer, _ texts: String...) {
        device.run(as: "Reader") { for text in texts { synthesizer.speak(AVSpeechUtterance(string: text)) } }
    }

    static func peak(_ device: SimulatedDevice, _ from: HostTime, _ to: HostTime) throws -> Double {
        try device.audio(at: .builtInSpeaker, from: from, to: to).level.peakDBFS
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SPEECH-SPEAK-QUEUE"], "two queued utterances are heard at the speaker one after the other, silence after") { p in
            let (device, synthesizer, log) = try stage(p, seed: 41)
            speak(device, synthesizer, "First sentence.", "Second sentence.")
            device.advance(to: .seconds(6))
            let order = log.events.filter { $0.kind != "word" }.map { "\($0.kind) \($0.text)" }
            p.expect(order, equals: ["start First sentence.", "finish First sentence.", "start Second sentence.", "finish Second sentence."], "delegate calls")
            let starts = log.times("start"), finishes = log.times("finish")
            try p.require(starts.count == 2 && finishes.count == 2, "two starts and two finishes")
            p.expect(try peak(device, starts[0], finishes[0]) > -20, "the first utterance is not heard at the speaker")
            p.expect(try peak(device, starts[1], finishes[1]) > -20, "the second utterance is not heard at the speaker")
            p.expect(try peak(device, finishes[1] + .milliseconds(50), .seconds(6)) < AudioMeasure.silenceDBFS, "sound after the last utterance")
        },
        BuiltInCheck(["SPEECH-WORD-CALLBACKS"], "each word's range comes in order, at increasing times, as its sound starts") { p in
            let (device, synthesizer, log) = try stage(p, seed: 42)
            speak(device, synthesizer, sentence)
            device.advance(to: .seconds(6))
            p.expect(log.words, equals: ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"], "spoken word ranges")
            let times = log.times("word")
            p.expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "word times do not increase: \(times)")
        },
        BuiltInCheck(["SPEECH-PAUSE-AT-WORD"], "a word-boundary pause comes when the word ends, is silent, and continues with the next word") { p in
            let (device, synthesizer, log) = try stage(p, seed: 43)
            log.react = { kind, synthesizer in
                if kind == "word", log.words.last == "brown" { _ = synthesizer.pauseSpeaking(at: .word) }
            }
            speak(device, synthesizer, sentence)
            device.advance(to: .seconds(3))
            let paused = try p.require(log.times("pause").first, "a didPause")
            p.expect(log.words, equals: ["The", "quick", "brown"], "words before the pause")
            p.expect(try peak(device, paused + .milliseconds(30), .seconds(3)) < AudioMeasure.silenceDBFS, "sound while paused")
            p.expect(device.run(as: "Reader") { synthesizer.continueSpeaking() }, "continueSpeaking() returned false")
            device.advance(to: .seconds(8))
            p.expect(log.kinds, equals: ["start", "pause", "continue", "finish"], "delegate calls")
            p.expect(log.words.count, equals: 9, "words spoken in all")
            p.expect(log.times("word")[3] == log.times("continue").first, "the next word does not start as speech continues")
        },
        BuiltInCheck(["SPEECH-STOP-EMPTIES-QUEUE"], "stopping cancels the utterance at once and the queued one is never spoken") { p in
            let (device, synthesizer, log) = try stage(p, seed: 44)
            speak(device, synthesizer, sentence, "Never spoken.")
            device.advance(to: .milliseconds(600))
            p.expect(device.run(as: "Reader") { synthesizer.stopSpeaking(at: .immediate) }, "stopSpeaking returned false")
            device.advance(to: .seconds(6))
            p.expect(log.kinds, equals: ["start", "cancel"], "delegate calls")
            p.expect(!synthesizer.isSpeaking, "still speaking after stop")
            p.expect(try peak(device, .milliseconds(620), .seconds(6)) < AudioMeasure.silenceDBFS, "sound after stop")
        },
        BuiltInCheck(["SPEECH-OWN-SESSION"], "a synthesizer with its own session ducks playing Music while it speaks, the app's session untouched") { p in
            let (device, synthesizer, log) = try stage(p, seed: 45)
            synthesizer.usesApplicationAudioSession = false
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            speak(device, synthesizer, sentence)
            device.advance(to: .milliseconds(800))
            p.expect(!device.session("Reader").isActive, "the app's session became active")
            p.expect(device.session("Reader speech").isActive, "the synthesizer's own session is not active while speaking")
            p.expect(music.isPlaying && device.session(MusicApp.name).isDucked, "Music is not playing ducked under the speech")
            device.advance(to: .seconds(6))
            p.expect(log.kinds, equals: ["start", "finish"], "delegate calls")
            p.expect(!device.session("Reader speech").isActive, "the own session stays active after the queue is done")
            p.expect(music.isPlaying && !device.session(MusicApp.name).isDucked, "Music is not back to full level after the speech")
        },
    ] }
}
