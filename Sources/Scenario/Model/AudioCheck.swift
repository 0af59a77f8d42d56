import SimCore
import VirtualDevices

/// What must have reached a port's channels over an interval, checked on the port's sink after
/// the run: `{ from: 1s, to: 3s, port: Headphones, audio: { tone: 1000 }, channels: [1] }`; or
/// what an app recorded: `{ app: Rec, recorded: { tone: 440 } }`.
public struct AudioCheck: Sendable, Hashable {
    public var from: HostTime
    public var to: HostTime
    public var target: AudioTarget
    /// 1-based; nil: every channel of the port.
    public var channels: [Int]?
    public var condition: AudioCondition
}

/// Where the checked audio is.
public enum AudioTarget: Sendable, Hashable {
    /// An output port, named by its name, UID or type.
    case port(String)
    /// What an app read from its input (the samples its recorder wrote).
    case recording(app: String)

    /// `audio on USBAudio`, `audio recorded by Rec`, as failure messages say it.
    var label: String {
        switch self {
        case let .port(name): "audio on \(name)"
        case let .recording(app): "audio recorded by \(app)"
        }
    }
}

/// The condition on the port's channels. Conditions that say something is there (`sounding`,
/// `tone`, `level-above`) hold when one of the checked channels shows it; conditions that say
/// something is absent (`silent`, `no-tone`, `level-below`) must hold on every checked channel.
public enum AudioCondition: Sendable, Hashable {
    /// Peak below −90 dBFS (or nothing rendered at all).
    case silent
    /// Peak at or above −60 dBFS.
    case sounding
    /// A sine at this frequency with an amplitude at or above the level (default −40 dBFS).
    case tone(Int, atLeastDBFS: Double)
    /// No sine at this frequency at or above the level (default −40 dBFS).
    case noTone(Int, belowDBFS: Double)
    /// Peak at or above this level in dBFS.
    case levelAbove(Double)
    /// Peak below this level in dBFS.
    case levelBelow(Double)
    /// Plays the same instants as another output port (named by name, UID or type) within this
    /// much, measured on the markers at the start of each second of a long-form player's timeline.
    case alignedWith(String, within: HostDuration)

    static let silenceDBFS = -90.0
    static let soundingDBFS = -60.0
    static let toneDBFS = -40.0

    /// True for the conditions that need evidence on at least one channel.
    var needsPresence: Bool {
        switch self {
        case .sounding, .tone, .levelAbove, .alignedWith: true
        case .silent, .noTone, .levelBelow: false
        }
    }

    /// `silent`, `tone 1000 Hz`, `level above -20 dBFS`, as failure messages say it.
    var summary: String {
        switch self {
        case .silent: "silent"
        case .sounding: "sounding"
        case let .tone(hertz, level): "a \(hertz) Hz tone at or above \(level) dBFS"
        case let .noTone(hertz, level): "no \(hertz) Hz tone at or above \(level) dBFS"
        case let .levelAbove(level): "peak at or above \(level) dBFS"
        case let .levelBelow(level): "peak below \(level) dBFS"
        case let .alignedWith(port, within): "aligned with \(port) within \(within)"
        }
    }
}
