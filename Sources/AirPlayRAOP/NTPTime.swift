import Glibc

/// NTP timestamps (seconds since 1900 in 32.32 fixed point), the clock RAOP's timing and sync
/// packets speak. Both come from the same real-time clock so the receiver's offset estimate holds.
enum NTPTime {
    /// Seconds from the NTP epoch (1900) to the Unix epoch (1970).
    static let unixOffset: UInt64 = 2_208_988_800

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let seconds = UInt64(time.tv_sec) + unixOffset
        let fraction = (UInt64(time.tv_nsec) << 32) / 1_000_000_000
        return seconds << 32 | fraction
    }
}

/// Monotonic seconds, for pacing the stream.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    func bigEndian<T: FixedWidthInteger>(at offset: Int, as: T.Type) -> T {
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size { value = value << 8 | T(self[offset + index]) }
        return value
    }
}
