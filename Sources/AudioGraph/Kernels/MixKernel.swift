/// The arithmetic of the render path, on raw pointers: no allocation, no locks, no dynamic
/// dispatch; simple loops the optimiser vectorises. `@_noAllocation`/`@_noLocks` make the
/// compiler reject any change that would allocate or lock here.
public enum MixKernel {
    @inline(__always) @_noAllocation @_noLocks
    public static func clear(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        buffer.update(repeating: 0, count: frames)
    }

    /// `buffer[i] *= gain`.
    @inline(__always) @_noAllocation @_noLocks
    public static func scale(_ buffer: UnsafeMutablePointer<Float>, by gain: Float, frames: Int) {
        for index in 0..<frames { buffer[index] *= gain }
    }

    /// `buffer[i] *= gains[i]`.
    @inline(__always) @_noAllocation @_noLocks
    public static func scale(_ buffer: UnsafeMutablePointer<Float>, by gains: UnsafePointer<Float>, frames: Int) {
        for index in 0..<frames { buffer[index] *= gains[index] }
    }

    /// `destination[i] += source[i] * gain`.
    @inline(__always) @_noAllocation @_noLocks
    public static func accumulate(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>,
                                  gain: Float, frames: Int) {
        for index in 0..<frames { destination[index] += source[index] * gain }
    }

    /// `destination[i] += source[i] * gains[i] * gain`.
    @inline(__always) @_noAllocation @_noLocks
    public static func accumulate(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>,
                                  gains: UnsafePointer<Float>, gain: Float, frames: Int) {
        for index in 0..<frames { destination[index] += source[index] * (gains[index] * gain) }
    }

    /// The largest absolute sample (a peak meter).
    @inline(__always) @_noAllocation @_noLocks
    public static func peak(_ buffer: UnsafePointer<Float>, frames: Int) -> Float {
        var peak: Float = 0
        for index in 0..<frames { peak = max(peak, abs(buffer[index])) }
        return peak
    }
}
