import Foundation
import MediaServer

/// `MPRemoteCommandHandlerStatus` (raw values from MPRemoteCommand.h).
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    case success = 0
    case noSuchContent = 100
    case noActionableNowPlayingItem = 110
    case deviceNotFound = 120
    case commandFailed = 200
}

/// `MPRemoteCommand`: targets run, in the order added, when the system delivers the command to
/// the Now Playing app; the last target's status is the answer. A disabled command or one
/// without targets is not delivered.
open class MPRemoteCommand: NSObject, @unchecked Sendable {
    public var isEnabled = true
    private var targets: [(token: NSObject, handler: (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus)] = []
    /// The center's: a target added or removed may change whether the app handles remote commands.
    var targetsChanged: (() -> Void)?

    override init() { super.init() }

    var hasTargets: Bool { !targets.isEmpty }

    public func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any {
        let token = NSObject()
        targets.append((token, handler))
        targetsChanged?()
        return token
    }

    /// Removes a target `addTarget(handler:)` returned (nil: every target).
    public func removeTarget(_ target: Any?) {
        if let token = target as? NSObject {
            targets.removeAll { $0.token === token }
        } else {
            targets.removeAll()
        }
        targetsChanged?()
    }

    func deliver(_ event: MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus? {
        guard isEnabled, !targets.isEmpty else { return nil }
        var status = MPRemoteCommandHandlerStatus.success
        for target in targets { status = target.handler(event) }
        return status
    }
}

/// `MPSkipIntervalCommand`: skip commands carry the app's preferred intervals (seconds).
open class MPSkipIntervalCommand: MPRemoteCommand, @unchecked Sendable {
    public var preferredIntervals: [NSNumber] = []
}

open class MPChangePlaybackPositionCommand: MPRemoteCommand, @unchecked Sendable {}

open class MPChangePlaybackRateCommand: MPRemoteCommand, @unchecked Sendable {
    public var supportedPlaybackRates: [NSNumber] = []
}

/// `MPRemoteCommandEvent`: the command and when it was sent (seconds of host time).
open class MPRemoteCommandEvent: NSObject, @unchecked Sendable {
    public let command: MPRemoteCommand
    public let timestamp: TimeInterval

    init(command: MPRemoteCommand, timestamp: TimeInterval) {
        self.command = command
        self.timestamp = timestamp
    }
}

open class MPSkipIntervalCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let interval: TimeInterval
    init(command: MPRemoteCommand, timestamp: TimeInterval, interval: TimeInterval) {
        self.interval = interval
        super.init(command: command, timestamp: timestamp)
    }
}

open class MPChangePlaybackPositionCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let positionTime: TimeInterval
    init(command: MPRemoteCommand, timestamp: TimeInterval, positionTime: TimeInterval) {
        self.positionTime = positionTime
        super.init(command: command, timestamp: timestamp)
    }
}

open class MPChangePlaybackRateCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let playbackRate: Float
    init(command: MPRemoteCommand, timestamp: TimeInterval, playbackRate: Float) {
        self.playbackRate = playbackRate
        super.init(command: command, timestamp: timestamp)
    }
}

/// `MPSeekCommandEventType` (raw values from MPRemoteCommandEvent.h).
public enum MPSeekCommandEventType: UInt, Sendable {
    case beginSeeking = 0, endSeeking = 1
}

/// Seek forward and backward: one event when the button is pressed, one when it is released.
open class MPSeekCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let type: MPSeekCommandEventType

    init(command: MPRemoteCommand, timestamp: TimeInterval, type: MPSeekCommandEventType) {
        self.type = type
        super.init(command: command, timestamp: timestamp)
    }
}
