/// The samples a sampler instrument plays, one zone per audio file: its mono samples, their
/// rate, and the key at which they sound at their recorded pitch. A note plays the zone whose
/// root key is nearest (the lower one on a tie), transposed by rate.
public struct SampleZones: Sendable {
    public struct Zone: Sendable {
        public var samples: [Float]
        public var sampleRate: Double
        public var rootKey: UInt8

        public init(samples: [Float], sampleRate: Double, rootKey: UInt8) {
            self.samples = samples
            self.sampleRate = sampleRate
            self.rootKey = rootKey
        }

        /// The sample at fractional `position` (linear interpolation); nil past the end.
        func sample(at position: Double) -> Float? {
            let index = Int(position)
            guard position >= 0, index + 1 < samples.count else { return nil }
            let fraction = Float(position - Double(index))
            return samples[index] + (samples[index + 1] - samples[index]) * fraction
        }
    }

    public var zones: [Zone]

    public init(_ zones: [Zone] = []) { self.zones = zones }

    /// The zone for `note`, or −1 when there are none (the sampler's sine).
    func zone(for note: UInt8) -> Int {
        var best = -1
        for index in zones.indices {
            let distance = abs(Int(zones[index].rootKey) - Int(note))
            if best < 0 || distance < abs(Int(zones[best].rootKey) - Int(note)) { best = index }
        }
        return best
    }
}
