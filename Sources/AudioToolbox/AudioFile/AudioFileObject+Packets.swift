import AudioFiles
import CoreAudioTypes

extension AudioFileObject {
    /// Packets in the file: frames for linear PCM, compressed packets for an MPEG-4 track; nil for
    /// a codec libsndfile decodes itself (FLAC, Apple Lossless in CAF …), whose packets it does not
    /// expose (ExtAudioFile reads those files).
    var packetCount: Int64? {
        switch content {
        case let .sound(file): packetCodec == nil ? nil : file.frameCount
        case let .mpeg4(track): Int64(track.sizes.count)
        case .export: nil
        }
    }

    /// Bytes of audio data (packets only, no headers).
    var audioDataByteCount: Int64? {
        switch content {
        case let .sound(file): packetCodec.map { Int64($0.bytesPerFrame) * file.frameCount }
        case let .mpeg4(track): Int64(track.bytes.count)
        case .export: nil
        }
    }

    var maximumPacketSize: Int? {
        switch content {
        case .sound: packetCodec?.bytesPerFrame
        case let .mpeg4(track): track.maximumPacketSize
        case .export: nil
        }
    }

    /// Frames the file plays (priming and remainder excluded).
    var frameCount: Int64 {
        switch content {
        case let .sound(file): file.frameCount
        case let .mpeg4(track): Int64(track.validFrames ?? max(0, track.sizes.count * track.framesPerPacket - track.primingFrames))
        case let .export(export): export.staging.frameCount
        }
    }

    /// Reads up to `count` packets from `start`, no more than `capacity` bytes of them (nil: no
    /// limit), into `buffer`; with a nil buffer only counts what would be read. Packet
    /// descriptions (offsets relative to `buffer`) are filled for variable-size packets.
    func readPackets(from start: Int64, count: Int, capacity: Int?, into buffer: UnsafeMutableRawPointer?,
                     descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?) throws(AudioFileFailure) -> (packets: Int, bytes: Int) {
        guard isOpen else { throw AudioFileFailure(kAudioFileNotOpenError, "\(name): the file is closed") }
        guard let total = packetCount else {
            throw AudioFileFailure(kAudioFileOperationNotSupportedError, "\(name): this codec's packets are read through ExtAudioFile")
        }
        guard start >= 0, start <= total, count >= 0 else {
            throw AudioFileFailure(kAudioFileInvalidPacketOffsetError, "\(name): packet \(start) of \(total)")
        }
        switch content {
        case let .mpeg4(track):
            return readCompressed(track, from: Int(start), count: count, capacity: capacity, into: buffer, descriptions: descriptions)
        case let .sound(file):
            let codec = packetCodec!
            var frames = min(count, Int(total - start))
            if let capacity { frames = min(frames, capacity / codec.bytesPerFrame) }
            guard let buffer, frames > 0 else { return (frames, frames * codec.bytesPerFrame) }
            var samples = [Double](repeating: 0, count: frames * codec.channels)
            let got = try AudioFileFailure.translating { () throws(SoundFileError) in
                try file.seek(to: start)
                return try samples.withUnsafeMutableBufferPointer { all throws(SoundFileError) in
                    try file.read(interleavedInto: all.baseAddress!, frames: frames)
                }
            }
            samples.withUnsafeBufferPointer { codec.encode($0.baseAddress!, frames: got, into: buffer) }
            return (got, got * codec.bytesPerFrame)
        case .export:
            return (0, 0)
        }
    }

    private func readCompressed(_ track: MPEG4Audio.Packets, from start: Int, count: Int, capacity: Int?, into buffer: UnsafeMutableRawPointer?,
                                descriptions: UnsafeMutablePointer<AudioStreamPacketDescription>?) -> (packets: Int, bytes: Int) {
        var packets = 0, bytes = 0
        while packets < count, start + packets < track.sizes.count {
            let index = start + packets
            let size = track.sizes[index]
            if let capacity, bytes + size > capacity { break }
            if let buffer {
                track.bytes.withUnsafeBytes { (buffer + bytes).copyMemory(from: $0.baseAddress! + track.offsets[index], byteCount: size) }
            }
            descriptions?[packets] = AudioStreamPacketDescription(mStartOffset: Int64(bytes), mVariableFramesInPacket: 0,
                                                                  mDataByteSize: UInt32(size))
            bytes += size
            packets += 1
        }
        return (packets, bytes)
    }

    /// Writes `count` linear PCM packets (frames in the file's data format) at `start`, which is
    /// at most the current end of the file.
    func writePackets(at start: Int64, count: Int, byteCount: Int, from bytes: UnsafeRawPointer) throws(AudioFileFailure) -> Int {
        guard isOpen else { throw AudioFileFailure(kAudioFileNotOpenError, "\(name): the file is closed") }
        guard isWritable else { throw AudioFileFailure(kAudioFilePermissionsError, "\(name): the file is open for reading") }
        guard case let .sound(file) = content, let codec = packetCodec else {
            throw AudioFileFailure(kAudioFileOperationNotSupportedError,
                                   "\(name): encoded packets are not written directly here; write samples through ExtAudioFile, which encodes them")
        }
        guard start >= 0, start <= file.frameCount, count >= 0 else {
            throw AudioFileFailure(kAudioFileInvalidPacketOffsetError, "\(name): packet \(start) is past the end (\(file.frameCount))")
        }
        guard byteCount >= count * codec.bytesPerFrame else {
            throw AudioFileFailure(kAudio_ParamError, "\(name): \(byteCount) bytes cannot hold \(count) packets of \(codec.bytesPerFrame)")
        }
        var samples = [Double](repeating: 0, count: count * codec.channels)
        samples.withUnsafeMutableBufferPointer { codec.decode(bytes: bytes, frames: count, into: $0.baseAddress!) }
        try AudioFileFailure.translating { () throws(SoundFileError) in
            if file.position != start { try file.seek(to: start) }
            try samples.withUnsafeBufferPointer { all throws(SoundFileError) in try file.write(interleaved: all.baseAddress!, frames: count) }
        }
        return count
    }
}
