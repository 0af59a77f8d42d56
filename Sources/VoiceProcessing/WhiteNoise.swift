import SimCore

/// Seeded white noise, uniform in ±`level`·√3 (so its RMS is `level`): a steady hiss or a
/// microphone's noise floor for voice-processing measurements. The same seed gives the same samples.
public enum WhiteNoise {
    public static func samples(frames: Int, level: Float, seed: UInt64) -> [Float] {
        var random = SimRandom(seed: seed)
        let scale = level * Float(3.0.squareRoot()) / Float(1 << 23)
        return (0..<frames).map { _ in Float(Int64(random.uniform(below: 1 << 24)) - (1 << 23)) * scale }
    }
}
