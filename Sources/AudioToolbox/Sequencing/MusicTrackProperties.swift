import CoreAudioTypes

// `MusicTrackGetProperty` / `MusicTrackSetProperty`: loop info, offset, mute, solo, automated
// parameters, length and (read only) the resolution. A buffer too small for the property, an
// unknown property or setting the resolution is `kAudio_ParamError`.

private func size(of property: UInt32) -> Int? {
    switch property {
    case kSequenceTrackProperty_LoopInfo: MemoryLayout<MusicTrackLoopInfo>.size
    case kSequenceTrackProperty_OffsetTime, kSequenceTrackProperty_TrackLength: MemoryLayout<MusicTimeStamp>.size
    case kSequenceTrackProperty_MuteStatus, kSequenceTrackProperty_SoloStatus, kSequenceTrackProperty_AutomatedParameters: MemoryLayout<UInt8>.size
    case kSequenceTrackProperty_TimeResolution: MemoryLayout<Int16>.size
    default: nil
    }
}

public func MusicTrackGetProperty(_ inTrack: MusicTrack, _ inPropertyID: UInt32, _ outData: UnsafeMutableRawPointer,
                                  _ ioLength: UnsafeMutablePointer<UInt32>) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard let size = size(of: inPropertyID), Int(ioLength.pointee) >= size else { throw SequenceFileError(kAudio_ParamError, "") }
        switch inPropertyID {
        case kSequenceTrackProperty_LoopInfo:
            let info = MusicTrackLoopInfo(loopDuration: track.isLooping ? track.loopLength : 0, numberOfLoops: Int32(clamping: track.loopCount))
            outData.storeBytes(of: info, as: MusicTrackLoopInfo.self)
        case kSequenceTrackProperty_OffsetTime: outData.storeBytes(of: track.offsetTime, as: MusicTimeStamp.self)
        case kSequenceTrackProperty_TrackLength: outData.storeBytes(of: track.length, as: MusicTimeStamp.self)
        case kSequenceTrackProperty_MuteStatus: outData.storeBytes(of: track.isMuted ? 1 : 0, as: UInt8.self)
        case kSequenceTrackProperty_SoloStatus: outData.storeBytes(of: track.isSoloed ? 1 : 0, as: UInt8.self)
        case kSequenceTrackProperty_AutomatedParameters: outData.storeBytes(of: track.usesAutomatedParameters ? 1 : 0, as: UInt8.self)
        default: outData.storeBytes(of: Int16(track.sequence?.resolution ?? 480), as: Int16.self)
        }
        ioLength.pointee = UInt32(size)
    }
}

public func MusicTrackSetProperty(_ inTrack: MusicTrack, _ inPropertyID: UInt32, _ inData: UnsafeMutableRawPointer, _ inLength: UInt32) -> OSStatus {
    withTrack(inTrack) { track throws(SequenceFileError) in
        guard let size = size(of: inPropertyID), Int(inLength) >= size, inPropertyID != kSequenceTrackProperty_TimeResolution else {
            throw SequenceFileError(kAudio_ParamError, "")
        }
        switch inPropertyID {
        case kSequenceTrackProperty_LoopInfo:
            let info = inData.loadUnaligned(as: MusicTrackLoopInfo.self)
            guard info.loopDuration >= 0, info.numberOfLoops >= 0 else { throw SequenceFileError(kAudio_ParamError, "") }
            track.isLooping = info.loopDuration > 0
            track.loopStart = 0
            track.loopLength = info.loopDuration
            track.loopCount = Int(info.numberOfLoops)
        case kSequenceTrackProperty_OffsetTime: track.offsetTime = inData.loadUnaligned(as: MusicTimeStamp.self)
        case kSequenceTrackProperty_TrackLength:
            let length = inData.loadUnaligned(as: MusicTimeStamp.self)
            guard length >= 0, length.isFinite else { throw SequenceFileError(kAudio_ParamError, "") }
            track.length = length
        case kSequenceTrackProperty_MuteStatus: track.isMuted = inData.load(as: UInt8.self) != 0
        case kSequenceTrackProperty_SoloStatus: track.isSoloed = inData.load(as: UInt8.self) != 0
        default: track.usesAutomatedParameters = inData.load(as: UInt8.self) != 0
        }
    }
}
