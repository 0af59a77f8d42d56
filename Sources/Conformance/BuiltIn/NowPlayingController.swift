// Remote commands and Now Playing info, written only against Apple's MediaPlayer API. The same file
// compiles on iOS.
import MediaPlayer
import Foundation

final class NowPlayingController: @unchecked Sendable {
    private(set) var isPlaying = false
    private(set) var elapsed: TimeInterval = 0
    private(set) var commands: [String] = []
    let title: String

    init(title: String) {
        self.title = title
        let center = MPRemoteCommandCenter.shared()
        _ = center.playCommand.addTarget { [weak self] _ in self?.set(playing: true, "play") ?? .commandFailed }
        _ = center.pauseCommand.addTarget { [weak self] _ in self?.set(playing: false, "pause") ?? .commandFailed }
        _ = center.togglePlayPauseCommand.addTarget { [weak self] _ in
            guard let self else { return .commandFailed }
            return self.set(playing: !self.isPlaying, "toggle")
        }
        center.skipForwardCommand.preferredIntervals = [30]
        _ = center.skipForwardCommand.addTarget { [weak self] event in
            guard let self, let skip = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            self.elapsed += skip.interval
            self.commands.append("skip \(Int(skip.interval))")
            self.publish()
            return .success
        }
        _ = center.changePlaybackPositionCommand.addTarget { [weak self] event in
            guard let self, let change = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            self.elapsed = change.positionTime
            self.commands.append("position \(Int(change.positionTime))")
            self.publish()
            return .success
        }
        center.nextTrackCommand.isEnabled = false
        _ = center.nextTrackCommand.addTarget { _ in .noSuchContent }
    }

    private func set(playing: Bool, _ name: String) -> MPRemoteCommandHandlerStatus {
        isPlaying = playing
        commands.append(name)
        publish()
        return .success
    }

    func publish() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: title,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: elapsed,
            MPNowPlayingInfoPropertyPlaybackRate: isPlaying ? 1.0 : 0.0,
        ]
    }
}
