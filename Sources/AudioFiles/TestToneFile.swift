import Foundation

/// A sine test tone as the bytes of a 16-bit PCM WAV file, made in memory: the sound a
/// simulated app plays (`AVAudioPlayer(data:)`) so that checks at the ports can tell apps apart
/// by frequency.
///
/// The file lasts whole seconds, so an integer frequency completes whole periods and the file
/// loops seamlessly (`numberOfLoops = -1`) with no click at the seam.
public enum TestToneFile {
    /// A mono WAV of `frequency` hertz at `amplitude` (linear, full scale 1).
    public static func wav(frequency: Int, amplitude: Double = 0.25, sampleRate: Int = 48_000, seconds: Int = 1) -> Data {
        wavCache.value(for: .init(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds)) {
            makeWAV(frequency: frequency, amplitude: amplitude, sampleRate: sampleRate, seconds: seconds)
        }
    }

    private static let wavCache = TestToneCache<Data>()

    private static func makeWAV(frequency: Int, amplitude: Double, sampleRate: Int, seconds: Int) -> Data {
        let frames = sampleRate * seconds
        var data = Data(capacity: 44 + 2 * frames)
        let dataBytes = UInt32(2 * frames)
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36) + dataBytes, to: &data)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16), to: &data)               // fmt chunk size
        append(UInt16(1), to: &data)                // PCM
        append(UInt16(1), to: &data)                // channels
        append(UInt32(sampleRate), to: &data)
        append(UInt32(sampleRate * 2), to: &data)   // bytes per second
        append(UInt16(2), to: &data)                // bytes per frame
        append(UInt16(16), to: &data)               // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append(dataBytes, to: &data)
        // The phase is reduced exactly in integers, so the last period ends where the first began.
        let samples = (0..<frames).map { frame -> Int16 in
            let phase = Double((frame * frequency) % sampleRate) / Double(sampleRate)
            return Int16(max(-32_768, min(32_767, (amplitude * sin(2 * .pi * phase) * 32_767).rounded()))).littleEndian
        }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
