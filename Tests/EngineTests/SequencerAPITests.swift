import CRealtimeProbe
@testable import BuiltInChecks
import Foundation
import AVFAudio
import AudioToolbox
import SimCore
import Soundcheck
import Testing

/// The rest of AVAudioSequencer's surface: every event class stored and read back, track
/// properties and edits, the info dictionary, user events at the callback, channels to tracks,
/// host times on the device, and a render that allocates nothing.
@Suite("AVAudioSequencer API")
struct SequencerAPITests {
    @Test("every event class goes into a track and comes back out with its fields")
    func eventClasses() throws {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        track.addEvent(AVExtendedNoteOnEvent(midiNote: 61.5, velocity: 80, groupID: 3, duration: 2), at: 0)
        track.addEvent(AVExtendedNoteOnEvent(midiNote: 40, velocity: 70, instrumentID: 7, groupID: 1, duration: 1), at: 0.5)
        track.addEvent(AVParameterEvent(parameterID: 12, scope: 0, element: 1, value: 0.25), at: 1)
        track.addEvent(AVMusicUserEvent(data: Data([1, 2, 3])), at: 2)
        track.addEvent(AVMIDISysexEvent(data: Data([0xF0, 0x41, 0xF7])), at: 3)
        track.addEvent(AVMIDIControlChangeEvent(channel: 2, messageType: .sustain, value: 127), at: 4)
        track.addEvent(AVMIDIPolyPressureEvent(channel: 1, key: 60, pressure: 9), at: 5)
        track.addEvent(AVExtendedTempoEvent(tempo: 90), at: 6)   // not on the tempo track: refused
        var seen: [AVMusicEvent] = []
        let collect: AVMusicEventEnumerationBlock = { event, _, _ in seen.append(event) }
        track.enumerateEvents(in: AVMakeBeatRange(0, AVMusicTimeStampEndOfTrack), using: collect)
        #expect(seen.count == 7)
        // Controller and pressure events share the channel of their AVMIDIChannelEvent base.
        #expect(seen.compactMap { ($0 as? AVMIDIChannelEvent)?.channel } == [2, 1])
        let extended = try #require(seen[0] as? AVExtendedNoteOnEvent)
        #expect(extended.midiNote == 61.5 && extended.velocity == 80 && extended.groupID == 3 && extended.duration == 2)
        #expect(extended.instrumentID == AVExtendedNoteOnEvent.defaultInstrument)
        #expect((seen[1] as? AVExtendedNoteOnEvent)?.instrumentID == 7)
        let parameter = try #require(seen[2] as? AVParameterEvent)
        #expect(parameter.parameterID == 12 && parameter.scope == 0 && parameter.element == 1 && parameter.value == 0.25)
        #expect((seen[3] as? AVMusicUserEvent)?.sizeInBytes == 3)
        #expect((seen[4] as? AVMIDISysexEvent)?.sizeInBytes == 3)
        let control = try #require(seen[5] as? AVMIDIControlChangeEvent)
        #expect(control.channel == 2 && control.messageType == .sustain && control.value == 127)
        let poly = try #require(seen[6] as? AVMIDIPolyPressureEvent)
        #expect(poly.key == 60 && poly.pressure == 9)
        #expect(track.lengthInBeats == 5)
    }

