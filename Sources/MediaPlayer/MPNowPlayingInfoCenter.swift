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
public final class MPNowPlayingInfoCenter: NSObject, @unchecked Sendable {
    private let binding: AppBinding
    private var setAt = HostTime.zero
    /// Applies to macOS: there it decides which app remote commands reach (see
    /// `AudioServer.setNowPlayingPlaybackState`).
    public var playbackState: MPNowPlayingPlaybackState = .unknown {
        didSet { binding.server.setNowPlayingPlaybackState(playbackState.rawValue, for: binding.app) }
    }

    public var nowPlayingInfo: [String: Any]? {
        didSet {
            setAt = binding.server.now
            var fields: [String: TraceValue] = ["app": .string(binding.app.name)]
            if let title = nowPlayingInfo?[MPMediaItemPropertyTitle] as? String { fields["title"] = .string(title) }
            if let elapsed = number(MPNowPlayingInfoPropertyElapsedPlaybackTime) { fields["elapsedMs"] = .integer(Int((elapsed * 1000).rounded())) }
            if let rate = number(MPNowPlayingInfoPropertyPlaybackRate) { fields["ratePerMille"] = .integer(Int((rate * 1000).rounded())) }
            binding.server.recordObservation("nowplaying.info", fields)
        }
    }

    private init(binding: AppBinding) {
        self.binding = binding
        super.init()
    }

    public class func `default`() -> MPNowPlayingInfoCenter {
        guard let binding = AppContext.current else {
            preconditionFailure("MPNowPlayingInfoCenter.default() must be called by app code running on a simulated device")
        }
        return binding.server.attachment(for: binding.app, key: "MPNowPlayingInfoCenter") { MPNowPlayingInfoCenter(binding: binding) }
    }

    /// The elapsed time the lock screen shows at `time`: the one set, advanced at the rate set.
    public func elapsedPlaybackTime(at time: HostTime) -> TimeInterval? {
        guard let elapsed = number(MPNowPlayingInfoPropertyElapsedPlaybackTime) else { return nil }
        let rate = number(MPNowPlayingInfoPropertyPlaybackRate) ?? 0
        return elapsed + rate * Double((time - setAt).nanoseconds) / 1e9
    }

    private func number(_ key: String) -> Double? {
        switch nowPlayingInfo?[key] {
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}

public let MPMediaItemPropertyTitle = "title"
public let MPMediaItemPropertyArtist = "artist"
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
public let MPNowPlayingInfoPropertyDefaultPlaybackRate = "MPNowPlayingInfoPropertyDefaultPlaybackRate"
public let MPNowPlayingInfoPropertyPlaybackQueueIndex = "MPNowPlayingInfoPropertyPlaybackQueueIndex"
public let MPNowPlayingInfoPropertyPlaybackQueueCount = "MPNowPlayingInfoPropertyPlaybackQueueCount"
public let MPNowPlayingInfoPropertyIsLiveStream = "MPNowPlayingInfoPropertyIsLiveStream"
public let MPNowPlayingInfoPropertyPlaybackProgress = "MPNowPlayingInfoPropertyPlaybackProgress"
