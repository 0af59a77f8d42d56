import CoreAudioTypes

// AudioFile.h's types and property IDs as Swift imports them. The file type IDs and result
// codes live in CoreAudioTypes (AudioFileTypeID.swift), shared with AVFAudio's settings keys.

public typealias AudioFileID = OpaquePointer
public typealias AudioFilePropertyID = UInt32

/// How `AudioFileOpenURL` opens a file (a C enum of `Int8`).
public enum AudioFilePermissions: Int8, Sendable {
    case readPermission = 1
    case writePermission = 2
    case readWritePermission = 3
}

/// `AudioFileCreateWithURL`'s flags.
public struct AudioFileFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Replace an existing file; without it creating over an existing file fails.
    public static let eraseFile = AudioFileFlags(rawValue: 1)
    public static let dontPageAlignAudioData = AudioFileFlags(rawValue: 2)
}

/// The priming and remainder frames of an encoded file (`kAudioFilePropertyPacketTableInfo`).
public struct AudioFilePacketTableInfo: Equatable, Sendable {
    public var mNumberValidFrames: Int64
    public var mPrimingFrames: Int32
    public var mRemainderFrames: Int32

    public init() { self.init(mNumberValidFrames: 0, mPrimingFrames: 0, mRemainderFrames: 0) }

    public init(mNumberValidFrames: Int64, mPrimingFrames: Int32, mRemainderFrames: Int32) {
        self.mNumberValidFrames = mNumberValidFrames
        self.mPrimingFrames = mPrimingFrames
        self.mRemainderFrames = mRemainderFrames
    }
}

public let kAudioFilePropertyFileFormat: AudioFilePropertyID = 0x6666_6D74               // 'ffmt'
public let kAudioFilePropertyDataFormat: AudioFilePropertyID = 0x6466_6D74               // 'dfmt'
public let kAudioFilePropertyIsOptimized: AudioFilePropertyID = 0x6F70_746D              // 'optm'
public let kAudioFilePropertyMagicCookieData: AudioFilePropertyID = 0x6D67_6963          // 'mgic'
public let kAudioFilePropertyAudioDataByteCount: AudioFilePropertyID = 0x6263_6E74       // 'bcnt'
public let kAudioFilePropertyAudioDataPacketCount: AudioFilePropertyID = 0x7063_6E74     // 'pcnt'
public let kAudioFilePropertyMaximumPacketSize: AudioFilePropertyID = 0x7073_7A65        // 'psze'
public let kAudioFilePropertyDataOffset: AudioFilePropertyID = 0x646F_6666               // 'doff'
public let kAudioFilePropertyChannelLayout: AudioFilePropertyID = 0x636D_6170            // 'cmap'
public let kAudioFilePropertyDeferSizeUpdates: AudioFilePropertyID = 0x6473_7A75         // 'dszu'
public let kAudioFilePropertyDataFormatName: AudioFilePropertyID = 0x666E_6D65           // 'fnme'
public let kAudioFilePropertyMarkerList: AudioFilePropertyID = 0x6D6B_6C73               // 'mkls'
public let kAudioFilePropertyRegionList: AudioFilePropertyID = 0x7267_6C73               // 'rgls'
public let kAudioFilePropertyPacketToFrame: AudioFilePropertyID = 0x706B_6672            // 'pkfr'
public let kAudioFilePropertyFrameToPacket: AudioFilePropertyID = 0x6672_706B            // 'frpk'
public let kAudioFilePropertyPacketToByte: AudioFilePropertyID = 0x706B_6279             // 'pkby'
public let kAudioFilePropertyByteToPacket: AudioFilePropertyID = 0x6279_706B             // 'bypk'
public let kAudioFilePropertyChunkIDs: AudioFilePropertyID = 0x6368_6964                 // 'chid'
public let kAudioFilePropertyInfoDictionary: AudioFilePropertyID = 0x696E_666F           // 'info'
public let kAudioFilePropertyPacketTableInfo: AudioFilePropertyID = 0x706E_666F          // 'pnfo'
public let kAudioFilePropertyFormatList: AudioFilePropertyID = 0x666C_7374               // 'flst'
public let kAudioFilePropertyPacketSizeUpperBound: AudioFilePropertyID = 0x706B_7562     // 'pkub'
public let kAudioFilePropertyPacketRangeByteCountUpperBound: AudioFilePropertyID = 0x7072_7562 // 'prub'
public let kAudioFilePropertyReserveDuration: AudioFilePropertyID = 0x7273_7276          // 'rsrv'
public let kAudioFilePropertyEstimatedDuration: AudioFilePropertyID = 0x6564_7572        // 'edur'
public let kAudioFilePropertyBitRate: AudioFilePropertyID = 0x6272_6174                  // 'brat'
public let kAudioFilePropertyID3Tag: AudioFilePropertyID = 0x6964_3374                   // 'id3t'
public let kAudioFilePropertyID3TagOffset: AudioFilePropertyID = 0x6964_336F             // 'id3o'
public let kAudioFilePropertySourceBitDepth: AudioFilePropertyID = 0x7362_7464           // 'sbtd'
public let kAudioFilePropertyAlbumArtwork: AudioFilePropertyID = 0x6161_7274             // 'aart'
public let kAudioFilePropertyAudioTrackCount: AudioFilePropertyID = 0x6174_6374          // 'atct'
public let kAudioFilePropertyUseAudioTrack: AudioFilePropertyID = 0x7561_746B            // 'uatk'
public let kAudioFilePropertyPacketToRollDistance: AudioFilePropertyID = 0x706B_726C     // 'pkrl'
public let kAudioFilePropertyPreviousIndependentPacket: AudioFilePropertyID = 0x7069_6E64 // 'pind'
public let kAudioFilePropertyNextIndependentPacket: AudioFilePropertyID = 0x6E69_6E64    // 'nind'
public let kAudioFilePropertyPacketToDependencyInfo: AudioFilePropertyID = 0x706B_6470   // 'pkdp'
public let kAudioFilePropertyRestrictsRandomAccess: AudioFilePropertyID = 0x7272_6170    // 'rrap'
