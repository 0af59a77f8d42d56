import CoreAudioTypes

/// What the host's callbacks said at the start of the current render cycle, kept where the
/// node's copies of the callbacks read it: the system calls the host's callbacks once per cycle
/// and forwards the results (the node never calls into the host's process).
struct HostTimeline {
    var hasBeatAndTempo = false
    var beat: Float64 = 0
    var tempo: Float64 = 0
    var hasMusicalTime = false
    var deltaSampleOffsetToNextBeat: UInt32 = 0
    var timeSigNumerator: Float32 = 0
    var timeSigDenominator: UInt32 = 0
    var currentMeasureDownBeat: Float64 = 0
    var hasTransportState = false
    var isPlaying = false
    var isRecording = false
    var transportStateChanged = false
    var currentSampleInTimeLine: Float64 = 0
    var isCycling = false
    var cycleStartBeat: Float64 = 0
    var cycleEndBeat: Float64 = 0

    /// Calls the host's callbacks (render side: no allocation).
    mutating func refresh(from info: HostCallbackInfo) {
        let data = info.hostUserData
        if let proc = info.beatAndTempoProc {
            hasBeatAndTempo = proc(data, &beat, &tempo) == 0
        }
        if let proc = info.musicalTimeLocationProc {
            hasMusicalTime = proc(data, &deltaSampleOffsetToNextBeat, &timeSigNumerator, &timeSigDenominator, &currentMeasureDownBeat) == 0
        }
        var playing: DarwinBoolean = false, recording: DarwinBoolean = false, changed: DarwinBoolean = false, cycling: DarwinBoolean = false
        if let proc = info.transportStateProc2 {
            hasTransportState = proc(data, &playing, &recording, &changed, &currentSampleInTimeLine, &cycling,
                                     &cycleStartBeat, &cycleEndBeat) == 0
        } else if let proc = info.transportStateProc {
            hasTransportState = proc(data, &playing, &changed, &currentSampleInTimeLine, &cycling, &cycleStartBeat, &cycleEndBeat) == 0
        }
        if hasTransportState {
            (isPlaying, isRecording, transportStateChanged, isCycling) = (playing.boolValue, recording.boolValue, changed.boolValue,
                                                                          cycling.boolValue)
        }
    }

    /// Both transport-state callbacks read the timeline here (the older one has no recording flag).
    private static func transportState(_ data: UnsafeMutableRawPointer?, _ playing: UnsafeMutablePointer<DarwinBoolean>?,
                                       _ recording: UnsafeMutablePointer<DarwinBoolean>?, _ changed: UnsafeMutablePointer<DarwinBoolean>?,
                                       _ sample: UnsafeMutablePointer<Float64>?, _ cycling: UnsafeMutablePointer<DarwinBoolean>?,
                                       _ start: UnsafeMutablePointer<Float64>?, _ end: UnsafeMutablePointer<Float64>?) -> OSStatus {
        guard let t = data?.assumingMemoryBound(to: HostTimeline.self).pointee, t.hasTransportState else { return kAudioUnitErr_CannotDoInCurrentContext }
        playing?.pointee = DarwinBoolean(t.isPlaying)
        recording?.pointee = DarwinBoolean(t.isRecording)
        changed?.pointee = DarwinBoolean(t.transportStateChanged)
        sample?.pointee = t.currentSampleInTimeLine
        cycling?.pointee = DarwinBoolean(t.isCycling)
        start?.pointee = t.cycleStartBeat
        end?.pointee = t.cycleEndBeat
        return 0
    }

    /// The callbacks a node gets from `kAudioUnitProperty_HostCallbacks` on its own output
    /// unit: they read `timeline`, and only those the host provided are there.
    static func nodeCallbacks(_ timeline: UnsafeMutablePointer<HostTimeline>, host: HostCallbackInfo) -> HostCallbackInfo {
        var info = HostCallbackInfo()
        info.hostUserData = UnsafeMutableRawPointer(timeline)
        if host.beatAndTempoProc != nil {
            info.beatAndTempoProc = { data, beat, tempo in
                guard let t = data?.assumingMemoryBound(to: HostTimeline.self).pointee, t.hasBeatAndTempo else { return kAudioUnitErr_CannotDoInCurrentContext }
                beat?.pointee = t.beat
                tempo?.pointee = t.tempo
                return 0
            }
        }
        if host.musicalTimeLocationProc != nil {
            info.musicalTimeLocationProc = { data, delta, numerator, denominator, downBeat in
                guard let t = data?.assumingMemoryBound(to: HostTimeline.self).pointee, t.hasMusicalTime else { return kAudioUnitErr_CannotDoInCurrentContext }
                delta?.pointee = t.deltaSampleOffsetToNextBeat
                numerator?.pointee = t.timeSigNumerator
                denominator?.pointee = t.timeSigDenominator
                downBeat?.pointee = t.currentMeasureDownBeat
                return 0
            }
        }
        if host.transportStateProc != nil || host.transportStateProc2 != nil {
            info.transportStateProc2 = { data, playing, recording, changed, sample, cycling, start, end in
                transportState(data, playing, recording, changed, sample, cycling, start, end)
            }
            info.transportStateProc = { data, playing, changed, sample, cycling, start, end in
                transportState(data, playing, nil, changed, sample, cycling, start, end)
            }
        }
        return info
    }
}
