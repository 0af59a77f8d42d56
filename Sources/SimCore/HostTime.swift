/// An instant on the simulation clock, in integer nanoseconds since the simulation started.
///
/// The core never uses `Double` seconds: every instant and interval is an exact integer, so the
/// same scenario orders its events identically on every machine (docs/architecture.md, Determinism).
public struct HostTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = HostTime(nanoseconds: 0)

    public static func < (lhs: HostTime, rhs: HostTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: HostTime, rhs: HostDuration) -> HostTime {
        HostTime(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    public static func - (lhs: HostTime, rhs: HostDuration) -> HostTime {
        HostTime(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    public static func - (lhs: HostTime, rhs: HostTime) -> HostDuration {
        HostDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    public static func += (lhs: inout HostTime, rhs: HostDuration) { lhs = lhs + rhs }

    /// Time since the start, in the notation scenario files use (`1m30s`, `250ms`).
    public var description: String { HostDuration(nanoseconds: nanoseconds).description }
}

/// A signed interval on the simulation clock, in integer nanoseconds.
public struct HostDuration: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = HostDuration(nanoseconds: 0)

    public static func nanoseconds(_ n: Int64) -> HostDuration { HostDuration(nanoseconds: n) }
    public static func microseconds(_ n: Int64) -> HostDuration { HostDuration(nanoseconds: n * 1_000) }
    public static func milliseconds(_ n: Int64) -> HostDuration { HostDuration(nanoseconds: n * 1_000_000) }
    public static func seconds(_ n: Int64) -> HostDuration { HostDuration(nanoseconds: n * 1_000_000_000) }
    public static func minutes(_ n: Int64) -> HostDuration { .seconds(n * 60) }

    public static func < (lhs: HostDuration, rhs: HostDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: HostDuration, rhs: HostDuration) -> HostDuration {
        HostDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    public static func - (lhs: HostDuration, rhs: HostDuration) -> HostDuration {
        HostDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
    public static func * (lhs: HostDuration, rhs: Int64) -> HostDuration {
        HostDuration(nanoseconds: lhs.nanoseconds * rhs)
    }
}