    @Test("track properties and edits: offset, solo, lengths in beats and seconds, move, copy and merge, reverse, loop defaults")
    func trackProperties() throws {
        let sequencer = AVAudioSequencer()
        let track = sequencer.createAndAppendTrack()
        for beat in [0.0, 1, 2] { track.addEvent(AVMIDINoteEvent(channel: 0, key: 60, velocity: 64, duration: 1), at: beat) }
        #expect(track.lengthInBeats == 3)
        #expect(track.lengthInSeconds == 1.5)
        track.lengthInSeconds = 4
        #expect(track.lengthInBeats == 8)
        #expect(track.loopRange == AVMakeBeatRange(0, 8))
        #expect(!track.isLoopingEnabled)
        #expect(track.numberOfLoops == AVMusicTrackLoopCount.forever.rawValue)
        track.offsetTime = 0.5
        #expect(track.offsetTime == 0.5)
        track.isSoloed = true
        #expect(track.isSoloed)
        track.usesAutomatedParameters = true
        #expect(track.usesAutomatedParameters)
        #expect(track.destinationAudioUnit == nil)
        #expect(track.destinationMIDIEndpoint == 0)
        track.moveEvents(in: AVMakeBeatRange(1, 2), by: 4)
        let other = sequencer.createAndAppendTrack()
        other.addEvent(AVMIDINoteEvent(channel: 0, key: 72, velocity: 64, duration: 1), at: 1)
        other.copyAndMergeEvents(in: AVMakeBeatRange(0, 1), from: track, mergeAt: 1)
        var beats: [Double] = []
        other.enumerateEvents(in: AVMakeBeatRange(0, 100)) { _, beat, _ in beats.append(beat.pointee) }
        #expect(beats == [1, 1])
        track.lengthInBeats = 7
        sequencer.reverseEvents()
        beats = []
        track.enumerateEvents(in: AVMakeBeatRange(0, 100)) { _, beat, _ in beats.append(beat.pointee) }
        #expect(beats == [0, 1, 6])   // ends at 7, 6, 1 before
    }

    @Test("userInfo reads a file's tempo, time signature, title and copyright, and its duration")
    func userInfo() throws {
        let source = AVAudioSequencer()
        source.tempoTrack.addEvent(AVExtendedTempoEvent(tempo: 90), at: 0)
        source.tempoTrack.addEvent(AVMIDIMetaEvent(type: .timeSignature, data: Data([6, 3, 24, 8])), at: 0)
        source.tempoTrack.addEvent(AVMIDIMetaEvent(type: .trackName, data: Data("Etude".utf8)), at: 0)
        source.tempoTrack.addEvent(AVMIDIMetaEvent(type: .copyright, data: Data("(c) nobody".utf8)), at: 0)
        source.createAndAppendTrack().addEvent(AVMIDINoteEvent(channel: 0, key: 60, velocity: 64, duration: 3), at: 0)
        var error: NSError?
        let sequencer = AVAudioSequencer()
        try sequencer.load(from: source.data(withSMPTEResolution: 0, error: &error), options: [])
        let info = sequencer.userInfo
        #expect(info[AVAudioSequencer.InfoDictionaryKey.title.rawValue] as? String == "Etude")
        #expect(info[AVAudioSequencer.InfoDictionaryKey.copyright.rawValue] as? String == "(c) nobody")
        #expect(info[AVAudioSequencer.InfoDictionaryKey.timeSignature.rawValue] as? String == "6/8")
        #expect(abs((info[AVAudioSequencer.InfoDictionaryKey.tempo.rawValue] as? Double ?? 0) - 90) < 1e-3)
        #expect(abs((info[AVAudioSequencer.InfoDictionaryKey.approximateDurationInSeconds.rawValue] as? Double ?? 0) - 2) < 1e-3)
    }

    @Test("smf_ChannelsToTracks splits a format 0 file's channels into tracks")
    func channelsToTracks() throws {
        // One track: a note on channel 0 and one on channel 3.
        let file: [UInt8] = [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 20,
                             0, 0x90, 60, 100, 0, 0x93, 64, 100, 0x60, 0x80, 60, 0, 0, 0x83, 64, 0, 0, 0xFF, 0x2F, 0]
        let sequencer = AVAudioSequencer()
        try sequencer.load(from: Data(file), options: [])
        #expect(sequencer.tracks.count == 1)
        try sequencer.load(from: Data(file), options: .smf_ChannelsToTracks)
        #expect(sequencer.tracks.count == 2)
        var channels: [UInt32] = []
        for track in sequencer.tracks {
            track.enumerateEvents(in: AVMakeBeatRange(0, 10)) { event, _, _ in channels.append((event as? AVMIDINoteEvent)?.channel ?? 99) }
        }
        #expect(channels == [0, 3])
    }

