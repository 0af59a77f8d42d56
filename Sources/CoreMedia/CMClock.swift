import MediaServer
import SimCore

/// `CMClock`. The host time clock reads the simulation clock of the device whose app is running
/// (nanoseconds, like `mach_absolute_time` on a device whose timebase is 1/1): there is no wall
/// clock in a simulation.
public final class CMClock: @unchecked Sendable {
    let now: () -> HostTime

    init(now: @escaping () -> HostTime) { self.now = now }

    /// The clock's time now, at timescale 1,000,000,000.
    public var time: CMTime { CMTime(value: now().nanoseconds, timescale: 1_000_000_000) }

    /// The host clock of `server` (what facades use when they know the device they run on).
    package static func hostTimeClock(of server: AudioServer) -> CMClock {
        CMClock { [weak server] in server?.now ?? .zero }
    }
}

/// `CMClockGetHostTimeClock()`: the host clock of the device the calling app runs on. Called
/// outside any app's code it is a clock stopped at zero.
public func CMClockGetHostTimeClock() -> CMClock {
    guard let server = AppContext.current?.server else { return CMClock { .zero } }
    return .hostTimeClock(of: server)
}

public func CMClockGetTime(_ clock: CMClock) -> CMTime { clock.time }

/// `CMClockMakeHostTimeFromSystemUnits`: host units are nanoseconds here.
public func CMClockMakeHostTimeFromSystemUnits(_ hostTime: UInt64) -> CMTime {
    CMTime(value: Int64(clamping: hostTime), timescale: 1_000_000_000)
}
