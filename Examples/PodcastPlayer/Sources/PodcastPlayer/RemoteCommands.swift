import MediaPlayer

/// The lock screen's and the headphones' buttons: play, pause, toggle, skip 30 s forward and 15 s
/// back, and the playback rates the app offers.
final class RemoteCommands {
    private var targets: [(MPRemoteCommand, Any)] = []

    func attach(to player: PodcastPlayer) {
        // A target on a command is all iOS 7.1 and later ask for; no beginReceivingRemoteControlEvents().
        let center = MPRemoteCommandCenter.shared()
        add(center.playCommand) { [weak player] _ in
            guard let player else { return .noSuchContent }
            return (try? player.play()) != nil ? .success : .commandFailed
        }
        add(center.pauseCommand) { [weak player] _ in
            player?.pause()
            return .success
        }
        add(center.togglePlayPauseCommand) { [weak player] _ in
            guard let player else { return .noSuchContent }
            if player.isPlaying { player.pause(); return .success }
            return (try? player.play()) != nil ? .success : .commandFailed
        }
        center.skipForwardCommand.preferredIntervals = [30]
        add(center.skipForwardCommand) { [weak player] event in
            guard let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            return (try? player?.skip(by: event.interval)) != nil ? .success : .commandFailed
        }
        center.skipBackwardCommand.preferredIntervals = [15]
        add(center.skipBackwardCommand) { [weak player] event in
            guard let event = event as? MPSkipIntervalCommandEvent else { return .commandFailed }
            return (try? player?.skip(by: -event.interval)) != nil ? .success : .commandFailed
        }
        center.changePlaybackRateCommand.supportedPlaybackRates = [1, 1.25, 1.5, 2]
        add(center.changePlaybackRateCommand) { [weak player] event in
            guard let event = event as? MPChangePlaybackRateCommandEvent else { return .commandFailed }
            player?.setRate(event.playbackRate)
            return .success
        }
    }

    deinit {
        for (command, target) in targets { command.removeTarget(target) }
    }

    private func add(_ command: MPRemoteCommand, _ handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) {
        command.isEnabled = true
        targets.append((command, command.addTarget(handler: handler)))
    }
}

/// What the lock screen shows.
enum NowPlaying {
    static func show(_ episode: Episode, position: TimeInterval, rate: Float) {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: episode.title,
            MPMediaItemPropertyAlbumTitle: episode.show,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: position,
            MPNowPlayingInfoPropertyPlaybackRate: Double(rate),
            MPNowPlayingInfoPropertyDefaultPlaybackRate: 1.5,
        ]
    }
}
