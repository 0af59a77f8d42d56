import MediaServer

// Core Audio's host clock (HostTime.h) on the simulated device. The host clock is the simulation
// clock, so `AudioGetCurrentHostTime()` read in app code is deterministic and agrees with the
// `mHostTime` of every AudioTimeStamp the simulated device hands out, which counts nanoseconds.
// One tick is therefore one nanosecond (a setting of the simulation, not of any one device: real
// iPhones tick at 24 MHz; code that converts with the functions below works with either).

/// The current host time: the simulated clock of the device whose app is running, 0 outside any
/// simulated app (there is no other clock in a deterministic run).
public func AudioGetCurrentHostTime() -> UInt64 {
    guard let now = AppContext.current?.server.now.nanoseconds, now > 0 else { return 0 }
    return UInt64(now)
}

/// Host ticks per second.
public func AudioGetHostClockFrequency() -> Float64 { 1_000_000_000 }

/// The smallest number of ticks between two different host times.
public func AudioGetHostClockMinimumTimeDelta() -> UInt32 { 1 }

public func AudioConvertHostTimeToNanos(_ inHostTime: UInt64) -> UInt64 { inHostTime }

public func AudioConvertNanosToHostTime(_ inNanos: UInt64) -> UInt64 { inNanos }
