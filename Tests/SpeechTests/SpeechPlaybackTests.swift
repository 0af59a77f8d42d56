@_spi(Soundcheck) import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing

/// What `speak` sounds like at the simulated speaker: speech while speaking, silence around it,
/// durations that follow the text and the rate, a pitch that follows the multiplier, the same
/// samples every time.
@Suite("AVSpeechSynthesizer: speech at the output port")
struct SpeechPlaybackTests {
    @Test("speaking activates the app's inactive session; speech is heard at the speaker while speaking and silence after")
    func speechAtSpeaker() throws {
        let stage = try SpeechStage()
        #expect(!stage.device.session("Reader").isActive)
        stage.device.advance(to: .milliseconds(500))
        stage.speak("Hello world, this is the simulated speaker.")
        #expect(stage.synthesizer.isSpeaking)
        #expect(stage.device.session("Reader").isActive, "speaking activates the app's session")
        stage.device.advance(to: .seconds(6))

        let start = try #require(stage.log.first(.start))
        let end = try #require(stage.log.first(.finish))
        #expect(start == .milliseconds(500))
        #expect(end > start + .seconds(1))
        #expect(try stage.speaker(.zero, .milliseconds(490)).isSilent)
        let speaking = try stage.speaker(start, end)
        #expect(speaking.level.peakDBFS > -20, "speech at the speaker: \(speaking.level)")
        #expect(speaking.level.rmsDBFS > -40)
        #expect(try stage.speaker(end + .milliseconds(50), .seconds(6)).isSilent)
        #expect(!stage.synthesizer.isSpeaking)
        #expect(stage.log.kinds == [.start, .finish])
    }

    @Test("a longer text lasts longer")
    func longerTextLastsLonger() throws {
        let short = try SpeechStage()
        short.speak("Good morning.")
        short.device.advance(to: .seconds(10))
        let long = try SpeechStage()
        long.speak("Good morning. The weather today is sunny with a light breeze from the west.")
        long.device.advance(to: .seconds(10))
        let shortSeconds = try #require(short.spokenSeconds)
        let longSeconds = try #require(long.spokenSeconds)
        #expect(shortSeconds > 0.5)
        #expect(longSeconds > 2 * shortSeconds, "\(longSeconds) s against \(shortSeconds) s")
    }

    @Test("rate 0.75 speaks the same text in less time than rate 0.25, and the default lies between")
    func rateChangesDuration() throws {
        func seconds(rate: Float?) throws -> Double {
            let stage = try SpeechStage()
            stage.speak("Turn left in two hundred metres, then keep right.") { utterance in
                if let rate { utterance.rate = rate }
            }
            stage.device.advance(to: .seconds(15))
            return try #require(stage.spokenSeconds)
        }
        let slow = try seconds(rate: 0.25), normal = try seconds(rate: nil), fast = try seconds(rate: 0.75)
        #expect(fast < normal && normal < slow, "0.75: \(fast) s, default: \(normal) s, 0.25: \(slow) s")
        #expect(slow > 1.2 * normal && normal > 1.2 * fast)
    }

    @Test("pitchMultiplier 2 raises the dominant pitch at the speaker well above that of 0.5")
    func pitchFollowsMultiplier() throws {
        func pitch(_ multiplier: Float) throws -> Double {
            let stage = try SpeechStage()
            stage.speak("Hello, how are you today?") { $0.pitchMultiplier = multiplier }
            stage.device.advance(to: .seconds(5))
            let start = try #require(stage.log.first(.start)), end = try #require(stage.log.first(.finish))
            let samples = try #require(stage.speaker(start, end).channel(1).samples)
            let rate = Double(samples.count) / (Double((end - start).nanoseconds) / 1e9)
            return try #require(SpeechSignal.medianPitch(samples, rate: rate))
        }
        let low = try pitch(0.5), normal = try pitch(1), high = try pitch(2)
        #expect(low < normal && normal < high, "0.5: \(low) Hz, 1: \(normal) Hz, 2: \(high) Hz")
        #expect(high > 1.8 * low)
        #expect((60...400).contains(normal))
    }

    @Test("volume scales the level at the speaker")
    func volumeScalesLevel() throws {
        func peak(_ volume: Float) throws -> Double {
            let stage = try SpeechStage()
            stage.speak("Volume check.") { $0.volume = volume }
            stage.device.advance(to: .seconds(4))
            return try stage.speaker(.zero, .seconds(4)).level.peak
        }
        let full = try peak(1), quarter = try peak(0.25)
        #expect(abs(quarter / full - 0.25) < 0.02, "\(quarter) against \(full)")
        #expect(try peak(0) == 0)
    }

    @Test("outputChannels sends speech to the chosen port channel only")
    func outputChannels() throws {
        let stage = try SpeechStage()
        let right = try #require(stage.device.run(as: "Reader") { AVAudioSession.sharedInstance().currentRoute.outputs.first?.channels?.last })
        stage.synthesizer.outputChannels = [right]
        stage.speak("Only on the right.")
        stage.device.advance(to: .seconds(4))
        let speaker = try stage.speaker(.zero, .seconds(4))
        #expect(speaker.channel(1).isSilent)
        #expect(speaker.channel(2).level.peakDBFS > -20)
        #expect(stage.synthesizer.outputChannels?.first?.channelNumber == 2)
    }

    @Test("the same text on two devices gives identical samples at the speaker")
    func deterministic() throws {
        func samples() throws -> [Float] {
            let stage = try SpeechStage()
            stage.speak("Determinism is a feature.")
            stage.device.advance(to: .seconds(4))
            return try #require(stage.speaker(.zero, .seconds(4)).channel(1).samples)
        }
        let first = try samples()
        // Something else spoken in between must not change the next synthesis.
        let other = try SpeechStage()
        other.speak("Bonjour tout le monde.") { $0.voice = AVSpeechSynthesisVoice(language: "fr-FR"); $0.pitchMultiplier = 1.7 }
        other.device.advance(to: .seconds(3))
        let second = try samples()
        #expect(first.count == second.count)
        #expect(first.elementsEqual(second))
        #expect(first.contains { $0 != 0 })
    }

    @Test("utterances play in order, the pre-utterance delay before the first sample and the post-utterance delay as silence after the last")
    func queueAndDelays() throws {
        let stage = try SpeechStage()
        stage.device.run(as: "Reader") {
            let first = AVSpeechUtterance(string: "First.")
            first.preUtteranceDelay = 0.5
            first.postUtteranceDelay = 1
            stage.synthesizer.speak(first)
            stage.synthesizer.speak(AVSpeechUtterance(string: "Second."))
        }
        stage.device.advance(to: .seconds(6))
        let entries = stage.log.entries.filter { $0.kind != .word && $0.kind != .marker }
        #expect(entries.map(\.text) == ["First.", "First.", "Second.", "Second."])
        #expect(entries.map(\.kind) == [.start, .finish, .start, .finish])
        #expect(entries[0].time == .milliseconds(500))
        #expect(entries[2].time == entries[1].time + .seconds(1))
        #expect(try stage.speaker(.zero, .milliseconds(490)).isSilent)
        #expect(try stage.speaker(entries[1].time + .milliseconds(20), entries[2].time - .milliseconds(10)).isSilent)
        #expect(try stage.speaker(entries[2].time, entries[3].time).level.peakDBFS > -20)
    }
}
