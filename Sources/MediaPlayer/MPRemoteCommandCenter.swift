import Foundation
import MediaServer

/// `MPRemoteCommandCenter`: the app's remote commands. `shared()` is the calling app's center;
/// the system delivers lock-screen, Control Center, headset and car commands to the Now Playing
/// app's center (`AudioServer.sendRemoteCommand`).
public final class MPRemoteCommandCenter: NSObject, @unchecked Sendable {
    public let playCommand = MPRemoteCommand()
    public let pauseCommand = MPRemoteCommand()
    public let stopCommand = MPRemoteCommand()
    public let togglePlayPauseCommand = MPRemoteCommand()
    public let nextTrackCommand = MPRemoteCommand()
    public let previousTrackCommand = MPRemoteCommand()
    public let skipForwardCommand = MPSkipIntervalCommand()
    public let skipBackwardCommand = MPSkipIntervalCommand()
    public let changePlaybackPositionCommand = MPChangePlaybackPositionCommand()
    public let changePlaybackRateCommand = MPChangePlaybackRateCommand()
    private let binding: AppBinding

    private init(binding: AppBinding) {
        self.binding = binding
        super.init()
    }

    public class func shared() -> MPRemoteCommandCenter {
        guard let binding = AppContext.current else {
            preconditionFailure("MPRemoteCommandCenter.shared() must be called by app code running on a simulated device")
        }
        return binding.server.attachment(for: binding.app, key: "MPRemoteCommandCenter") {
            let center = MPRemoteCommandCenter(binding: binding)
            binding.server.remoteControlEndpoint(for: binding.app).deliver = { [weak center] in center?.deliver($0)?.rawValue }
            return center
        }
    }

    private func deliver(_ command: RemoteCommand) -> MPRemoteCommandHandlerStatus? {
        let time = Double(binding.server.now.nanoseconds) / 1e9
        switch command {
        case .play: return playCommand.deliver(MPRemoteCommandEvent(command: playCommand, timestamp: time))
        case .pause: return pauseCommand.deliver(MPRemoteCommandEvent(command: pauseCommand, timestamp: time))
        case .stop: return stopCommand.deliver(MPRemoteCommandEvent(command: stopCommand, timestamp: time))
        case .togglePlayPause:
            return togglePlayPauseCommand.deliver(MPRemoteCommandEvent(command: togglePlayPauseCommand, timestamp: time))
        case .nextTrack: return nextTrackCommand.deliver(MPRemoteCommandEvent(command: nextTrackCommand, timestamp: time))
        case .previousTrack: return previousTrackCommand.deliver(MPRemoteCommandEvent(command: previousTrackCommand, timestamp: time))
        case let .skipForward(seconds):
            return skipForwardCommand.deliver(MPSkipIntervalCommandEvent(command: skipForwardCommand, timestamp: time, interval: seconds))
        case let .skipBackward(seconds):
            return skipBackwardCommand.deliver(MPSkipIntervalCommandEvent(command: skipBackwardCommand, timestamp: time, interval: seconds))
        case let .changePlaybackPosition(seconds):
            return changePlaybackPositionCommand.deliver(
                MPChangePlaybackPositionCommandEvent(command: changePlaybackPositionCommand, timestamp: time, positionTime: seconds))
        case let .changePlaybackRate(rate):
            return changePlaybackRateCommand.deliver(
                MPChangePlaybackRateCommandEvent(command: changePlaybackRateCommand, timestamp: time, playbackRate: rate))
        }
    }
}
