import SimCore
import VirtualDevices

/// One line of a trace as a value: when it happened and what (`TraceFact`). The JSON line
/// (`TraceEvent`) is only its rendering: `event` writes it, `init(decoding:)` reads it back, and
/// the two agree byte for byte on every line the simulation writes (docs/trace.md lists them).
public struct TraceRecord: Hashable, Sendable {
    public var time: HostTime
    public var fact: TraceFact
    /// In a scenario with several devices, the device whose line it is (`simulated-device`).
    public var simulatedDevice: String?

    public init(time: HostTime, _ fact: TraceFact, simulatedDevice: String? = nil) {
        self.time = time
        self.fact = fact
        self.simulatedDevice = simulatedDevice
    }

    /// The line's kind; nil for an app model's own line (`app.<model>.<what>`) and a line this
    /// build does not know.
    public var kind: TraceKind? { fact.kind }

    /// The app the line is about, when it names one.
    public var app: String? { fact.app }
}

/// What a trace line says. The facts readers ask about have their own cases with typed values;
/// the rest keep their kind and fields (`other`).
public enum TraceFact: Hashable, Sendable {
    /// `device.<verb>`: the device event and the outcome the device reported.
    case device(DeviceEventRecord)
    /// `device.refused`: a device event or step the device could not carry out.
    case deviceRefused(event: String, reason: String, app: String?)

    // The policy's effects (`PolicyEffect`), one case each.
    case activated(app: String)
    case deactivated(app: String)
    case ducked(app: String, Bool)
    case silenced(app: String, Bool)
    case nowPlaying(app: String)
    case overrideReverted(app: String)
    case permissionDialog(app: String)
    /// `session.alertSpared`: a system alert (a ringing call) left the app's session active
    /// because it prefers no interruptions from system alerts.
    case alertSpared(app: String, source: String)
    case routeChanged(TracedRoute)
    case hardwareChanged(hz: Int64, frames: Int64)
    /// `notify.*`: a notification posted to the app's session.
    case notification(app: String, SessionNotificationRecord)

    /// `api.*`: a session API call with its result.
    case api(APICallRecord)
    /// `app.<model>.<what>`: what an app model logged (`started`, `stopped`, `rebuilt` …).
    case app(AppEventRecord)
    /// `scenario.step`: a scenario step starts (its number, verb and line in the file).
    case step(number: Int64, verb: String, line: Int64)

    // The IO cycle.
    case ioStarted(hz: Int64, frames: Int64)
    case ioStopped(hz: Int64, frames: Int64)
    case ioFormat(from: Int64, to: Int64, frames: Int64)
    /// `audio.app.gain`: the gain the mix gives the app's output now, in thousandths.
    case appGain(app: String, perMille: Int64)
    /// `audio.levels`: a port's (or an app input's) peak per step over the run, per channel, in
    /// whole dBFS; the report draws its lanes from it.
    case levels(port: String, stepMs: Int64, peakDB: [[Int64]])

    /// Any other listed kind, with its fields as written.
    case other(TraceKind, [String: TraceValue])
    /// A line whose kind or fields this build does not know, kept as it was read.
    case unlisted(TraceEvent)
}

/// A `device.<verb>` line: which event, and the fields the device's outcome carried (the
/// accessory and its ports, the caller, an app's lifecycle move).
public struct DeviceEventRecord: Hashable, Sendable {
    public var kind: TraceKind
    public var fields: [String: TraceValue]

    public init(kind: TraceKind, fields: [String: TraceValue]) {
        self.kind = kind
        self.fields = fields
    }

    /// `launch`, `detach` … (the scenario verb; nil only for a record made with another kind).
    public var verb: DeviceVerb? { kind.deviceVerb }
    /// The app a lifecycle event moved.
    public var app: String? { if case let .string(name)? = fields["app"] { name } else { nil } }
}


/// An `api.*` line: the call, its app, its arguments as traced, and what it returned.
public struct APICallRecord: Hashable, Sendable {
    public enum Result: Hashable, Sendable {
        case ok
        /// The error's code name (`isBusy`) and the rule the call broke.
        case failed(code: String, rule: String)
    }

    public var call: TraceKind
    public var app: String
    public var arguments: [String: TraceValue]
    public var result: Result

    public init(call: TraceKind, app: String, arguments: [String: TraceValue], result: Result) {
        self.call = call
        self.app = app
        self.arguments = arguments
        self.result = result
    }

    public var succeeded: Bool { result == .ok }

    /// A string argument (`category` of `setCategory`).
    public func string(_ key: String) -> String? {
        if case let .string(value)? = arguments[key] { value } else { nil }
    }

    /// A list-of-names argument (`options`).
    public func names(_ key: String) -> [String] {
        guard case let .list(items)? = arguments[key] else { return [] }
        return items.compactMap { if case let .string(name) = $0 { name } else { nil } }
    }
}

/// An `app.<model>.<what>` line: an app model says what it did (the reference apps, and a
/// user's app through its log), with its details as text.
public struct AppEventRecord: Hashable, Sendable {
    public var app: String
    public var model: String
    public var what: String
    public var details: [String: String]

    public init(app: String, model: String, what: String, details: [String: String] = [:]) {
        self.app = app
        self.model = model
        self.what = what
        self.details = details
    }

    /// The `kind` of a model's line: `app.<model>.<what>`.
    public static func kindName(model: String, what: String) -> String { "app.\(model).\(what)" }
}
