import Foundation

// The user's opinion of the item: feedback (like, dislike, bookmark) and a rating.

/// `MPFeedbackCommand`: like, dislike and bookmark. `isActive` is what the lock screen shows
/// (the app keeps it in step with its own state); the event says whether the user gave the
/// feedback or took it back (`isNegative`).
open class MPFeedbackCommand: MPRemoteCommand, @unchecked Sendable {
    public var isActive = false
    public var localizedTitle = ""
    public var localizedShortTitle = ""
}

open class MPFeedbackCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let isNegative: Bool

    init(command: MPRemoteCommand, timestamp: TimeInterval, isNegative: Bool) {
        self.isNegative = isNegative
        super.init(command: command, timestamp: timestamp)
    }
}

/// `MPRatingCommand`: the user rates the item between the command's bounds.
open class MPRatingCommand: MPRemoteCommand, @unchecked Sendable {
    public var minimumRating: Float = 0
    public var maximumRating: Float = 0
}

open class MPRatingCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let rating: Float

    init(command: MPRemoteCommand, timestamp: TimeInterval, rating: Float) {
        self.rating = rating
        super.init(command: command, timestamp: timestamp)
    }
}
