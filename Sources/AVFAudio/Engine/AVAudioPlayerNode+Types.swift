import Foundation

/// How a scheduled buffer plays (raw values as AVAudioPlayerNode.h).
public struct AVAudioPlayerNodeBufferOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Loop the buffer until it is interrupted or the player stops.
    public static let loops = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 0)
    /// Cut what is playing (and drop what is queued) and play this buffer now.
    public static let interrupts = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 1)
    /// Let the looping buffer finish its current loop, then play this one.
    public static let interruptsAtLoop = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 2)
}

/// When a completion handler is called.
public enum AVAudioPlayerNodeCompletionCallbackType: Int, Sendable {
    /// The player has consumed the data (as the plain completion handler).
    case dataConsumed = 0
    /// The player has rendered the data (downstream latency not included).
    case dataRendered = 1
    /// The data has been played by the device (its presentation latency included).
    case dataPlayedBack = 2
}

/// Not `@Sendable`, as in Apple's SDK (see `AVAudioNodeCompletionHandler`).
public typealias AVAudioPlayerNodeCompletionHandler = (AVAudioPlayerNodeCompletionCallbackType) -> Void
