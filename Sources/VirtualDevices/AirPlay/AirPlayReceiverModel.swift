import SimCore

/// What differs between AirPlay generations, as the 2017 talk ("Introducing AirPlay 2",
/// WWDC 2017 session 509) and shairport-sync describe them. The exact figures are ours: Apple
/// says "seconds" for AirPlay 1 and "think minutes, not seconds" for AirPlay 2.
public struct AirPlayReceiverModel: Sendable, Hashable {
    public var version: Int
    /// How far ahead of what plays the receiver holds audio: AirPlay 1 about 2 s (its fixed
    /// output latency), AirPlay 2 two minutes.
    public var bufferCapacity: HostDuration
    /// How much faster than real time the sender may fill the buffer over the network: AirPlay 2
    /// streams "faster-than-real-time" (8× here); an AirPlay 1 stream keeps its fixed two
    /// seconds of latency filled, so its small buffer fills as soon as there is audio (100×).
    public var transferSpeed: Int
    /// Data this close to what plays can no longer be taken back by a flush (it is in the
    /// speaker's output path). shairport-sync's output stage holds about 250 ms.
    public var flushGuard: HostDuration
    /// The stream rate: AirPlay speakers play 44.1 kHz.
    public var sampleRate: Int = 44_100

    public static let airPlay1 = AirPlayReceiverModel(version: 1, bufferCapacity: .seconds(2), transferSpeed: 100,
                                                       flushGuard: .seconds(2))
    public static let airPlay2 = AirPlayReceiverModel(version: 2, bufferCapacity: .seconds(120), transferSpeed: 8,
                                                       flushGuard: .milliseconds(250))

    public static func version(_ version: Int) -> AirPlayReceiverModel { version >= 2 ? .airPlay2 : .airPlay1 }
}
