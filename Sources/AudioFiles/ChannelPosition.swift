import CSndFile

/// The speaker a file's channel feeds, as libsndfile reads it from a WAV channel mask or a CAF
/// `chan` chunk (its `SF_CHANNEL_MAP_*` values). libsndfile's "rear" is Apple's "surround".
public struct ChannelPosition: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let invalid = Self(rawValue: Int32(SF_CHANNEL_MAP_INVALID))
    public static let mono = Self(rawValue: Int32(SF_CHANNEL_MAP_MONO))
    public static let left = Self(rawValue: Int32(SF_CHANNEL_MAP_LEFT))
    public static let right = Self(rawValue: Int32(SF_CHANNEL_MAP_RIGHT))
    public static let center = Self(rawValue: Int32(SF_CHANNEL_MAP_CENTER))
    public static let frontLeft = Self(rawValue: Int32(SF_CHANNEL_MAP_FRONT_LEFT))
    public static let frontRight = Self(rawValue: Int32(SF_CHANNEL_MAP_FRONT_RIGHT))
    public static let frontCenter = Self(rawValue: Int32(SF_CHANNEL_MAP_FRONT_CENTER))
    public static let rearCenter = Self(rawValue: Int32(SF_CHANNEL_MAP_REAR_CENTER))
    public static let rearLeft = Self(rawValue: Int32(SF_CHANNEL_MAP_REAR_LEFT))
    public static let rearRight = Self(rawValue: Int32(SF_CHANNEL_MAP_REAR_RIGHT))
    public static let lfe = Self(rawValue: Int32(SF_CHANNEL_MAP_LFE))
    public static let frontLeftOfCenter = Self(rawValue: Int32(SF_CHANNEL_MAP_FRONT_LEFT_OF_CENTER))
    public static let frontRightOfCenter = Self(rawValue: Int32(SF_CHANNEL_MAP_FRONT_RIGHT_OF_CENTER))
    public static let sideLeft = Self(rawValue: Int32(SF_CHANNEL_MAP_SIDE_LEFT))
    public static let sideRight = Self(rawValue: Int32(SF_CHANNEL_MAP_SIDE_RIGHT))
}
