import SimCore

/// Short human renderings of trace values and lines for failure messages.
public enum TraceText {
    public static func value(_ value: TraceValue) -> String {
        switch value {
        case let .int(number): String(number)
        case let .string(text): text
        case let .bool(flag): String(flag)
        case .null: "null"
        case let .list(items): "[" + items.map(Self.value).joined(separator: ",") + "]"
        case let .object(object):
            "{" + object.keys.sorted().map { "\($0)=\(Self.value(object[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    /// `1s notify.interruption app=Game type=began`.
    public static func line(_ event: TraceEvent) -> String {
        let time = HostDuration(nanoseconds: event.time.nanoseconds)
        let fields = event.fields.keys.sorted().map { "\($0)=\(value(event.fields[$0]!))" }
        return (["\(time)", event.kind] + fields).joined(separator: " ")
    }
}
