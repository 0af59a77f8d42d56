import AudioToolbox
import CoreAudioTypes
import Testing

/// The headers' inline helpers: marker-list sizes and region stepping (AudioFile.h) and a parameter's
/// display type (AudioUnitProperties.h).
@Suite struct InlineHelperTests {
    @Test("Marker-list sizes: the header, then one AudioFileMarker per marker, and back")
    func markerListSizes() {
        let header = MemoryLayout<AudioFileMarkerList>.offset(of: \AudioFileMarkerList.mMarkers)!
        #expect(header == 8)
        #expect(NumAudioFileMarkersToNumBytes(0) == 8)
        #expect(NumAudioFileMarkersToNumBytes(3) == 8 + 3 * MemoryLayout<AudioFileMarker>.stride)
        #expect(NumBytesToNumAudioFileMarkers(NumAudioFileMarkersToNumBytes(5)) == 5)
        #expect(NumBytesToNumAudioFileMarkers(4) == 0)
    }

    @Test("NextAudioFileRegion steps past a region's header and all its markers")
    func regionStepping() {
        let markers = MemoryLayout<AudioFileRegion>.offset(of: \AudioFileRegion.mMarkers)!
        let countOffset = MemoryLayout<AudioFileRegion>.offset(of: \AudioFileRegion.mNumberMarkers)!
        let size = 2 * (markers + 4 * MemoryLayout<AudioFileMarker>.stride)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<AudioFileRegion>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        raw.storeBytes(of: UInt32(3), toByteOffset: countOffset, as: UInt32.self)
        let first = raw.bindMemory(to: AudioFileRegion.self, capacity: 1)
        let second = NextAudioFileRegion(first)
        #expect(UnsafeMutableRawPointer(second) - raw == markers + 3 * MemoryLayout<AudioFileMarker>.stride)
    }

    @Test("A parameter's display type is the flags under kAudioUnitParameterFlag_DisplayMask")
    func displayType() {
        let flags: AudioUnitParameterOptions = [.flag_IsReadable, .flag_IsWritable, .flag_DisplayLogarithmic]
        #expect(GetAudioUnitParameterDisplayType(flags) == .flag_DisplayLogarithmic)
        let changed = SetAudioUnitParameterDisplayType(flags, .flag_DisplaySquareRoot)
        #expect(GetAudioUnitParameterDisplayType(changed) == .flag_DisplaySquareRoot)
        #expect(changed.contains(.flag_IsReadable) && changed.contains(.flag_IsWritable))
        #expect(AudioUnitParameterOptions.flag_DisplayMask.rawValue == (7 << 16) | (1 << 22))
    }
}
