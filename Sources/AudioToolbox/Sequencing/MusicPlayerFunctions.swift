import CoreAudioTypes
import MediaServer

/// A MusicPlayer: plays its sequence into the sequence's AUGraph. Its clock is the graph's
/// render: a pre-render notification on the graph's output unit hands each track's music device
/// the events due in that render as `MusicDeviceMIDIEvent`s with their frame offsets, so notes
/// land on the frame the tempo map gives. A track plays to its destination node, or (the
/// simulation's documented default) to the graph's first music device node.
///
/// User events go to the sequence's user callback from the same pre-render notification, before
/// the render that plays them, with the render's beat range as the slice.
///
/// A sequence without an AUGraph cannot start: `kAudioToolboxError_NoTrackDestination` (Apple
/// makes a default graph with its DLS synth there, which the simulation does not have); a player
/// without a sequence answers `kAudioToolboxErr_NoSequence`.
final class SequencePlayer {
    var sequence: MusicSequence?
    let playback = SequencePlayback()
    var isPlaying = false
    var isPrerolled = false
    var stoppedBeat: MusicTimeStamp = 0
    var rate: Float64 = 1
    /// The output unit whose render drives the player, and each track's music device.
    var output: AudioUnit?
    /// The app and device the output unit renders for (its IO clock gives render host times).
    var binding: AppBinding?
    var ioUnit: RemoteIOUnit?
    var units: [AudioUnit?] = []
    var trackHandles: [MusicTrack] = []
    var lastHostTime: UInt64?
    var lastFrame: Int64 = 0
    var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    var model: SequenceModel? { sequence.flatMap(SequenceModel.resolve) }

    func preroll() throws(SequenceFileError) {
        guard let model else { throw SequenceFileError(kAudioToolboxErr_NoSequence, "the player has no sequence") }
        guard let graph = model.graph else { throw SequenceFileError(kAudioToolboxError_NoTrackDestination, "the sequence has no AUGraph") }
        var count: UInt32 = 0
        _ = AUGraphGetNodeCount(graph, &count)
        var fallback: AudioUnit?
        var outputUnit: AudioUnit?
        for index in 0..<count {
            var node: AUNode = 0
            var description = AudioComponentDescription()
            var unit: AudioUnit?
            guard AUGraphGetIndNode(graph, index, &node) == noErr, AUGraphNodeInfo(graph, node, &description, &unit) == noErr else { continue }
            if description.componentType == kAudioUnitType_MusicDevice, fallback == nil { fallback = unit }
            if description.componentType == kAudioUnitType_Output { outputUnit = unit }
        }
        guard let outputUnit else { throw SequenceFileError(kAudioToolboxError_NoTrackDestination, "the sequence's graph has no output node") }
        trackHandles = model.tracks.map(\.musicTrack)
        units = model.tracks.map { track in
            guard let node = track.destinationNode else { return fallback }
            var unit: AudioUnit?
            return AUGraphNodeInfo(graph, node, nil, &unit) == noErr ? unit : nil
        }
        var format = AudioStreamBasicDescription()
        var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        _ = AudioUnitGetProperty(outputUnit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, &size)
        playback.prepare(model, at: stoppedBeat, sampleRate: format.mSampleRate > 0 ? format.mSampleRate : 44_100, rate: rate)
        // One notification, on the output of the graph the sequence names now.
        if output != outputUnit {
            if let output { _ = AudioUnitRemoveRenderNotify(output, { _, _, _, _, _, _ in noErr }, refCon) }
            _ = AudioUnitAddRenderNotify(outputUnit, { refCon, flags, timeStamp, _, frames, _ in
                let player = Unmanaged<SequencePlayer>.fromOpaque(refCon).takeUnretainedValue()
                if flags.pointee.contains(.unitRenderAction_PreRender) { player.render(Int(frames), timeStamp.pointee) }
                return noErr
            }, refCon)
        }
        output = outputUnit
        binding = AudioUnitHandle.resolve(outputUnit)?.binding
        ioUnit = AudioUnitHandle.resolve(outputUnit) as? RemoteIOUnit
        isPrerolled = true
    }

    /// Render side: the events due in this render to each track's music device.
    func render(_ frames: Int, _ timeStamp: AudioTimeStamp) {
        guard isPlaying else { return }
        // RemoteIO's time stamps may start at zero; the IO frame of its cycle has a host time.
        if let frame = ioUnit?.renderState?.cycleIOFrame, let time = binding?.server.hostTime(ofIOFrame: frame) {
            lastHostTime = UInt64(max(0, time.nanoseconds))
        } else {
            lastHostTime = timeStamp.mFlags.contains(.hostTimeValid) ? timeStamp.mHostTime : nil
        }
        lastFrame = playback.frames
        let sliceStart = playback.position
        let sliceEnd = playback.beat(atFrame: playback.frames + Int64(frames))
        let callback = model?.userCallback
        playback.render(frames: frames) { track, offset, item in
            if item.status == 0, let callback, let sequence, track < trackHandles.count {
                let data = UnsafePointer<MusicEventUserData>(OpaquePointer(playback.payloadEvents[Int(item.payload)].bytes))
                callback.callback(callback.clientData, sequence, trackHandles[track], item.beat, data, sliceStart, sliceEnd)
                return
            }
            guard item.status >= 0x80, item.status < 0xF0, track < units.count, let unit = units[track] else { return }
            _ = MusicDeviceMIDIEvent(unit, UInt32(item.status), UInt32(item.data1), UInt32(item.data2), UInt32(offset))
        }
    }

