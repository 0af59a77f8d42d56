import SimCore

/// A timed list of device events, optionally salted with seeded random events: the smallest
/// thing that drives the virtual device layer from a file (`soundcheck simulate`).
///
/// ```yaml
/// script: plug-and-call
/// profile: iphone
/// seed: 7
/// accessories: [wired-headphones]
/// duration: 10s
/// steps:
///   - { at: 1s, do: attach, accessory: "hdmi:6" }
///   - { at: 2s, do: incoming-call, caller: Alice }
///   - { at: 3s, do: decline-call }
/// random: { events: 200 }
/// ```
public struct EventScript: Sendable {
    public struct Step: Sendable {
        public var at: HostTime
        public var event: DeviceEvent
        /// Where the step is written, for errors found while running it.
        public var line: Int
        public var column: Int
    }

    public var name: String
    public var file: String
    public var profile: String
    public var seed: UInt64
    /// Accessories attached before the first step, in order.
    public var accessories: [AccessoryKind]
    public var steps: [Step]
    /// How many seeded random events to spread over the script's duration.
    public var randomEvents: Int
    public var duration: HostDuration
}
