import Foundation
import MediaServer

/// `MPRemoteCommandCenter`: the app's remote commands. `shared()` is the calling app's center;
/// the system delivers lock-screen, Control Center, headset and car commands to the Now Playing
/// app's center (`AudioServer.sendRemoteCommand`).
open class MPRemoteCommandCenter: NSObject, @unchecked Sendable {
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
    public let seekForwardCommand = MPRemoteCommand()
    public let seekBackwardCommand = MPRemoteCommand()
    public let ratingCommand = MPRatingCommand()
    public let changeRepeatModeCommand = MPChangeRepeatModeCommand()
    public let changeShuffleModeCommand = MPChangeShuffleModeCommand()
    public let likeCommand = MPFeedbackCommand()
    public let dislikeCommand = MPFeedbackCommand()
    public let bookmarkCommand = MPFeedbackCommand()
    public let enableLanguageOptionCommand = MPRemoteCommand()
    public let disableLanguageOptionCommand = MPRemoteCommand()
    private let binding: AppBinding
    /// The Now Playing info the commands refer to (the language options): the app's, or its
    /// Now Playing session's.
    private let infoCenter: MPNowPlayingInfoCenter

    init(binding: AppBinding, infoCenter: MPNowPlayingInfoCenter) {
        self.binding = binding
        self.infoCenter = infoCenter
        super.init()
        for command in commands { command.targetsChanged = { [weak self] in self?.targetsChanged() } }
    }

    public class func shared() -> MPRemoteCommandCenter {
        guard let binding = AppContext.current else {
            preconditionFailure("MPRemoteCommandCenter.shared() must be called by app code running on a simulated device")
        }
        return binding.server.attachment(for: binding.app, key: "MPRemoteCommandCenter") {
            let center = MPRemoteCommandCenter(binding: binding, infoCenter: MPNowPlayingInfoCenter.center(for: binding))
            center.receiveCommands()
            return center
        }
    }

    /// The system's commands for the app come here from now on (the shared center at first use,
    /// a Now Playing session's when it becomes active).
    func receiveCommands() {
        binding.server.remoteControlEndpoint(for: binding.app).deliver = { [weak self] in self?.deliver($0)?.rawValue }
        targetsChanged()
    }

    private var commands: [MPRemoteCommand] {
        [playCommand, pauseCommand, stopCommand, togglePlayPauseCommand, nextTrackCommand, previousTrackCommand,
         skipForwardCommand, skipBackwardCommand, changePlaybackPositionCommand, changePlaybackRateCommand,
         seekForwardCommand, seekBackwardCommand, ratingCommand, changeRepeatModeCommand, changeShuffleModeCommand,
         likeCommand, dislikeCommand, bookmarkCommand, enableLanguageOptionCommand, disableLanguageOptionCommand]
    }

    /// Since iOS 7.1 a target on any command is enough for the system to send the app remote
    /// events, as `beginReceivingRemoteControlEvents()` is (MPRemoteCommandCenter's documentation);
    /// removing the last target ends it.
    private func targetsChanged() {
        binding.server.setHandlesRemoteCommands(binding.app, commands.contains { $0.hasTargets })
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
        case let .seekForward(begin), let .seekBackward(begin):
            let target = if case .seekForward = command { seekForwardCommand } else { seekBackwardCommand }
            return target.deliver(MPSeekCommandEvent(command: target, timestamp: time, type: begin ? .beginSeeking : .endSeeking))
        case let .like(negative): return likeCommand.deliver(MPFeedbackCommandEvent(command: likeCommand, timestamp: time, isNegative: negative))
        case let .dislike(negative):
            return dislikeCommand.deliver(MPFeedbackCommandEvent(command: dislikeCommand, timestamp: time, isNegative: negative))
        case let .bookmark(negative):
            return bookmarkCommand.deliver(MPFeedbackCommandEvent(command: bookmarkCommand, timestamp: time, isNegative: negative))
        case let .rating(rating):
            // The rating control offers only the command's range.
            guard rating >= ratingCommand.minimumRating, rating <= ratingCommand.maximumRating else { return nil }
            return ratingCommand.deliver(MPRatingCommandEvent(command: ratingCommand, timestamp: time, rating: rating))
        case let .changeRepeatMode(raw):
            guard let type = MPRepeatType(rawValue: raw) else { return nil }
            return changeRepeatModeCommand.deliver(MPChangeRepeatModeCommandEvent(command: changeRepeatModeCommand, timestamp: time, repeatType: type))
        case let .changeShuffleMode(raw):
            guard let type = MPShuffleType(rawValue: raw) else { return nil }
            return changeShuffleModeCommand.deliver(
                MPChangeShuffleModeCommandEvent(command: changeShuffleModeCommand, timestamp: time, shuffleType: type))
        case let .enableLanguageOption(identifier, setting), let .disableLanguageOption(identifier, setting):
            // The lock screen lists only the options the app published; others cannot be picked.
            let target = if case .enableLanguageOption = command { enableLanguageOptionCommand } else { disableLanguageOptionCommand }
            guard let option = infoCenter.languageOption(identifier),
                  let setting = MPChangeLanguageOptionSetting(rawValue: setting) else { return nil }
            return target.deliver(MPChangeLanguageOptionCommandEvent(command: target, timestamp: time, languageOption: option, setting: setting))
        }
    }
}
