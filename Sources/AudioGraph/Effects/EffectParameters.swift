#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A kernel's parameter values beside their descriptions, looked up by `AudioUnitParameterID`.
///
/// `changeCount` moves on every set that changes a value, so the render side recomputes what it
/// derives from parameters (coefficients, delay lengths) only when something moved. Lookups scan a
/// small array in declaration order: no hashing, so nothing depends on dictionary order.
struct EffectParameters {
    private(set) var infos: [EffectParameterInfo]
    private var values: [Float]
    private(set) var changeCount = 0

    init(_ infos: [EffectParameterInfo]) {
        self.infos = infos
        values = infos.map(\.defaultValue)
    }

    /// The render side looks parameters up every call, so this is a plain index loop: the
    /// generic `firstIndex(where:)` reads elements through `Collection`'s subscript coroutine,
    /// which allocates its frame on every call in unoptimised (debug) builds.
    func index(of id: UInt32) -> Int? {
        var index = 0
        while index < infos.count {
            if infos[index].id == id { return index }
            index += 1
        }
        return nil
    }

    /// The value of `id`, or 0 for an ID this kernel does not have.
    subscript(id: UInt32) -> Float {
        guard let index = index(of: id) else { return 0 }
        return values[index]
    }

    /// The value at a position in `infos` (the render side's access: no search).
    @inline(__always)
    subscript(at index: Int) -> Float { values[index] }

    /// Sets `id` clamped to its range; false if the kernel has no such parameter.
    @discardableResult
    mutating func set(_ id: UInt32, _ value: Float) -> Bool {
        guard let index = index(of: id) else { return false }
        let clamped = infos[index].clamp(value)
        if clamped != values[index] {
            values[index] = clamped
            changeCount &+= 1
        }
        return true
    }

    /// Changes the top of a range that depends on the sample rate (`SampleRate/2` in the headers),
    /// clamping the value into it.
    mutating func setMaximum(of id: UInt32, to maximum: Float) {
        guard let index = index(of: id) else { return }
        infos[index].maxValue = maximum
        infos[index].defaultValue = min(infos[index].defaultValue, maximum)
        values[index] = infos[index].clamp(values[index])
        changeCount &+= 1
    }
}

/// Conversions the kernels share.
enum EffectMath {
    /// Decibels to a linear amplitude factor.
    @inline(__always)
    static func gain(decibels: Double) -> Double { pow(10, decibels / 20) }

    /// The per-sample multiplier that makes a level fall by 60 dB in `seconds`.
    @inline(__always)
    static func decayFactor(frames: Double, t60 seconds: Double, sampleRate: Double) -> Double {
        pow(10, -3 * frames / (max(seconds, 1e-6) * sampleRate))
    }
}
