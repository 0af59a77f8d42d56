import Foundation

/// `AVMediaType` (AVMediaFormat.h): the kind of media a capture device, port or connection
/// carries; a string-backed type, as Swift imports the header's typed enum. Only audio is
/// simulated; its raw value is Core Media's media type code, "soun" (`kCMMediaType_Audio`).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let audio = AVMediaType(rawValue: "soun")
}

/// `AVAuthorizationStatus`: whether the app may capture a media type. For audio it is the app's
/// record permission (`AVAudioApplication.recordPermission`) under another name.
public enum AVAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
}
