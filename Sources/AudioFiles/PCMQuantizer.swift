/// Float → N-bit PCM with a symmetric 2^(N−1) scale, rounding and clipping.
///
/// libsndfile scales float→int by 2^(N−1)−1 but int→float by 2^(N−1), so a float written and read
/// back drifts by up to one LSB (and 24-bit writes are not bit-exact, libsndfile's float-to-int conversion). Apple's
/// converters use 2^(N−1) both ways; quantizing here and writing through libsndfile's exact
/// integer path makes every on-grid sample round-trip bit-exactly.
struct PCMQuantizer {
    let scale: Double
    let shift: Int32

    init(bits: Int) {
        scale = Double(1 << (bits - 1))
        shift = Int32(32 - bits)
    }

    /// Writes `count` quantized samples, left-aligned in Int32 as libsndfile's int API expects.
    @inline(__always)
    func quantize(count: Int, into target: UnsafeMutablePointer<Int32>, _ sample: (Int) -> Double) {
        for i in 0..<count { target[i] = value(sample(i)) << shift }
    }

    /// One sample as a `bits`-bit integer (right-aligned): rounded, clipped, NaN → 0.
    @inline(__always)
    func value(_ sample: Double) -> Int32 {
        let scaled = (sample * scale).rounded()
        return scaled.isNaN ? 0 : Int32(min(max(scaled, -scale), scale - 1))
    }
}
