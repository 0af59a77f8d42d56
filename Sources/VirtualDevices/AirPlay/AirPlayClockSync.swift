import SimCore

/// A receiver's clock against the sender's: its own offset and drift (seeded), and the residual
/// error its synchronisation (PTP for AirPlay 2, NTP-like timing for AirPlay 1) leaves.
///
/// Every `interval` the receiver measures the sender's clock again, with a measurement error
/// uniform in ±`jitter`; between measurements its own crystal drifts by `driftPPM`. The error of
/// the instant it plays a frame is therefore `measurementError + drift × (t − lastMeasurement)`,
/// a fraction of a millisecond ("usually to within a fraction of a millisecond", shairport-sync).
public struct AirPlayClockSync: Sendable {
    /// Receiver clock minus sender clock at time zero (removed by synchronisation, traced).
    public let offset: HostDuration
    /// Parts per million the receiver's crystal runs fast (+) or slow (−).
    public let driftPPM: Int64
    public let interval: HostDuration
    public let jitter: HostDuration
    private var random: SimRandom
    private var measuredAt = HostTime.zero
    private var measurementError: Int64 = 0

    public init(random: SimRandom, interval: HostDuration = .seconds(1), jitter: HostDuration = .microseconds(100)) {
        var random = random
        offset = .microseconds(random.integer(in: -500_000...500_000))
        driftPPM = random.integer(in: -100...100)
        self.interval = interval
        self.jitter = jitter
        self.random = random
        measurementError = random.integer(in: -jitter.nanoseconds...jitter.nanoseconds)
    }

    /// How late (+) or early (−) the receiver plays at `time`, in nanoseconds; measures again
    /// when an interval has passed since the last measurement.
    public mutating func error(at time: HostTime) -> Int64 {
        while time - measuredAt >= interval {
            measuredAt = measuredAt + interval
            measurementError = random.integer(in: -jitter.nanoseconds...jitter.nanoseconds)
        }
        return measurementError + (time - measuredAt).nanoseconds * driftPPM / 1_000_000
    }
}