    @Test("user events reach the user callback after the render that played them, with their track, bytes and beat")
    func userCallback() throws {
        let (engine, _, sequencer, track) = try SequencerPlaybackTests.rig([])
        track.addEvent(AVMusicUserEvent(data: Data([7, 8])), at: 1)
        var calls: [(AVMusicTrack, Data, AVMusicTimeStamp)] = []
        let callback: AVAudioSequencerUserCallback = { calls.append(($0, $1, $2)) }
        sequencer.setUserCallback(callback)
        try sequencer.start()
        _ = try EngineSignals.renderOffline(engine, seconds: 0.49)
        #expect(calls.isEmpty)
        _ = try EngineSignals.renderOffline(engine, seconds: 0.02)
        #expect(calls.count == 1)
        #expect(calls.first?.0 === track && calls.first?.1 == Data([7, 8]) && calls.first?.2 == 1)
    }

    @Test("on the device: hostTime(forBeats:) and beats(forHostTime:) follow the tempo map from the start; not playing is an error")
    func hostTimes() throws {
        let device = try SimulatedDevice(seed: 43)
        try EngineRenderingChecks.launch(device, "Seq")
        let (engine, sequencer) = try device.run(as: "Seq") { () throws -> (AVAudioEngine, AVAudioSequencer) in
            let engine = AVAudioEngine()
            let sampler = AVAudioUnitSampler()
            engine.attach(sampler)
            engine.connect(sampler, to: engine.mainMixerNode, format: nil)
            try engine.start()
            let sequencer = AVAudioSequencer(audioEngine: engine)
            sequencer.createAndAppendTrack().addEvent(AVMIDINoteEvent(channel: 0, key: 69, velocity: 100, duration: 1), at: 0)
            sequencer.tempoTrack.addEvent(AVExtendedTempoEvent(tempo: 60), at: 1)
            return (engine, sequencer)
        }
        _ = engine
        var error: NSError?
        _ = sequencer.hostTime(forBeats: 1, error: &error)
        #expect(error?.code == Int(kAudioToolboxErr_InvalidPlayerState))
        try device.run(as: "Seq") { try sequencer.start() }
        device.advance(by: .milliseconds(300))
        error = nil
        let one = sequencer.hostTime(forBeats: 1, error: &error)
        let three = sequencer.hostTime(forBeats: 3, error: &error)
        #expect(error == nil)
        #expect(abs(Double(Int64(three) - Int64(one)) / 1e9 - 2) < 1e-6, "beats 1 to 3 at 60 bpm")
        #expect(abs(sequencer.beats(forHostTime: three, error: &error) - 3) < 1e-6)
    }

