import Foundation

extension SoundFile {
    /// Opens decoded audio (interleaved Float32) for reading like any file: it is wrapped as an
    /// IEEE-float WAV in memory, so reading, seeking and sample conversion are libsndfile's, the
    /// same as for every other file. Used for containers libsndfile cannot parse (MPEG-4).
    public convenience init(decoded samples: [Float], sampleRate: Int, channels: Int, name: String) throws(SoundFileError) {
        let dataBytes = samples.count * 4
        guard channels > 0, sampleRate > 0, dataBytes <= Int(UInt32.max) - 36 else {
            throw SoundFileError(kind: .invalidArgument, file: name, message: "Cannot hold \(samples.count) samples in \(channels) channel(s).")
        }
        var data = Data(capacity: 44 + dataBytes)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + dataBytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))                          // fmt chunk size
        append(UInt16(3))                           // WAVE_FORMAT_IEEE_FLOAT
        append(UInt16(channels))
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * channels * 4))   // bytes per second
        append(UInt16(channels * 4))                // bytes per frame
        append(UInt16(32))                          // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(dataBytes))
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try self.init(readingData: data, name: name)
    }
}
