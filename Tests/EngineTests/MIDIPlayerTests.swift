@testable import BuiltInChecks
import Foundation
import AVFAudio
import AudioToolbox
import SimCore
import Soundcheck
import Testing

/// AVMIDIPlayer on the simulated device: a file's notes heard at the speaker when the tempo map
/// says, and the completion handler called when the position reaches the duration.
@Suite("AVMIDIPlayer")
struct MIDIPlayerTests {
    /// Two half-beat notes (A4) at beats 0 and 1, and the track running to beat 2: one second
    /// at the default 120 bpm.
    static func file() throws -> Data {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        track.addEvent(AVMIDINoteEvent(channel: 0, key: 69, velocity: 110, duration: 0.5), at: 0)
        track.addEvent(AVMIDINoteEvent(channel: 0, key: 69, velocity: 110, duration: 0.5), at: 1)
        track.lengthInBeats = 2
        var error: NSError?
        let data = sequencer.data(withSMPTEResolution: 480, error: &error)
        if let error { throw error }
        return data
    }

    @Test("ENGINE-MIDI-PLAYER: play: the notes sound at the speaker 0.5 s apart; the completion comes at the duration; position and isPlaying follow")
    func playsAndCompletes() throws {
        let device = try SimulatedDevice(seed: 41)
        try EngineRenderingChecks.launch(device, "Player")
        let player = try device.run(as: "Player") { try AVMIDIPlayer(data: try Self.file(), soundBankURL: nil) }
        #expect(player.duration == 1)
        device.advance(by: .milliseconds(100))
        let start = device.now
        nonisolated(unsafe) var completedAt: HostTime?
        device.run(as: "Player") {
            player.prepareToPlay()
            player.play { completedAt = device.now }
        }
        #expect(player.isPlaying)
        device.advance(by: .milliseconds(600))
        #expect(abs(player.currentPosition - 0.6) < 0.05)
        device.advance(by: .milliseconds(900))
        let speaker = try #require(device.sink("Speaker"))
        func rms(_ from: Int64, _ to: Int64) -> Double {
            speaker.level(channel: 1, from: start + .milliseconds(from), to: start + .milliseconds(to))?.rms ?? 0
        }
        #expect(rms(-90, -10) < 1e-6, "silent before play")
        #expect(rms(60, 220) > 0.05, "the first note")
        #expect(rms(330, 480) < 1e-6, "the gap")
        #expect(rms(560, 720) > 0.05, "the second note")
        #expect(rms(850, 1_400) < 1e-6, "nothing after the file")
        let heard = try #require(speaker.dominantFrequency(channel: 1, from: start + .milliseconds(60), to: start + .milliseconds(220)))
        #expect(abs(heard - 440) < 3)
        let done = try #require(completedAt)
        let late = Double((done - start).nanoseconds) / 1e9 - player.duration
        #expect(late >= 0 && late < 0.05, "the completion \(late) s after the duration")
        #expect(!player.isPlaying)
        #expect(player.currentPosition == 1)
    }

    @Test("rate 2 plays the file in half the time, so the completion comes at 0.5 s; stop() silences it and drops the completion")
    func rateAndStop() throws {
        let device = try SimulatedDevice(seed: 45)
        try EngineRenderingChecks.launch(device, "Player")
        let fast = try device.run(as: "Player") { try AVMIDIPlayer(data: try Self.file(), soundBankURL: nil) }
        let stopped = try device.run(as: "Player") { try AVMIDIPlayer(data: try Self.file(), soundBankURL: nil) }
        device.advance(by: .milliseconds(100))
        let start = device.now
        nonisolated(unsafe) var fastDone: HostTime?
        nonisolated(unsafe) var stoppedDone = false
        let done: AVMIDIPlayerCompletionHandler = { fastDone = device.now }
        device.run(as: "Player") {
            fast.rate = 2
            #expect(fast.rate == 2)
            fast.play(done)
        }
        device.advance(by: .milliseconds(700))
        let late = Double((try #require(fastDone) - start).nanoseconds) / 1e9 - 0.5
        #expect(late >= 0 && late < 0.05, "the completion \(late) s after half the duration")
        let second = device.now
        device.run(as: "Player") { stopped.play { stoppedDone = true } }
        device.advance(by: .milliseconds(150))
        device.run(as: "Player") { stopped.stop() }
        #expect(!stopped.isPlaying)
        let position = stopped.currentPosition
        #expect(position > 0.1 && position < 0.2)
        device.advance(by: .milliseconds(1_200))
        #expect(!stoppedDone)
        #expect(stopped.currentPosition == position)
        let speaker = try #require(device.sink("Speaker"))
        #expect((speaker.level(channel: 1, from: second + .milliseconds(250), to: second + .milliseconds(1_300))?.rms ?? 1) < 1e-6, "silent after stop()")
    }

    @Test("a malformed file throws kAudioFileInvalidFileError; a SoundFont bank throws kAudioUnitErr_UnknownFileType")
    func errors() throws {
        let device = try SimulatedDevice(seed: 42)
        try EngineRenderingChecks.launch(device, "Player")
        device.run(as: "Player") {
            let bad = #expect(throws: NSError.self) { try AVMIDIPlayer(data: Data("MThd but not really".utf8), soundBankURL: nil) }
            #expect(bad?.code == Int(kAudioFileInvalidFileError))
            let bank = #expect(throws: NSError.self) {
                try AVMIDIPlayer(data: try Self.file(), soundBankURL: URL(fileURLWithPath: "/tmp/GeneralUser.sf2"))
            }
            #expect(bank?.code == Int(kAudioUnitErr_UnknownFileType))
        }
    }
}
