@testable import BuiltInChecks
import AudioToolbox
import AVFAudio
import Foundation
import SimCore
import Soundcheck
import Testing

/// MusicPlayer playing a sequence into an AUGraph (AUSampler → RemoteIO) on the simulated
/// device: the notes are heard at the speaker when the tempo map and the play rate say.
@Suite("MusicPlayer")
struct MusicPlayerTests {
    static func description(_ type: OSType, _ subType: OSType) -> AudioComponentDescription {
        AudioComponentDescription(componentType: type, componentSubType: subType, componentManufacturer: kAudioUnitManufacturer_Apple,
                                  componentFlags: 0, componentFlagsMask: 0)
    }

    /// A started graph with a sampler, a sequence of two half-beat A4 notes at beats 0 and 2
    /// playing into it, and a player holding the sequence.
    static func rig(_ device: SimulatedDevice) throws -> (AUGraph, MusicSequence, MusicPlayer) {
        try device.launch("Sequencer", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        return try device.run(as: "Sequencer") { () throws -> (AUGraph, MusicSequence, MusicPlayer) in
            var made: AUGraph?
            _ = NewAUGraph(&made)
            let graph = try #require(made)
            var output = description(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO)
            var sampler = description(kAudioUnitType_MusicDevice, kAudioUnitSubType_Sampler)
            var outputNode: AUNode = 0
            var samplerNode: AUNode = 0
            _ = AUGraphAddNode(graph, &output, &outputNode)
            _ = AUGraphAddNode(graph, &sampler, &samplerNode)
            _ = AUGraphOpen(graph)
            _ = AUGraphConnectNodeInput(graph, samplerNode, 0, outputNode, 0)
            #expect(AUGraphInitialize(graph) == noErr)
            #expect(AUGraphStart(graph) == noErr)
            var sequence: MusicSequence?
            _ = NewMusicSequence(&sequence)
            var track: MusicTrack?
            _ = MusicSequenceNewTrack(try #require(sequence), &track)
            for beat in [0.0, 2.0] {
                var note = MIDINoteMessage(channel: 0, note: 69, velocity: 110, releaseVelocity: 0, duration: 0.5)
                _ = MusicTrackNewMIDINoteEvent(try #require(track), beat, &note)
            }
            #expect(MusicSequenceSetAUGraph(try #require(sequence), graph) == noErr)
            #expect(MusicTrackSetDestNode(try #require(track), samplerNode) == noErr)
            var player: MusicPlayer?
            _ = NewMusicPlayer(&player)
            #expect(MusicPlayerSetSequence(try #require(player), sequence) == noErr)
            return (graph, try #require(sequence), try #require(player))
        }
    }

    @Test("MusicPlayerStart plays the notes into the graph's sampler: heard at beats 0 and 2 (0 s and 1 s at 120 bpm), silent between")
    func playsIntoGraph() throws {
        let device = try SimulatedDevice(seed: 51)
        let (graph, sequence, player) = try Self.rig(device)
        defer { _ = DisposeMusicPlayer(player); _ = DisposeMusicSequence(sequence); _ = DisposeAUGraph(graph) }
        device.advance(by: .milliseconds(100))
        let start = device.now
        device.run(as: "Sequencer") {
            #expect(MusicPlayerPreroll(player) == noErr)
            #expect(MusicPlayerStart(player) == noErr)
        }
        device.advance(by: .milliseconds(1_600))
        var time: MusicTimeStamp = 0
        #expect(MusicPlayerGetTime(player, &time) == noErr)
        #expect(abs(time - 3.2) < 0.1)
        var playing = DarwinBoolean(false)
        #expect(MusicPlayerIsPlaying(player, &playing) == noErr && playing.boolValue)
        var host: UInt64 = 0
        #expect(MusicPlayerGetHostTimeForBeats(player, 4, &host) == noErr)
        #expect(abs(Double(Int64(host) - start.nanoseconds) / 1e9 - 2) < 0.05, "beat 4 plays about 2 s after the start")
        var beats: MusicTimeStamp = 0
        #expect(MusicPlayerGetBeatsForHostTime(player, host, &beats) == noErr)
        #expect(abs(beats - 4) < 1e-6)
        #expect(MusicPlayerStop(player) == noErr)
        let speaker = try #require(device.sink("Speaker"))
        func rms(_ from: Int64, _ to: Int64) -> Double {
            speaker.level(channel: 1, from: start + .milliseconds(from), to: start + .milliseconds(to))?.rms ?? 0
        }
        #expect(rms(-90, -10) < 1e-6)
        #expect(rms(60, 220) > 0.05)
        #expect(rms(330, 950) < 1e-6)
        #expect(rms(1_060, 1_220) > 0.05)
        #expect(rms(1_330, 1_590) < 1e-6)
        let heard = try #require(speaker.dominantFrequency(channel: 1, from: start + .milliseconds(60), to: start + .milliseconds(220)))
        #expect(abs(heard - 440) < 3)
    }

    @Test("at play rate 2 the second note comes after 0.5 s; a player without a sequence or graph answers Apple's errors")
    func rateAndErrors() throws {
        let device = try SimulatedDevice(seed: 52)
        let (graph, sequence, player) = try Self.rig(device)
        defer { _ = DisposeMusicPlayer(player); _ = DisposeMusicSequence(sequence); _ = DisposeAUGraph(graph) }
        device.advance(by: .milliseconds(100))
        let start = device.now
        device.run(as: "Sequencer") {
            #expect(MusicPlayerSetPlayRateScalar(player, 2) == noErr)
            #expect(MusicPlayerStart(player) == noErr)
        }
        device.advance(by: .milliseconds(800))
        let speaker = try #require(device.sink("Speaker"))
        func rms(_ from: Int64, _ to: Int64) -> Double {
            speaker.level(channel: 1, from: start + .milliseconds(from), to: start + .milliseconds(to))?.rms ?? 0
        }
        #expect(rms(40, 110) > 0.05)
        #expect(rms(260, 450) < 1e-6)
        #expect(rms(540, 610) > 0.05)
        var rate: Float64 = 0
        #expect(MusicPlayerGetPlayRateScalar(player, &rate) == noErr && rate == 2)
        #expect(MusicPlayerSetPlayRateScalar(player, 0) == kAudio_ParamError)

        var empty: MusicPlayer?
        _ = NewMusicPlayer(&empty)
        let lonely = try #require(empty)
        defer { _ = DisposeMusicPlayer(lonely) }
        #expect(MusicPlayerStart(lonely) == kAudioToolboxErr_NoSequence)
        var bare: MusicSequence?
        _ = NewMusicSequence(&bare)
        defer { _ = DisposeMusicSequence(bare!) }
        _ = MusicPlayerSetSequence(lonely, bare)
        #expect(MusicPlayerStart(lonely) == kAudioToolboxError_NoTrackDestination)
    }
}
