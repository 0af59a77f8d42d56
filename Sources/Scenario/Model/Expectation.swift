import MediaServer
import SimCore
import VirtualDevices

/// Something a scenario says must be observed, located in its file for failure messages.
public struct Expectation: Sendable {
    public var kind: Kind
    /// When it must happen (events) or hold (states); nil: any time (events only).
    public var at: HostTime?
    public var line: Int
    public var column: Int

    /// The last instant the expectation looks at: its `at`, or the end of an audio interval.
    public var latestTime: HostTime? {
        if case let .audio(check) = kind { return check.to }
        return at
    }

    public enum Kind: Sendable {
        /// A trace line: a notification, a failed API call, a refused device event, an app's own event.
        case event(EventPattern)
        /// What the system (and a reference app) says about one app at `at`.
        case state(app: String, [StateCheck])
        /// What reached a port over an interval: `{ from: 1s, to: 3s, port: Speaker, audio: silent }`.
        case audio(AudioCheck)
    }
}

/// A pattern over one trace line: its kind and the fields it must carry (others are ignored).
public struct EventPattern: Sendable {
    public var kind: String
    /// Match any kind with this prefix (e.g. `api.` for an error on any call).
    public var kindIsPrefix: Bool
    public var fields: [(key: String, match: FieldMatch)]

    public enum FieldMatch: Sendable {
        case value(TraceValue)
        /// A list of port UIDs whose port types must be exactly these, in order.
        case portTypes([PortType])
    }

    /// `notify.interruption app=Game type=began`, as failure messages print it.
    public var summary: String {
        let parts = fields.map { field -> String in
            switch field.match {
            case let .value(value): "\(field.key)=\(TraceText.value(value))"
            case let .portTypes(types): "\(field.key)=[\(types.map(\.rawValue).joined(separator: ","))]"
            }
        }
        return ([kindIsPrefix ? kind + "*" : kind] + parts).joined(separator: " ")
    }
}

/// One property of an app's state at a time.
public enum StateCheck: Sendable, Hashable {
    case active(Bool), interrupted(Bool), ducked(Bool), silenced(Bool), playing(Bool), foreground(Bool)
    case outputs([PortType]), inputs([PortType])
    case sampleRate(Int), ioBufferFrames(Int), ioBufferDuration(HostDuration)
    case category(SessionCategory)
    case permission(String)
    /// `isOtherAudioPlaying` and `secondaryAudioShouldBeSilencedHint` as the app would read them.
    case otherAudioPlaying(Bool), secondaryAudioHint(Bool)
    /// The channels of the route's outputs or inputs, all ports in route order.
    case outputChannels(ChannelsCheck), inputChannels(ChannelsCheck)
}

/// Route channels as a scenario states them: how many, or their names in order.
public enum ChannelsCheck: Sendable, Hashable {
    case count(Int)
    case names([String])
}
