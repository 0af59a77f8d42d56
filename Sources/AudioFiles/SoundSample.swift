import CSndFile

/// A sample type libsndfile reads and writes natively: `Float`, `Double`, `Int16`, `Int32`.
///
/// The underscored requirements are the bridge to libsndfile's typed calls; callers use
/// `SoundFile`'s generic methods instead. Integers are full-scale (Int16.max ≈ +1.0) whatever the
/// file's width, floats are normalised to −1…+1.
public protocol SoundSample: Sendable {
    static func _read(_ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Self>, _ frames: Int64) -> Int64
    static func _write(_ handle: OpaquePointer, _ buffer: UnsafePointer<Self>, _ frames: Int64) -> Int64
    /// Rounds `count` samples to `bits`-bit PCM, left-aligned in Int32; false when the type is
    /// already an integer (libsndfile's integer conversions are exact and need no help).
    static func _quantize(_ source: UnsafePointer<Self>, into target: UnsafeMutablePointer<Int32>,
                          count: Int, bits: Int) -> Bool
    /// For integer types: their width, so float files can be converted at Apple's 2^(N−1) scale
    /// (libsndfile's own float→int read either truncates or normalises to the file's peak).
    static var _integerBits: Int? { get }
    static func _fromQuantized(_ value: Int32) -> Self
}

extension SoundSample {
    public static func _quantize(_ source: UnsafePointer<Self>, into target: UnsafeMutablePointer<Int32>,
                                 count: Int, bits: Int) -> Bool { false }
    public static var _integerBits: Int? { nil }
}

extension Float: SoundSample {
    public static func _read(_ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Float>, _ frames: Int64) -> Int64 {
        sf_readf_float(handle, buffer, frames)
    }

    public static func _write(_ handle: OpaquePointer, _ buffer: UnsafePointer<Float>, _ frames: Int64) -> Int64 {
        sf_writef_float(handle, buffer, frames)
    }

    public static func _fromQuantized(_ value: Int32) -> Float { Float(value) }

    public static func _quantize(_ source: UnsafePointer<Float>, into target: UnsafeMutablePointer<Int32>,
                                 count: Int, bits: Int) -> Bool {
        PCMQuantizer(bits: bits).quantize(count: count, into: target) { Double(source[$0]) }
        return true
    }
}

extension Double: SoundSample {
    public static func _read(_ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Double>, _ frames: Int64) -> Int64 {
        sf_readf_double(handle, buffer, frames)
    }

    public static func _write(_ handle: OpaquePointer, _ buffer: UnsafePointer<Double>, _ frames: Int64) -> Int64 {
        sf_writef_double(handle, buffer, frames)
    }

    public static func _fromQuantized(_ value: Int32) -> Double { Double(value) }

    public static func _quantize(_ source: UnsafePointer<Double>, into target: UnsafeMutablePointer<Int32>,
                                 count: Int, bits: Int) -> Bool {
        PCMQuantizer(bits: bits).quantize(count: count, into: target) { source[$0] }
        return true
    }
}

extension Int16: SoundSample {
    public static func _read(_ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Int16>, _ frames: Int64) -> Int64 {
        sf_readf_short(handle, buffer, frames)
    }

    public static func _write(_ handle: OpaquePointer, _ buffer: UnsafePointer<Int16>, _ frames: Int64) -> Int64 {
        sf_writef_short(handle, buffer, frames)
    }

    public static var _integerBits: Int? { 16 }
    public static func _fromQuantized(_ value: Int32) -> Int16 { Int16(truncatingIfNeeded: value) }
}

extension Int32: SoundSample {
    public static func _read(_ handle: OpaquePointer, _ buffer: UnsafeMutablePointer<Int32>, _ frames: Int64) -> Int64 {
        sf_readf_int(handle, buffer, frames)
    }

    public static func _write(_ handle: OpaquePointer, _ buffer: UnsafePointer<Int32>, _ frames: Int64) -> Int64 {
        sf_writef_int(handle, buffer, frames)
    }

    public static var _integerBits: Int? { 32 }
    public static func _fromQuantized(_ value: Int32) -> Int32 { value }
}
