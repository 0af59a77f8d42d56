import SimCore

/// A scenario trace with the questions app rules ask of it: which app a line is about, whether an
/// app was playing at a line (its reference-app `started`/`stopped` lines), and the step that ran last.
public struct AppTrace: Sendable {
    public let events: [TraceEvent]

    public init(_ events: [TraceEvent]) { self.events = events }

    public func app(_ index: Int) -> String? {
        if case let .string(name)? = events[index].fields["app"] { return name }
        return nil
    }

    public func string(_ index: Int, _ key: String) -> String? {
        if case let .string(value)? = events[index].fields[key] { return value }
        return nil
    }

    public func strings(_ index: Int, _ key: String) -> [String] {
        guard case let .list(items)? = events[index].fields[key] else { return [] }
        return items.compactMap { if case let .string(text) = $0 { text } else { nil } }
    }

    public func bool(_ index: Int, _ key: String) -> Bool? {
        if case let .bool(value)? = events[index].fields[key] { return value }
        return nil
    }

    public func kind(_ index: Int) -> String { events[index].kind }

    /// `app.<model>.started` / `app.<model>.stopped`.
    public func isAppEvent(_ index: Int, _ what: String) -> Bool {
        let kind = events[index].kind
        return kind.hasPrefix("app.") && kind.hasSuffix("." + what) && kind.split(separator: ".").count == 3
    }

    /// Whether `app` was playing just before line `index`, from its own started/stopped lines; a
    /// launch or termination starts the app over, stopped (a killed app logs no "stopped").
    public func isPlaying(_ app: String, before index: Int) -> Bool {
        var playing = false
        for i in 0..<index where self.app(i) == app {
            if isAppEvent(i, "started") { playing = true }
            if isAppEvent(i, "stopped") || ["device.launch", "device.terminate"].contains(kind(i)) { playing = false }
        }
        return playing
    }

    /// The category `app` last set successfully before line `index`.
    public func category(of app: String, before index: Int) -> String? {
        (0..<index).last { self.app($0) == app && kind($0) == "api.setCategory" && string($0, "result") == "ok" }
            .flatMap { string($0, "category") }
    }

    /// Lines at the same time as `index`, after it.
    public func sameTime(after index: Int) -> Range<Int> {
        var end = index + 1
        while end < events.count, events[end].time == events[index].time { end += 1 }
        return (index + 1)..<end
    }

    /// The last `scenario.step` at or before `index`.
    public func step(before index: Int) -> String {
        for i in stride(from: index, through: 0, by: -1) where events[i].kind == "scenario.step" {
            let number: String = if case let .int(n)? = events[i].fields["step"] { String(n) } else { "?" }
            return "step \(number) (\(string(i, "do") ?? "?"))"
        }
        return "before the first step"
    }
}
