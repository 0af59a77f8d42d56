@_spi(Soundcheck) import AudioToolbox
import Foundation

/// Playing: the transport on the control side, and the hook the engine calls before each
/// render pass (`renderWillPull`) and after handing the app its deliveries (`deliverAfterRender`).
extension AVAudioSequencer {
    /// Flattens the tracks for playing and picks each track's instrument: its
    /// `destinationAudioUnit` when that is a MIDI instrument, else the first MIDI instrument
    /// attached to the engine (the documented default of the simulation).
    public func prepareToPlay() {
        let fallback = engine?.nodes.first { $0 is AVAudioUnitMIDIInstrument } as? AVAudioUnitMIDIInstrument
        // A track with a MIDI endpoint and no audio unit plays to the endpoint.
        endpoints = model.tracks.map { $0.destinationObject == nil ? $0.destinationEndpoint : 0 }
        destinations = model.tracks.map { track in
            if let instrument = track.destinationObject as? AVAudioUnitMIDIInstrument { return instrument }
            return track.destinationObject == nil && track.destinationEndpoint == 0 ? fallback : nil
        }
        playback.prepare(model, at: stoppedBeat, sampleRate: renderSampleRate, rate: Double(playRate))
        lastPassHostTime = nil
        lastPassFrame = 0
        isPrepared = true
    }

    /// Starts playing from the current position at the next render pass. The engine must be
    /// running: else `kAudioToolboxErr_InvalidPlayerState` (the status is the simulation's
    /// documented choice; Apple's is not documented).
    public func start() throws {
        guard let engine, engine.isRunning else {
            throw Self.error(kAudioToolboxErr_InvalidPlayerState, "the sequencer's engine is not running")
        }
        if isPlaying { return }
        prepareToPlay()
        isPlaying = true
    }

    /// Stops at the current position; notes still sounding get their note-off.
    public func stop() {
        guard isPlaying else { return }
        stoppedBeat = playback.position
        isPlaying = false
        isPrepared = false
        releaseSounding()
    }

    /// Note-offs for the notes still sounding, to instruments and MIDI destinations alike.
    private func releaseSounding() {
        playback.releaseAll { track, item in
            if track < endpoints.count, endpoints[track] != 0 {
                _ = midiOutput.enqueue(.init(endpoint: endpoints[track], hostTime: 0, status: item.status, data1: item.data1, data2: item.data2))
            }
            destinations[track]?.sendMIDIEvent(item.status, data1: item.data1, data2: item.data2)
        }
        midiOutput.send()
    }

    public var currentPositionInBeats: TimeInterval {
        get { isPlaying ? playback.position : stoppedBeat }
        set {
            stoppedBeat = max(0, newValue)
            guard isPlaying else { return isPrepared = false }
            releaseSounding()
            playback.locate(stoppedBeat)
            lastPassHostTime = nil
        }
    }

    public var currentPositionInSeconds: TimeInterval {
        get { seconds(forBeats: currentPositionInBeats) }
        set { currentPositionInBeats = beats(forSeconds: newValue) }
    }

    /// The play rate: 2 plays twice as fast (the tempo map stays; time runs faster).
    public var rate: Float {
        get { playRate }
        set {
            guard newValue > 0, newValue.isFinite else { return }
            if isPlaying, let host = lastPassHostTime {
                lastPassHostTime = host &+ UInt64(max(0, Double(playback.frames - lastPassFrame) / playback.sampleRate * 1e9))
                lastPassFrame = 0
            }
            playRate = newValue
            playback.setRate(Double(newValue))
        }
    }

    /// The host time at which `inBeats` plays, while playing on the device (else
    /// `kAudioToolboxErr_InvalidPlayerState`).
    public func hostTime(forBeats inBeats: AVMusicTimeStamp, error outError: NSErrorPointer) -> UInt64 {
        guard isPlaying, let host = lastPassHostTime else {
            outError?.pointee = Self.error(kAudioToolboxErr_InvalidPlayerState, "the sequencer is not playing on a clock with host time")
            return 0
        }
        let frames = Double(playback.frame(ofBeat: inBeats) - lastPassFrame)
        return UInt64(max(0, Double(host) + frames / playback.sampleRate * 1e9))
    }

    public func beats(forHostTime inHostTime: UInt64, error outError: NSErrorPointer) -> AVMusicTimeStamp {
        guard isPlaying, let host = lastPassHostTime else {
            outError?.pointee = Self.error(kAudioToolboxErr_InvalidPlayerState, "the sequencer is not playing on a clock with host time")
            return 0
        }
        let seconds = (Double(inHostTime) - Double(host)) / 1e9 + Double(lastPassFrame) / playback.sampleRate
        let anchorSeconds = model.tempoMap.seconds(forBeats: playback.position) - Double(playback.frames) / playback.sampleRate * playback.rate
        return model.tempoMap.beats(forSeconds: anchorSeconds + seconds * playback.rate)
    }

    var renderSampleRate: Double {
        let rate = engine?.outputNode.outputFormat(forBus: 0).sampleRate ?? 0
        return rate > 0 ? rate : 44_100
    }

    // MARK: Render side

    /// Queues on each track's instrument the events due in the next `frames` frames, at their
    /// frames. Allocates nothing.
    func renderWillPull(_ frames: Int, hostTime: UInt64?) {
        guard isPlaying else { return }
        lastPassHostTime = hostTime
        lastPassFrame = playback.frames
        playback.render(frames: frames) { track, offset, item in
            if item.status == 0 {
                guard pendingUserCount < pendingUserEvents.count else { return }
                pendingUserEvents[pendingUserCount] = (track, item.payload, item.beat)
                pendingUserCount += 1
                return
            }
            if endpoints[track] != 0, item.status >= 0x80, item.status < 0xF0 {
                let host = hostTime.map { $0 &+ UInt64(Double(offset) / playback.sampleRate * 1e9) } ?? 0
                _ = midiOutput.enqueue(.init(endpoint: endpoints[track], hostTime: host, status: item.status, data1: item.data1, data2: item.data2))
                return
            }
            guard let destination = destinations[track] else { return }
            if item.status == 0xF0 {
                playback.payloads[Int(item.payload)].withUnsafeBufferPointer { destination.instrument?.handle(sysEx: $0) }
            } else {
                destination.scheduleSequencedEvent(at: destination.nodeFrames + Int64(offset), status: item.status, data1: item.data1, data2: item.data2)
            }
        }
    }

    /// Hands the app the user events played in the last passes.
    func deliverAfterRender() {
        midiOutput.send()
        guard pendingUserCount > 0 else { return }
        let played = pendingUserEvents[0..<pendingUserCount]
        pendingUserCount = 0
        guard let userCallback else { return }
        let tracks = tracks
        for event in played where event.track < tracks.count {
            userCallback(tracks[event.track], Data(playback.payloads[Int(event.payload)]), event.beat)
        }
    }
}

/// The engine's list of sequencers to drive, held weakly (a sequencer holds its engine weakly too).
struct WeakSequencer {
    weak var sequencer: AVAudioSequencer?
}

extension AVAudioEngine {
    func register(_ sequencer: AVAudioSequencer) {
        sequencers.removeAll { $0.sequencer == nil }
        sequencers.append(WeakSequencer(sequencer: sequencer))
    }

    func unregister(_ sequencer: AVAudioSequencer) {
        sequencers.removeAll { $0.sequencer == nil || $0.sequencer === sequencer }
    }
}
