/// `AudioChannelLayout` (CoreAudioTypes.h), with Apple's Swift field types.
///
/// Apple's struct ends in a variable-length array of channel descriptions that Swift imports as
/// one `mChannelDescriptions` element; layouts built from a tag carry none, so it stays zeroed.
public struct AudioChannelLayout: Equatable, Sendable {
    public var mChannelLayoutTag: AudioChannelLayoutTag
    public var mChannelBitmap: AudioChannelBitmap
    public var mNumberChannelDescriptions: UInt32
    public var mChannelDescriptions: AudioChannelDescription

    public init() {
        self.init(mChannelLayoutTag: 0, mChannelBitmap: [], mNumberChannelDescriptions: 0,
                  mChannelDescriptions: AudioChannelDescription())
    }

    public init(mChannelLayoutTag: AudioChannelLayoutTag, mChannelBitmap: AudioChannelBitmap,
                mNumberChannelDescriptions: UInt32, mChannelDescriptions: AudioChannelDescription) {
        self.mChannelLayoutTag = mChannelLayoutTag
        self.mChannelBitmap = mChannelBitmap
        self.mNumberChannelDescriptions = mNumberChannelDescriptions
        self.mChannelDescriptions = mChannelDescriptions
    }
}

/// `AudioChannelDescription`: one channel of a description-based layout.
public struct AudioChannelDescription: Equatable, Sendable {
    public var mChannelLabel: AudioChannelLabel
    public var mChannelFlags: AudioChannelFlags
    public var mCoordinates: (Float32, Float32, Float32)

    public init() { self.init(mChannelLabel: 0, mChannelFlags: [], mCoordinates: (0, 0, 0)) }

    public init(mChannelLabel: AudioChannelLabel, mChannelFlags: AudioChannelFlags, mCoordinates: (Float32, Float32, Float32)) {
        self.mChannelLabel = mChannelLabel
        self.mChannelFlags = mChannelFlags
        self.mCoordinates = mCoordinates
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.mChannelLabel == rhs.mChannelLabel && lhs.mChannelFlags == rhs.mChannelFlags
            && lhs.mCoordinates == rhs.mCoordinates
    }
}

/// `AudioChannelFlags`: how `AudioChannelDescription.mCoordinates` is to be read.
public struct AudioChannelFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let rectangularCoordinates = Self(rawValue: 1 << 0)
    public static let sphericalCoordinates = Self(rawValue: 1 << 1)
    public static let meters = Self(rawValue: 1 << 2)
}

/// `AudioChannelBitmap`: the speakers of a bitmap-based layout (`kAudioChannelBit_Left` …).
public struct AudioChannelBitmap: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bit_Left = Self(rawValue: 1 << 0)
    public static let bit_Right = Self(rawValue: 1 << 1)
    public static let bit_Center = Self(rawValue: 1 << 2)
    public static let bit_LFEScreen = Self(rawValue: 1 << 3)
    public static let bit_LeftSurround = Self(rawValue: 1 << 4)
    public static let bit_RightSurround = Self(rawValue: 1 << 5)
}
