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

/// A pattern over one trace record: which records it is about and the fields they must carry
/// (others are ignored).
public struct EventPattern: Sendable {
    public var subject: Subject
    public var fields: [(key: String, match: FieldMatch)]

    public enum Subject: Sendable, Hashable {
        case kind(TraceKind)
        /// Any API call (`error:` without `call:`).
        case anyCall
        /// An app model's own event, `app.<model>.<what>`.
        case appEvent(model: String, what: String)
    }

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
        return ([kind] + parts).joined(separator: " ")
    }

    /// The subject as failure messages name it: `notify.interruption`, `api.*`, `app.player.started`.
    public var kind: String {
        switch subject {
        case let .kind(kind): kind.rawValue
        case .anyCall: "api.*"
        case let .appEvent(model, what): AppEventRecord.kindName(model: model, what: what)
        }
    }

    /// Whether a record is about this pattern's subject (its fields are matched apart).
    func isAbout(_ record: TraceRecord) -> Bool {
        switch subject {
        case let .kind(kind): return record.kind == kind
        case .anyCall: return record.kind?.apiCall != nil
        case let .appEvent(model, what):
            guard case let .app(event) = record.fact else { return false }
            return event.model == model && event.what == what
        }
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
