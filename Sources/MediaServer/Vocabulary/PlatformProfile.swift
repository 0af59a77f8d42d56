/// The OS release whose documented behaviour the media server follows, where behaviour changed
/// between releases (e.g. whether deactivating with running I/O returns isBusy: iOS 8 to 25).
/// Rules that depend on the release are extensions of this type next to the rule, each citing
/// the source that says which release changed what.
public struct PlatformProfile: Hashable, Sendable, CustomStringConvertible {
    /// The major iOS release, e.g. 6, 8, 17, 26.
    public let release: Int

    public init(release: Int) { self.release = release }

    public static let ios6 = PlatformProfile(release: 6)
    public static let ios7 = PlatformProfile(release: 7)
    public static let ios8 = PlatformProfile(release: 8)
    public static let ios14 = PlatformProfile(release: 14)
    public static let ios17 = PlatformProfile(release: 17)
    public static let ios26 = PlatformProfile(release: 26)

    /// The profile used when a scenario or test does not name one.
    public static let `default` = ios17

    public static let all: [PlatformProfile] = [.ios6, .ios7, .ios8, .ios14, .ios17, .ios26]

    /// `ios17`, as scenario files and the CLI spell it.
    public var description: String { "ios\(release)" }

    public init?(name: String) {
        guard name.hasPrefix("ios"), let release = Int(name.dropFirst(3)), (6...30).contains(release) else { return nil }
        self.init(release: release)
    }
}