    @Test("a track with destinationMIDIEndpoint sends its notes to that Core MIDI destination, time-stamped 0.5 s apart at 120 bpm")
    func midiEndpoint() throws {
        let device = try SimulatedDevice(seed: 44)
        try EngineRenderingChecks.launch(device, "Seq")
        nonisolated(unsafe) var received: [(time: MIDITimeStamp, bytes: [UInt8])] = []
        let (engine, sampler, sequencer) = try device.run(as: "Seq") { () throws -> (AVAudioEngine, AVAudioUnitSampler, AVAudioSequencer) in
            var client = MIDIClientRef(), destination = MIDIEndpointRef()
            _ = MIDIClientCreateWithBlock("Synth" as CFString, &client, nil)
            _ = MIDIDestinationCreateWithBlock(client, "Synth In" as CFString, &destination) { list, _ in
                for packet in list.unsafeSequence() {
                    let length = Int(packet.pointee.length)
                    received.append((packet.pointee.timeStamp, withUnsafeBytes(of: packet.pointee.data) { Array($0.prefix(length)) }))
                }
            }
            let engine = AVAudioEngine()
            let sampler = AVAudioUnitSampler()
            engine.attach(sampler)
            engine.connect(sampler, to: engine.mainMixerNode, format: nil)
            try engine.start()
            let sequencer = AVAudioSequencer(audioEngine: engine)
            let track = sequencer.createAndAppendTrack()
            track.destinationMIDIEndpoint = destination
            #expect(track.destinationMIDIEndpoint == destination)
            for beat in [0.0, 1, 2] { track.addEvent(AVMIDINoteEvent(channel: 2, key: 64, velocity: 99, duration: 0.25), at: beat) }
            try sequencer.start()
            return (engine, sampler, sequencer)
        }
        _ = engine
        let start = device.now
        device.advance(by: .milliseconds(1_300))
        #expect(received.map(\.bytes) == [[0x92, 64, 99], [0x82, 64, 0], [0x92, 64, 99], [0x82, 64, 0], [0x92, 64, 99], [0x82, 64, 0]])
        let ons = received.filter { $0.bytes[0] == 0x92 }.map { Double($0.time) / 1e9 }
        #expect(ons.count == 3)
        if ons.count == 3 {
            #expect(abs(ons[1] - ons[0] - 0.5) < 1e-6 && abs(ons[2] - ons[1] - 0.5) < 1e-6)
            #expect(ons[0] >= Double(start.nanoseconds) / 1e9 && ons[0] < Double(start.nanoseconds) / 1e9 + 0.1)
        }
        // The engine's instrument heard none of it.
        let speaker = try #require(device.sink("Speaker"))
        #expect((speaker.level(channel: 1, from: start, to: start + .milliseconds(1_200))?.rms ?? 0) < 1e-6)
        _ = sampler
        device.run(as: "Seq") { sequencer.stop() }
    }

    @Test("a sequencer playing into a sampler renders allocation-free")
    func allocationFree() throws {
        let engine = AVAudioEngine()
        try engine.enableManualRenderingMode(.realtime, format: EngineSignals.stereo48, maximumFrameCount: 512)
        let sampler = AVAudioUnitSampler()
        engine.attach(sampler)
        engine.connect(sampler, to: engine.mainMixerNode, format: EngineSignals.stereo48)
        let sequencer = AVAudioSequencer(audioEngine: engine)
        let track = sequencer.createAndAppendTrack()
        for step in 0..<64 { track.addEvent(AVMIDINoteEvent(channel: 0, key: UInt32(48 + step % 24), velocity: 90, duration: 0.25), at: Double(step) * 0.25) }
        track.addEvent(AVMIDIControlChangeEvent(channel: 0, messageType: .modWheel, value: 3), at: 1)
        track.loopRange = AVMakeBeatRange(0, 16)
        track.isLoopingEnabled = true
        try engine.start()
        try sequencer.start()
        let block = engine.manualRenderingBlock
        let output = AVAudioPCMBuffer(pcmFormat: EngineSignals.stereo48, frameCapacity: 512)!
        let list = output.mutableAudioBufferList
        var status: OSStatus = 0
        // The first pass of the loop and its first restart (at 8 s) warm up what is made once.
        for _ in 0..<800 { _ = block(512, list, &status) }
        let left = output.floatChannelData![0]
        var loudest: Float = 0
        rt_probe_watch(pthread_self())
        for _ in 0..<800 {   // 8.5 s: through the loop's next restart (16 s)
            _ = block(512, list, &status)
            for frame in 0..<512 { loudest = max(loudest, abs(left[frame])) }
        }
        let allocations = rt_probe_stop().allocations
        #expect(allocations == 0)
        #expect(loudest > 0.05, "the notes sounded while the probe watched")
        #expect(sequencer.currentPositionInBeats > 32)
    }
}
