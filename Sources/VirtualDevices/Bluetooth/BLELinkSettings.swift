import SimCore

/// The numbers the simulated radio runs on. Each default is chosen from what the BLE-MIDI
/// specification and Apple say, and `docs/ble-link-model.md` explains why.
public struct BLELinkSettings: Sendable, Hashable {
    /// The shortest connection interval the device accepts: 7.5 ms, the least Bluetooth LE allows.
    public var minimumInterval = HostDuration.microseconds(7_500)
    /// The longest a BLE-MIDI accessory may ask for: 15 ms (BLE-MIDI 1.0).
    public var maximumInterval = HostDuration.milliseconds(15)
    /// Intervals are whole multiples of this step (the Bluetooth LE unit).
    public static let intervalStep = HostDuration.microseconds(1_250)
    /// The largest ATT MTU the device offers in the MTU exchange; the link uses the smaller of
    /// this and the peer's.
    public var maximumATTMTU = 185
    /// Packets each side may send in one connection event. Bandwidth is this many packets of
    /// ATT_MTU − 3 bytes per interval; a burst larger than that waits for later events.
    public var packetsPerEvent = 4
    /// From the connection event that carried a packet to Core MIDI handing it to apps.
    public var processingLatency = HostDuration.milliseconds(1)
    /// Each connection event's delivery is late by a seeded amount below this.
    public var jitter = HostDuration.microseconds(500)
    /// From `connect` to the link being up (the central catching an advertisement and the
    /// connection request): one 30 ms advertising interval.
    public var connectionSetup = HostDuration.milliseconds(30)
    /// "After several minutes" without traffic and without an app using the endpoint, the system
    /// drops the link to save power (Core Audio, WWDC 2014 session 501). Apple gives no figure.
    public var idleTimeout = HostDuration.minutes(5)
    /// How long after a paired peripheral is back (powered on, advertising) the system reconnects
    /// it, on releases that do.
    public var reconnectDelay = HostDuration.seconds(1)
    /// Whether the system reconnects paired peripherals by itself when they come back (iOS 16
    /// and later); before that the user connects again.
    public var reconnectsPairedPeripherals = false
    /// Whether the device does BLE-MIDI at all: iOS 8 / OS X Yosemite and later, on hardware with
    /// native Bluetooth LE (`BluetoothLEHardware`). Without it the radio finds and joins nothing.
    public var available = true
    /// The name the device advertises under when the user has not changed it: its model's name
    /// followed by "MIDI", as the iPad Air in the 2014 talk showed "iPad Air MIDI".
    public var advertisedName = "iPhone MIDI"

    public init() {}

    /// The interval both sides accept nearest to what the peripheral asks for.
    public func negotiatedInterval(requested: HostDuration) -> HostDuration {
        let step = Self.intervalStep.nanoseconds
        let clamped = min(max(requested.nanoseconds, minimumInterval.nanoseconds), maximumInterval.nanoseconds)
        return HostDuration(nanoseconds: (clamped + step - 1) / step * step)
    }

    /// The BLE-MIDI packet size after the MTU exchange: ATT_MTU − 3.
    public func payloadSize(peerATTMTU: Int) -> Int {
        min(maximumATTMTU, max(BLEMIDIService.defaultATTMTU, peerATTMTU)) - BLEMIDIService.attHeaderBytes
    }
}