    func stop() {
        guard isPlaying else { return }
        stoppedBeat = playback.position
        isPlaying = false
        isPrerolled = false
        playback.releaseAll { track, item in
            if track < units.count, let unit = units[track] { _ = MusicDeviceMIDIEvent(unit, UInt32(item.status), UInt32(item.data1), 0, 0) }
        }
    }

    deinit {
        if let output { _ = AudioUnitRemoveRenderNotify(output, { _, _, _, _, _, _ in noErr }, refCon) }
    }
}

private func withPlayer(_ handle: MusicPlayer, _ body: (SequencePlayer) throws(SequenceFileError) -> Void) -> OSStatus {
    guard let player = ObjectHandle.resolve(handle, as: SequencePlayer.self) else { return kAudio_ParamError }
    do { try body(player) } catch { return error.status }
    return noErr
}

public func NewMusicPlayer(_ outPlayer: UnsafeMutablePointer<MusicPlayer?>) -> OSStatus {
    outPlayer.pointee = ObjectHandle.make(for: SequencePlayer())
    return noErr
}

public func DisposeMusicPlayer(_ inPlayer: MusicPlayer) -> OSStatus {
    _ = withPlayer(inPlayer) { player in player.stop() }
    return ObjectHandle.dispose(inPlayer) ? noErr : kAudio_ParamError
}

public func MusicPlayerSetSequence(_ inPlayer: MusicPlayer, _ inSequence: MusicSequence?) -> OSStatus {
    withPlayer(inPlayer) { player in
        player.stop()
        player.sequence = inSequence
        player.stoppedBeat = 0
        player.isPrerolled = false
    }
}

public func MusicPlayerGetSequence(_ inPlayer: MusicPlayer, _ outSequence: UnsafeMutablePointer<MusicSequence?>) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard let sequence = player.sequence else { throw SequenceFileError(kAudioToolboxErr_NoSequence, "") }
        outSequence.pointee = sequence
    }
}

public func MusicPlayerSetTime(_ inPlayer: MusicPlayer, _ inTime: MusicTimeStamp) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard inTime >= 0, inTime.isFinite else { throw SequenceFileError(kAudio_ParamError, "") }
        player.stoppedBeat = inTime
        if player.isPlaying { player.playback.locate(inTime) } else { player.isPrerolled = false }
    }
}

public func MusicPlayerGetTime(_ inPlayer: MusicPlayer, _ outTime: UnsafeMutablePointer<MusicTimeStamp>) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard player.sequence != nil else { throw SequenceFileError(kAudioToolboxErr_NoSequence, "") }
        outTime.pointee = player.isPlaying ? player.playback.position : player.stoppedBeat
    }
}

/// The host time at which `inBeats` plays; only while playing (else `kAudioToolboxErr_InvalidPlayerState`).
public func MusicPlayerGetHostTimeForBeats(_ inPlayer: MusicPlayer, _ inBeats: MusicTimeStamp, _ outHostTime: UnsafeMutablePointer<UInt64>) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard player.isPlaying, let host = player.lastHostTime else { throw SequenceFileError(kAudioToolboxErr_InvalidPlayerState, "") }
        let frames = Double(player.playback.frame(ofBeat: inBeats) - player.lastFrame)
        outHostTime.pointee = UInt64(max(0, Double(host) + frames / player.playback.sampleRate * 1e9))
    }
}

public func MusicPlayerGetBeatsForHostTime(_ inPlayer: MusicPlayer, _ inHostTime: UInt64, _ outBeats: UnsafeMutablePointer<MusicTimeStamp>) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard player.isPlaying, let host = player.lastHostTime else { throw SequenceFileError(kAudioToolboxErr_InvalidPlayerState, "") }
        let playback = player.playback
        let frame = Double(player.lastFrame) + (Double(inHostTime) - Double(host)) / 1e9 * playback.sampleRate
        let startSeconds = playback.tempo.seconds(forBeats: playback.position) - Double(playback.frames) / playback.sampleRate * playback.rate
        outBeats.pointee = playback.tempo.beats(forSeconds: startSeconds + frame / playback.sampleRate * playback.rate)
    }
}

public func MusicPlayerPreroll(_ inPlayer: MusicPlayer) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in try player.preroll() }
}

public func MusicPlayerStart(_ inPlayer: MusicPlayer) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard !player.isPlaying else { return }
        if !player.isPrerolled { try player.preroll() }
        player.isPlaying = true
    }
}

public func MusicPlayerStop(_ inPlayer: MusicPlayer) -> OSStatus {
    withPlayer(inPlayer) { player in player.stop() }
}

public func MusicPlayerIsPlaying(_ inPlayer: MusicPlayer, _ outIsPlaying: UnsafeMutablePointer<DarwinBoolean>) -> OSStatus {
    withPlayer(inPlayer) { player in outIsPlaying.pointee = DarwinBoolean(player.isPlaying) }
}

/// The rate scalar: 2 plays twice as fast. Must be above 0 (else `kAudio_ParamError`).
public func MusicPlayerSetPlayRateScalar(_ inPlayer: MusicPlayer, _ inScaleRate: Float64) -> OSStatus {
    withPlayer(inPlayer) { player throws(SequenceFileError) in
        guard inScaleRate > 0, inScaleRate.isFinite else { throw SequenceFileError(kAudio_ParamError, "") }
        player.rate = inScaleRate
        player.playback.setRate(inScaleRate)
    }
}

public func MusicPlayerGetPlayRateScalar(_ inPlayer: MusicPlayer, _ outScaleRate: UnsafeMutablePointer<Float64>) -> OSStatus {
    withPlayer(inPlayer) { player in outScaleRate.pointee = player.rate }
}
