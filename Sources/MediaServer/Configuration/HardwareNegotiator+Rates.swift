import SimCore
import VirtualDevices

/// Sample-rate and IO-buffer rounding. All arithmetic is exact integers (docs/architecture.md, Determinism).
extension HardwareNegotiator {
    /// The rates the route can run at, in preference order:
    /// 1. hardware rates every routed port supports (hardware order);
    /// 2. if none, the rates every routed port shares (first port's order): the link's clock wins,
    ///    as with Bluetooth HFP at 16 or 8 kHz, and the device converts;
    /// 3. if the ports share none, or nothing is routed, the hardware's rates.
    /// A port listing no rates constrains nothing.
    static func routableRates(hardware: AudioHardware, ports: [Port]) -> [Int] {
        let constraining = ports.filter { !$0.sampleRates.isEmpty }
        let supportedByAll = { (rate: Int) in constraining.allSatisfy { $0.sampleRates.contains(rate) } }
        let common = hardware.sampleRates.filter(supportedByAll)
        if !common.isEmpty { return common }
        let linkRates = (constraining.first?.sampleRates ?? []).filter(supportedByAll)
        return linkRates.isEmpty ? hardware.sampleRates : linkRates
    }

    /// The preferred rate when routable, else the nearest routable rate (ties go to the higher rate).
    /// Without a preference: the hardware default when routable, else the route's first rate.
    static func sampleRate(preferred: Int?, hardware: AudioHardware, ports: [Port]) -> Int {
        let rates = routableRates(hardware: hardware, ports: ports)
        let fallback = hardware.defaultSampleRate
        guard let preferred else { return rates.contains(fallback) ? fallback : rates.first ?? fallback }
        return nearest(to: preferred, among: rates) ?? fallback
    }

    static func nearest(to target: Int, among rates: [Int]) -> Int? {
        rates.min { a, b in
            let (da, db) = ((a - target).magnitude, (b - target).magnitude)
            return da != db ? da < db : a > b
        }
    }

    /// The power-of-two frame count in the hardware range nearest to `preferred × sampleRate`
    /// (ties go to the larger buffer). About 3 ms at 48 kHz (144 frames) gives 128; 5 ms at
    /// 44.1 kHz (220.5 frames) gives 256; anything outside the range clamps to its ends.
    /// Without a preference, the hardware default.
    static func ioBufferFrames(preferred: HostDuration?, sampleRate: Int, hardware: AudioHardware) -> Int {
        let sizes = hardware.supportedIOBufferFrames
        guard let preferred, !sizes.isEmpty else { return hardware.defaultIOBufferFrames }
        // Compare in units of frames × 10⁹ to stay exact: the target is ns × rate.
        let target = min(preferred, longestConsideredDuration).nanoseconds * Int64(sampleRate)
        let distance = { (frames: Int) in (Int64(frames) * 1_000_000_000 - target).magnitude }
        return sizes.min { a, b in
            distance(a) != distance(b) ? distance(a) < distance(b) : a > b
        } ?? hardware.defaultIOBufferFrames
    }

    /// `frames / sampleRate` in nanoseconds, rounded to nearest, halves up (128 @ 48 kHz = 2_666_667 ns).
    static func duration(ofFrames frames: Int, sampleRate: Int) -> HostDuration {
        let rate = Int64(sampleRate)
        return .nanoseconds((Int64(frames) * 2_000_000_000 + rate) / (2 * rate))
    }
}
