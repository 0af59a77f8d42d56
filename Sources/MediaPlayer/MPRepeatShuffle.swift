import Foundation

/// `MPRepeatType` and `MPShuffleType` (raw values from MPRemoteControlTypes.h).
public enum MPRepeatType: Int, Sendable {
    case off = 0, one = 1, all = 2
}

public enum MPShuffleType: Int, Sendable {
    case off = 0, items = 1, collections = 2
}

/// The repeat and shuffle commands carry the mode the app shows (`currentRepeatType`,
/// `currentShuffleType`, which the app updates); the event carries the mode the user chose.
open class MPChangeRepeatModeCommand: MPRemoteCommand, @unchecked Sendable {
    public var currentRepeatType: MPRepeatType = .off
}

open class MPChangeRepeatModeCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let repeatType: MPRepeatType
    /// Whether the choice should outlast the current queue; the system's remote controls send false.
    public let preservesRepeatMode: Bool

    init(command: MPRemoteCommand, timestamp: TimeInterval, repeatType: MPRepeatType) {
        self.repeatType = repeatType
        preservesRepeatMode = false
        super.init(command: command, timestamp: timestamp)
    }
}

open class MPChangeShuffleModeCommand: MPRemoteCommand, @unchecked Sendable {
    public var currentShuffleType: MPShuffleType = .off
}

open class MPChangeShuffleModeCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let shuffleType: MPShuffleType
    public let preservesShuffleMode: Bool

    init(command: MPRemoteCommand, timestamp: TimeInterval, shuffleType: MPShuffleType) {
        self.shuffleType = shuffleType
        preservesShuffleMode = false
        super.init(command: command, timestamp: timestamp)
    }
}
