/// One buffer, file or segment scheduled on a player node: its samples (planar, at the node's
/// output rate), when it plays on the player timeline, and who to tell when it is done.
struct ScheduledAudio {
    /// `channelCount * frameCount` samples, channel after channel.
    let samples: [Float]
    let channelCount: Int
    let frameCount: Int
    /// The requested player time; nil follows the previous item.
    let requestedStart: Int64?
    let loops: Bool
    let completion: PlayerCompletion?
    /// Resolved when the item reaches the head of the queue.
    var start: Int64?
    /// Where a looping item stops (set by an `.interruptsAtLoop` successor).
    var loopEnd: Int64?

    /// The player time the item ends at; nil while it loops without an end.
    var end: Int64? {
        guard let start else { return nil }
        if loops { return loopEnd }
        return start + Int64(frameCount)
    }
}

/// A completion handler of either shape, with the callback type it asked for.
struct PlayerCompletion {
    enum Handler {
        case plain(AVAudioNodeCompletionHandler)
        case typed(AVAudioPlayerNodeCompletionHandler)
    }

    let handler: Handler
    let type: AVAudioPlayerNodeCompletionCallbackType

    func call() {
        switch handler {
        case let .plain(handler): handler()
        case let .typed(handler): handler(type)
        }
    }
}
