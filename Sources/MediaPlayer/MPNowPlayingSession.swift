@_spi(Soundcheck) import AVFoundation
import Foundation
import MediaServer

/// `MPNowPlayingSession` (iOS 16): Now Playing for an app with more than one player (a main
/// programme and a picture-in-picture, say). Each session has its own info center and command
/// center; the active session's info is what the system shows and its command center gets the
/// system's commands. With `automaticallyPublishesNowPlayingInfo` the session publishes its first
/// player's item itself — the item's `nowPlayingInfo` with the elapsed time, rate and duration —
/// when it becomes active and whenever the player's rate changes.
open class MPNowPlayingSession: NSObject, @unchecked Sendable {
    public private(set) var players: [AVPlayer]
    public let nowPlayingInfoCenter: MPNowPlayingInfoCenter
    public let remoteCommandCenter: MPRemoteCommandCenter
    public weak var delegate: MPNowPlayingSessionDelegate?
    public private(set) var isActive = false
    public var automaticallyPublishesNowPlayingInfo = false {
        didSet { if automaticallyPublishesNowPlayingInfo { publishFromPlayer() } }
    }

    private let binding: AppBinding
    private var rateObservers: [NSObjectProtocol] = []

    public init(players: [AVPlayer]) {
        guard let binding = AppContext.current else {
            preconditionFailure("MPNowPlayingSession must be made by app code running on a simulated device")
        }
        self.binding = binding
        self.players = players
        nowPlayingInfoCenter = MPNowPlayingInfoCenter(binding: binding)
        remoteCommandCenter = MPRemoteCommandCenter(binding: binding, infoCenter: nowPlayingInfoCenter)
        super.init()
        nowPlayingInfoCenter.session = self
        players.forEach(observe)
    }

    deinit { rateObservers.forEach(NotificationCenter.default.removeObserver) }

    /// A session with a player may become active.
    public var canBecomeActive: Bool { !players.isEmpty }

    public func addPlayer(_ player: AVPlayer) {
        guard !players.contains(where: { $0 === player }) else { return }
        let could = canBecomeActive
        players.append(player)
        observe(player)
        if could != canBecomeActive { delegate?.nowPlayingSessionDidChangeCanBecomeActive(self) }
    }

    public func removePlayer(_ player: AVPlayer) {
        let could = canBecomeActive
        players.removeAll { $0 === player }
        if could != canBecomeActive { delegate?.nowPlayingSessionDidChangeCanBecomeActive(self) }
    }

    /// Makes this the app's active session (the one before it stops being active), publishing its
    /// info and taking the system's commands; the completion says whether it is active.
    public func becomeActiveIfPossible(completion: ((Bool) -> Void)? = nil) {
        guard canBecomeActive else { completion?(false); return }
        if !isActive {
            let sessions = binding.server.attachment(for: binding.app, key: "MPNowPlayingSession.all") { NowPlayingSessions() }
            if let previous = sessions.active, previous !== self {
                previous.isActive = false
                previous.delegate?.nowPlayingSessionDidChangeActive(previous)
            }
            sessions.active = self
            isActive = true
            remoteCommandCenter.receiveCommands()
            if automaticallyPublishesNowPlayingInfo { publishFromPlayer() } else { nowPlayingInfoCenter.publish() }
            delegate?.nowPlayingSessionDidChangeActive(self)
        }
        completion?(true)
    }

    private func observe(_ player: AVPlayer) {
        rateObservers.append(NotificationCenter.default.addObserver(forName: AVPlayer.rateDidChangeNotification, object: player,
                                                                    queue: nil) { [weak self] _ in
            guard let self, self.automaticallyPublishesNowPlayingInfo, self.players.first === player else { return }
            self.publishFromPlayer()
        })
    }

    /// The first player's item as the system would read it: the app's `nowPlayingInfo` for the
    /// item, with where it stands.
    private func publishFromPlayer() {
        guard let player = players.first, let item = player.currentItem else { return }
        var info = item.nowPlayingInfoStorage ?? [:]
        info[MPNowPlayingInfoPropertyElapsedPlaybackTime] = NSNumber(value: player.currentTime().seconds)
        info[MPNowPlayingInfoPropertyPlaybackRate] = NSNumber(value: player.rate)
        if item.duration.isNumeric { info[MPMediaItemPropertyPlaybackDuration] = NSNumber(value: item.duration.seconds) }
        nowPlayingInfoCenter.nowPlayingInfo = info
    }
}

/// The app's Now Playing sessions: which one is active.
final class NowPlayingSessions: @unchecked Sendable {
    weak var active: MPNowPlayingSession?
}

/// `MPNowPlayingSessionDelegate`: both methods optional.
public protocol MPNowPlayingSessionDelegate: AnyObject {
    func nowPlayingSessionDidChangeActive(_ nowPlayingSession: MPNowPlayingSession)
    func nowPlayingSessionDidChangeCanBecomeActive(_ nowPlayingSession: MPNowPlayingSession)
}

extension MPNowPlayingSessionDelegate {
    public func nowPlayingSessionDidChangeActive(_ nowPlayingSession: MPNowPlayingSession) {}
    public func nowPlayingSessionDidChangeCanBecomeActive(_ nowPlayingSession: MPNowPlayingSession) {}
}

extension AVPlayerItem {
    /// What the app says of this item, for the Now Playing session that publishes it automatically.
    @MainActor public var nowPlayingInfo: [String: Any]? {
        get { nowPlayingInfoStorage }
        set { nowPlayingInfoStorage = newValue }
    }
}
