import CoreAudioTypes

// CAFFile.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct CAFPeakChunk {
    public var mEditCount: UInt32
    public var mPeaks: CAFPositionPeak
    public init() { self.mEditCount = 0; self.mPeaks = CAFPositionPeak() }
    public init(mEditCount: UInt32, mPeaks: CAFPositionPeak) {
        self.mEditCount = mEditCount
        self.mPeaks = mPeaks
    }
}

public struct CAFRegion {
    public var mRegionID: UInt32
    public var mFlags: CAFRegionFlags
    public var mNumberMarkers: UInt32
    public var mMarkers: CAFMarker
    public init() { self.mRegionID = 0; self.mFlags = CAFRegionFlags(rawValue: 0); self.mNumberMarkers = 0; self.mMarkers = CAFMarker() }
    public init(mRegionID: UInt32, mFlags: CAFRegionFlags, mNumberMarkers: UInt32, mMarkers: CAFMarker) {
        self.mRegionID = mRegionID
        self.mFlags = mFlags
        self.mNumberMarkers = mNumberMarkers
        self.mMarkers = mMarkers
    }
}

public struct CAFRegionChunk {
    public var mSMPTE_TimeType: UInt32
    public var mNumberRegions: UInt32
    public var mRegions: CAFRegion
    public init() { self.mSMPTE_TimeType = 0; self.mNumberRegions = 0; self.mRegions = CAFRegion() }
    public init(mSMPTE_TimeType: UInt32, mNumberRegions: UInt32, mRegions: CAFRegion) {
        self.mSMPTE_TimeType = mSMPTE_TimeType
        self.mNumberRegions = mNumberRegions
        self.mRegions = mRegions
    }
}

public struct CAFAudioFormatListItem {
    public var mFormat: CAFAudioDescription
    public var mChannelLayoutTag: UInt32
    public init() { self.mFormat = CAFAudioDescription(); self.mChannelLayoutTag = 0 }
    public init(mFormat: CAFAudioDescription, mChannelLayoutTag: UInt32) {
        self.mFormat = mFormat
        self.mChannelLayoutTag = mChannelLayoutTag
    }
}
