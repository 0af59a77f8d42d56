import Foundation
import MediaServer
import SimCore

/// `MPNowPlayingPlaybackState` (raw values from MPNowPlayingInfoCenter.h).
public enum MPNowPlayingPlaybackState: UInt, Sendable {
    case unknown = 0, playing = 1, paused = 2, stopped = 3, interrupted = 4
}

/// `MPNowPlayingInfoCenter`: what the lock screen shows for the app. The system extrapolates the
/// elapsed time from the last one set and the playback rate ("it isn't necessary to update
/// this property frequently"), which `elapsedPlaybackTime(at:)` does.
open class MPNowPlayingInfoCenter: NSObject, @unchecked Sendable {
    private let binding: AppBinding
    private var setAt = HostTime.zero
    /// Applies to macOS: there it decides which app remote commands reach (see
    /// `AudioServer.setNowPlayingPlaybackState`).
    public var playbackState: MPNowPlayingPlaybackState = .unknown {
        didSet { binding.server.setNowPlayingPlaybackState(playbackState.rawValue, for: binding.app) }
    }

    /// Set for a Now Playing session's center, whose info reaches the system only while the
    /// session is active.
    weak var session: MPNowPlayingSession?

    public var nowPlayingInfo: [String: Any]? {
        didSet {
            setAt = binding.server.now
            publish()
        }
    }

    /// Hands the info to the system (traced as the lock screen reads it).
    func publish() {
        if let session, !session.isActive { return }
        var fields: [String: TraceValue] = ["app": .string(binding.app.name)]
        if let title = nowPlayingInfo?[MPMediaItemPropertyTitle] as? String { fields["title"] = .string(title) }
        if let elapsed = number(MPNowPlayingInfoPropertyElapsedPlaybackTime) { fields["elapsedMs"] = .integer(Int((elapsed * 1000).rounded())) }
        if let rate = number(MPNowPlayingInfoPropertyPlaybackRate) { fields["ratePerMille"] = .integer(Int((rate * 1000).rounded())) }
        fields.merge(systemReadings(), uniquingKeysWith: { first, _ in first })
        binding.server.recordObservation(.nowPlayingInfo, fields)
    }

    init(binding: AppBinding) {
        self.binding = binding
        super.init()
    }

    public class func `default`() -> MPNowPlayingInfoCenter {
        guard let binding = AppContext.current else {
            preconditionFailure("MPNowPlayingInfoCenter.default() must be called by app code running on a simulated device")
        }
        return center(for: binding)
    }

    static func center(for binding: AppBinding) -> MPNowPlayingInfoCenter {
        binding.server.attachment(for: binding.app, key: "MPNowPlayingInfoCenter") { MPNowPlayingInfoCenter(binding: binding) }
    }

    /// Animated artwork is not drawn by the simulated lock screen, as on a device without it.
    public class var supportedAnimatedArtworkKeys: [String] { [] }

    /// What the lock screen takes from the info beyond the title and time: the media type, the
    /// chapter, and the artwork, which it asks for at its bounds' size (the pixels it got are traced).
    private func systemReadings() -> [String: TraceValue] {
        var fields: [String: TraceValue] = [:]
        if let raw = number(MPNowPlayingInfoPropertyMediaType), let type = MPNowPlayingInfoMediaType(rawValue: UInt(raw)) {
            fields["mediaType"] = .string(["none", "audio", "video"][Int(type.rawValue)])
        }
        if let chapter = number(MPNowPlayingInfoPropertyChapterNumber) {
            fields["chapter"] = .string("\(Int(chapter) + 1)/\(number(MPNowPlayingInfoPropertyChapterCount).map { String(Int($0)) } ?? "?")")
        }
        if let artwork = nowPlayingInfo?[MPMediaItemPropertyArtwork] as? MPMediaItemArtwork {
            let image = artwork.image(at: artwork.bounds.size)
            fields["artwork"] = image.map { .string("\($0.pixelSize.width)x\($0.pixelSize.height)") } ?? .null
        }
        return fields
    }

    /// The published language option with `identifier` (`MPNowPlayingInfoPropertyAvailableLanguageOptions`).
    func languageOption(_ identifier: String) -> MPNowPlayingInfoLanguageOption? {
        let groups = nowPlayingInfo?[MPNowPlayingInfoPropertyAvailableLanguageOptions] as? [MPNowPlayingInfoLanguageOptionGroup] ?? []
        return groups.lazy.flatMap(\.languageOptions).first { $0.identifier == identifier }
    }

    /// The elapsed time the lock screen shows at `time`: the one set, advanced at the rate set.
    @_spi(Soundcheck) public func elapsedPlaybackTime(at time: HostTime) -> TimeInterval? {
        guard let elapsed = number(MPNowPlayingInfoPropertyElapsedPlaybackTime) else { return nil }
        let rate = number(MPNowPlayingInfoPropertyPlaybackRate) ?? 0
        return elapsed + rate * Double((time - setAt).nanoseconds) / 1e9
    }

    private func number(_ key: String) -> Double? {
        switch nowPlayingInfo?[key] {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as UInt: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}
