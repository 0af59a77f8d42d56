import CoreAudioTypes

/// AudioFile.h's inline helpers for its variable-length marker and region structs: a marker list
/// or region is its header followed by `mNumberMarkers` markers, the first of which is the
/// struct's own `mMarkers` member.

/// The bytes of an `AudioFileMarkerList` holding `inNumMarkers` markers.
public func NumAudioFileMarkersToNumBytes(_ inNumMarkers: Int) -> Int {
    MemoryLayout<AudioFileMarkerList>.offset(of: \AudioFileMarkerList.mMarkers)! + inNumMarkers * MemoryLayout<AudioFileMarker>.stride
}

/// The markers an `AudioFileMarkerList` of `inNumBytes` bytes holds.
public func NumBytesToNumAudioFileMarkers(_ inNumBytes: Int) -> Int {
    let header = MemoryLayout<AudioFileMarkerList>.offset(of: \AudioFileMarkerList.mMarkers)!
    return inNumBytes < header ? 0 : (inNumBytes - header) / MemoryLayout<AudioFileMarker>.stride
}

/// The region after `inAFRegionPtr` in an `AudioFileRegionList`: past its header and its markers.
public func NextAudioFileRegion(_ inAFRegionPtr: UnsafePointer<AudioFileRegion>) -> UnsafeMutablePointer<AudioFileRegion> {
    let markers = MemoryLayout<AudioFileRegion>.offset(of: \AudioFileRegion.mMarkers)!
    let count = Int(UnsafeRawPointer(inAFRegionPtr).load(fromByteOffset: MemoryLayout<AudioFileRegion>.offset(of: \AudioFileRegion.mNumberMarkers)!,
                                                         as: UInt32.self))
    let next = UnsafeMutableRawPointer(mutating: inAFRegionPtr) + markers + count * MemoryLayout<AudioFileMarker>.stride
    return next.assumingMemoryBound(to: AudioFileRegion.self)
}
