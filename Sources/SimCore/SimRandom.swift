/// The simulation's random source: xoshiro256** seeded through SplitMix64, implemented here so
/// that a seed means the same stream on every platform and Swift release (the standard library's
/// generator and algorithms make no such promise).
///
/// A run has one root seed; each subsystem draws from its own named fork (`devices`, `policy`,
/// `faults`, `apps`), so adding draws in one subsystem never shifts another's stream.
public struct SimRandom: RandomNumberGenerator, Sendable {
    /// The seed this stream was created from (for a fork: the derived seed).
    public let seed: UInt64
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        self.seed = seed
        var mixer = SplitMix64(state: seed)
        state = (mixer.next(), mixer.next(), mixer.next(), mixer.next())
    }

    /// An independent stream named `name`, derived only from this stream's seed and the name.
    public func fork(_ name: String) -> SimRandom {
        var mixer = SplitMix64(state: seed ^ fnv1a64(name))
        return SimRandom(seed: mixer.next())
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform integer in `0..<bound`, without modulo bias (Lemire's method).
    public mutating func uniform(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "the bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
    }

    /// A uniform integer in `range`.
    public mutating func integer(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if span == 0 { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: uniform(below: span))
    }

    /// True with probability `numerator / denominator`, decided in integers.
    public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        precondition(denominator > 0 && numerator <= denominator, "a chance is a ratio in [0, 1]")
        return uniform(below: denominator) < numerator
    }

    /// One element of a non-empty collection.
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        precondition(!elements.isEmpty, "cannot pick from an empty collection")
        let offset = Int(uniform(below: UInt64(elements.count)))
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }

    /// A Fisher–Yates shuffle that depends only on this stream.
    public mutating func shuffle<T>(_ elements: inout [T]) {
        guard elements.count > 1 else { return }
        for i in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(i, Int(uniform(below: UInt64(i + 1))))
        }
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): expands one seed into well-mixed words. Public as a small
/// seeded generator for checks and tests that need random data with a fixed seed.
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(state: UInt64) { self.state = state }
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@inline(__always)
private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

/// FNV-1a over the UTF-8 bytes: a stable name hash (Swift's `Hasher` is seeded per process).
func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}
