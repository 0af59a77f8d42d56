import CoreAudioTypes

/// Interleaved linear PCM bytes (16-bit integer or 32-bit float, native endian) as Float32
/// samples, the form an Audio Queue keeps its audio in.
enum PCMBytes {
    static func floats(_ bytes: UnsafeRawBufferPointer, format: AudioStreamBasicDescription) -> [Float] {
        if format.mFormatFlags & kAudioFormatFlagIsFloat != 0 {
            return (0..<bytes.count / 4).map { bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Float.self) }
        }
        return (0..<bytes.count / 2).map { Float(bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) / 32_768 }
    }
}
