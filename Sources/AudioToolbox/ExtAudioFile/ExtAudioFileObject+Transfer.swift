import AudioFiles
import AudioGraph
import CoreAudioTypes

extension ExtAudioFileObject {
    /// File frames moved per step while resampling.
    private static let chunkFrames = 4096

    /// Reads up to `frames` client frames into `list`; returns how many (0 at the end).
    func read(_ frames: Int, into list: UnsafeMutablePointer<AudioBufferList>) throws(AudioFileFailure) -> Int {
        guard !isWriting else { throw AudioFileFailure(kExtAudioFileError_InvalidOperationOrder, "\(name): the file is open for writing") }
        let codec = try clientCodec()
        guard frames >= 0, codec.fits(list, frames: frames) else {
            throw AudioFileFailure(kAudio_ParamError, "\(name): the buffer list cannot hold \(frames) frames of the client format")
        }
        let source = try file.samples()
        var samples = [Double](repeating: 0, count: frames * codec.channels)
        let got: Int
        if let resampler {
            got = try resampled(frames, from: source, through: resampler, into: &samples)
            clientFrames += Int64(got)
        } else {
            got = try readFile(source, at: filePosition, frames: frames, into: &samples)
            filePosition += Int64(got)
        }
        samples.withUnsafeBufferPointer { codec.scatter($0.baseAddress!, frames: got, into: list) }
        return got
    }

    /// Writes `frames` client frames from `list` (encoded or converted into the file's format).
    func write(_ frames: Int, from list: UnsafeMutablePointer<AudioBufferList>) throws(AudioFileFailure) {
        guard isWriting else { throw AudioFileFailure(kExtAudioFileError_InvalidOperationOrder, "\(name): the file is open for reading") }
        let codec = try clientCodec()
        guard frames >= 0, codec.fits(list, frames: frames) else {
            throw AudioFileFailure(kAudio_ParamError, "\(name): the buffer list does not hold \(frames) frames of the client format")
        }
        var samples = [Double](repeating: 0, count: frames * codec.channels)
        samples.withUnsafeMutableBufferPointer { codec.gather(list, frames: frames, into: $0.baseAddress!) }
        if let resampler {
            let planar = Self.planar(samples, channels: codec.channels)
            withPointers(planar) { resampler.append($0, frames: frames) }
            clientFrames += Int64(frames)
            try drain(resampler)
        } else {
            try writeFile(samples, frames: frames)
        }
    }

    /// Writes what the resampler still holds (its filter's tail) and starts a fresh stream.
    func flush() throws(AudioFileFailure) {
        guard isWriting, let resampler, clientFrames > 0 else { return }
        resampler.finish()
        try drain(resampler)
        let written = filePosition
        resampler.reset()
        (streamStart, clientFrames) = (written, 0)
    }

    private func clientCodec() throws(AudioFileFailure) -> LinearPCMCodec {
        guard let client else {
            throw AudioFileFailure(kExtAudioFileError_NonPCMClientFormat,
                                   "\(name): set kExtAudioFileProperty_ClientDataFormat to linear PCM before moving samples of an encoded file")
        }
        return client
    }

    private func readFile(_ source: SoundFile, at frame: Int64, frames: Int, into samples: inout [Double]) throws(AudioFileFailure) -> Int {
        try AudioFileFailure.translating { () throws(SoundFileError) in
            if source.position != frame { try source.seek(to: frame) }
            return try samples.withUnsafeMutableBufferPointer { all throws(SoundFileError) in
                try source.read(interleavedInto: all.baseAddress!, frames: frames)
            }
        }
    }

    private func writeFile(_ samples: [Double], frames: Int) throws(AudioFileFailure) {
        let target = try file.samples()
        try AudioFileFailure.translating { () throws(SoundFileError) in
            if target.position != filePosition { try target.seek(to: filePosition) }
            try samples.withUnsafeBufferPointer { all throws(SoundFileError) in try target.write(interleaved: all.baseAddress!, frames: frames) }
        }
        filePosition += Int64(frames)
    }

    /// Feeds the resampler file frames from where its stream stands until it has `frames` client
    /// frames (or the file ends), then takes them.
    private func resampled(_ frames: Int, from source: SoundFile, through resampler: FlushingRateConverter,
                           into samples: inout [Double]) throws(AudioFileFailure) -> Int {
        let channels = resampler.channelCount
        while resampler.availableFrames < frames && !resampler.isFinished {
            var chunk = [Double](repeating: 0, count: Self.chunkFrames * channels)
            let got = try readFile(source, at: filePosition, frames: Self.chunkFrames, into: &chunk)
            filePosition += Int64(got)
            withPointers(Self.planar(chunk, channels: channels, frames: got)) { resampler.append($0, frames: got) }
            if got < Self.chunkFrames { resampler.finish() }
        }
        let out = Self.take(min(frames, resampler.availableFrames), from: resampler)
        samples.replaceSubrange(0..<out.count, with: out)
        return out.count / channels
    }

    /// Writes every converted frame the resampler has ready into the file.
    private func drain(_ resampler: FlushingRateConverter) throws(AudioFileFailure) {
        let ready = resampler.availableFrames
        guard ready > 0 else { return }
        try writeFile(Self.take(ready, from: resampler), frames: ready)
    }

    private static func take(_ frames: Int, from resampler: FlushingRateConverter) -> [Double] {
        let channels = resampler.channelCount
        var planar = [[Float]](repeating: [Float](repeating: 0, count: frames), count: channels)
        withMutablePointers(&planar) { _ = resampler.read(frames, into: $0) }
        var interleaved = [Double](repeating: 0, count: frames * channels)
        for channel in 0..<channels { for frame in 0..<frames { interleaved[frame * channels + channel] = Double(planar[channel][frame]) } }
        return interleaved
    }

    private static func planar(_ interleaved: [Double], channels: Int, frames: Int? = nil) -> [[Float]] {
        let count = frames ?? interleaved.count / channels
        return (0..<channels).map { channel in (0..<count).map { Float(interleaved[$0 * channels + channel]) } }
    }
}

/// Runs `body` with a pointer to each array's samples.
private func withPointers(_ arrays: [[Float]], _ body: ([UnsafePointer<Float>]) -> Void) {
    let copies = arrays.map { array -> UnsafeMutablePointer<Float> in
        let copy = UnsafeMutablePointer<Float>.allocate(capacity: max(array.count, 1))
        copy.initialize(from: array, count: array.count)
        return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    body(copies.map { UnsafePointer($0) })
}

private func withMutablePointers(_ arrays: inout [[Float]], _ body: ([UnsafeMutablePointer<Float>]) -> Void) {
    let frames = arrays.first?.count ?? 0
    let copies = arrays.map { _ in UnsafeMutablePointer<Float>.allocate(capacity: max(frames, 1)) }
    defer { copies.forEach { $0.deallocate() } }
    for copy in copies { copy.initialize(repeating: 0, count: frames) }
    body(copies)
    arrays = copies.map { Array(UnsafeBufferPointer(start: $0, count: frames)) }
}
