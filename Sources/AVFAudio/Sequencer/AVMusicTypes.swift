import AudioToolbox
import Foundation

// The sequencer's value types with Apple's Swift spellings and raw values (AVAudioSequencer.h,
// AVMusicEvents.h).

/// A time in beats.
public typealias AVMusicTimeStamp = Double

/// A length that reaches past any event: `AVMakeBeatRange(0, AVMusicTimeStampEndOfTrack)` is
/// the whole track.
public var AVMusicTimeStampEndOfTrack: Double { Double.greatestFiniteMagnitude }

/// A range of beats: `length` beats from `start`.
public struct _AVBeatRange: Sendable, Equatable {
    public var start: AVMusicTimeStamp
    public var length: AVMusicTimeStamp
    public init() { self.init(start: 0, length: 0) }
    public init(start: AVMusicTimeStamp, length: AVMusicTimeStamp) {
        self.start = start
        self.length = length
    }

    /// The first beat after the range (saturating, so `AVMusicTimeStampEndOfTrack` lengths work).
    var end: AVMusicTimeStamp { let end = start + length; return end.isFinite ? end : .greatestFiniteMagnitude }
}

public typealias AVBeatRange = _AVBeatRange

public func AVMakeBeatRange(_ startBeat: AVMusicTimeStamp, _ lengthInBeats: AVMusicTimeStamp) -> AVBeatRange {
    AVBeatRange(start: startBeat, length: lengthInBeats)
}

public enum AVMusicTrackLoopCount: Int, Sendable {
    case forever = -1
}

public struct AVMusicSequenceLoadOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Each MIDI channel of a format 0 file becomes a track of its own.
    public static var smf_ChannelsToTracks: AVMusicSequenceLoadOptions { AVMusicSequenceLoadOptions(rawValue: 1 << 0) }
}

/// Called (after the render that played it) for each user event: the track, its bytes, its beat.
public typealias AVAudioSequencerUserCallback = (AVMusicTrack, Data, AVMusicTimeStamp) -> Void

public typealias AVMusicEventEnumerationBlock = (AVMusicEvent, UnsafeMutablePointer<AVMusicTimeStamp>, UnsafeMutablePointer<ObjCBool>) -> Void

public typealias AVMIDIPlayerCompletionHandler = () -> Void

extension AVAudioSequencer {
    /// Keys of `userInfo`, with the strings Core Audio uses (`kAFInfoDictionary_…`).
    public struct InfoDictionaryKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        init(_ rawValue: String) { self.rawValue = rawValue }

        public static let album = InfoDictionaryKey("album")
        public static let approximateDurationInSeconds = InfoDictionaryKey("approximate duration in seconds")
        public static let artist = InfoDictionaryKey("artist")
        public static let channelLayout = InfoDictionaryKey("channel layout")
        public static let comments = InfoDictionaryKey("comments")
        public static let composer = InfoDictionaryKey("composer")
        public static let copyright = InfoDictionaryKey("copyright")
        public static let encodingApplication = InfoDictionaryKey("encoding application")
        public static let genre = InfoDictionaryKey("genre")
        public static let ISRC = InfoDictionaryKey("ISRC")
        public static let keySignature = InfoDictionaryKey("key signature")
        public static let lyricist = InfoDictionaryKey("lyricist")
        public static let nominalBitRate = InfoDictionaryKey("nominal bit rate")
        public static let recordedDate = InfoDictionaryKey("recorded date")
        public static let sourceBitDepth = InfoDictionaryKey("source bit depth")
        public static let sourceEncoder = InfoDictionaryKey("source encoder")
        public static let subTitle = InfoDictionaryKey("subtitle")
        public static let tempo = InfoDictionaryKey("tempo")
        public static let timeSignature = InfoDictionaryKey("time signature")
        public static let title = InfoDictionaryKey("title")
        public static let trackNumber = InfoDictionaryKey("track number")
        public static let year = InfoDictionaryKey("year")
    }
}
