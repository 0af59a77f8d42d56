import CSndFile

extension SoundFile {
    /// Writes `frames` interleaved frames from `buffer`.
    public func write<S: SoundSample>(interleaved buffer: UnsafePointer<S>, frames: Int) throws(SoundFileError) {
        let handle = try writableHandle(frames)
        var done = 0
        while done < frames {
            let n = min(chunkFrames, frames - done)
            try writeChunk(buffer + done * format.channels, frames: n, handle)
            done += n
        }
    }

    /// Writes `frames` frames, one source pointer per channel (`format.channels` of them).
    public func write<S: SoundSample>(channels: UnsafePointer<UnsafeMutablePointer<S>>, frames: Int)
        throws(SoundFileError) {
        let handle = try writableHandle(frames)
        let staging = scratch.assumingMemoryBound(to: S.self)
        var done = 0
        while done < frames {
            let n = min(chunkFrames, frames - done)
            gather(channels, at: done, frames: n, into: staging)
            try writeChunk(staging, frames: n, handle)
            done += n
        }
    }

    private func writableHandle(_ frames: Int) throws(SoundFileError) -> OpaquePointer {
        let handle = try openHandle()
        guard isWriting else { throw error(.invalidArgument, "The file is open for reading.") }
        guard frames >= 0 else { throw error(.invalidArgument, "Cannot write \(frames) frames.") }
        return handle
    }

    /// Float samples bound for integer PCM are quantized here (see `PCMQuantizer`); everything
    /// else goes straight to libsndfile.
    private func writeChunk<S: SoundSample>(_ source: UnsafePointer<S>, frames: Int, _ handle: OpaquePointer)
        throws(SoundFileError) {
        let samples = frames * format.channels
        let written: Int64
        if let bits = format.encoding.integerBits,
           S._quantize(source, into: quantized, count: samples, bits: bits) {
            written = sf_writef_int(handle, quantized, Int64(frames))
        } else {
            written = S._write(handle, source, Int64(frames))
        }
        guard written == Int64(frames) else { throw libraryError(.io, handle) }
        position += written
        frameCount = max(frameCount, position)
    }

    private func gather<S>(_ channels: UnsafePointer<UnsafeMutablePointer<S>>, at offset: Int, frames: Int,
                           into staging: UnsafeMutablePointer<S>) {
        let count = format.channels
        for channel in 0..<count {
            let source = channels[channel] + offset
            for frame in 0..<frames { staging[frame * count + channel] = source[frame] }
        }
    }
}
