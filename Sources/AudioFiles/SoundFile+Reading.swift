import CSndFile

extension SoundFile {
    /// Reads up to `frames` interleaved frames into `buffer` (room for frames × channels samples).
    ///
    /// Returns the frames read: fewer than asked only at the end of the file, 0 once there.
    public func read<S: SoundSample>(interleavedInto buffer: UnsafeMutablePointer<S>, frames: Int)
        throws(SoundFileError) -> Int {
        let handle = try readableHandle(frames)
        if !needsConversion(S.self) { return try account(S._read(handle, buffer, Int64(frames)), of: frames, handle) }
        var done = 0
        while done < frames {
            let want = min(chunkFrames, frames - done)
            let got = try readChunk(buffer + done * format.channels, frames: want, handle)
            done += got
            if got < want { break }
        }
        return done
    }

    /// Reads up to `frames` frames, one destination pointer per channel (`format.channels` of them).
    public func read<S: SoundSample>(into channels: UnsafePointer<UnsafeMutablePointer<S>>, frames: Int)
        throws(SoundFileError) -> Int {
        let handle = try readableHandle(frames)
        let staging = scratch.assumingMemoryBound(to: S.self)
        var done = 0
        while done < frames {
            let want = min(chunkFrames, frames - done)
            let got = try readChunk(staging, frames: want, handle)
            scatter(staging, frames: got, into: channels, at: done)
            done += got
            if got < want { break }
        }
        return done
    }

    private func readableHandle(_ frames: Int) throws(SoundFileError) -> OpaquePointer {
        let handle = try openHandle()
        guard !isWriting else { throw error(.invalidArgument, "The file is open for writing.") }
        guard frames >= 0 else { throw error(.invalidArgument, "Cannot read \(frames) frames.") }
        return handle
    }

    /// Integers from a float file are converted here at Apple's scale (see `SoundSample`).
    private func needsConversion<S: SoundSample>(_: S.Type) -> Bool { format.encoding.isFloat && S._integerBits != nil }

    /// Reads at most `chunkFrames` interleaved frames into `target`.
    private func readChunk<S: SoundSample>(_ target: UnsafeMutablePointer<S>, frames: Int, _ handle: OpaquePointer)
        throws(SoundFileError) -> Int {
        guard needsConversion(S.self), let bits = S._integerBits else {
            return try account(S._read(handle, target, Int64(frames)), of: frames, handle)
        }
        let got = try account(Double._read(handle, converted, Int64(frames)), of: frames, handle)
        let quantizer = PCMQuantizer(bits: bits)
        for i in 0..<(got * format.channels) { target[i] = S._fromQuantized(quantizer.value(converted[i])) }
        return got
    }

    /// Advances the position; a short read with an error set on the handle is a damaged file.
    private func account(_ got: Int64, of want: Int, _ handle: OpaquePointer) throws(SoundFileError) -> Int {
        if got < Int64(want), sf_error(handle) != Int32(SF_ERR_NO_ERROR) { throw libraryError(.malformed, handle) }
        let frames = Int(clamping: max(got, 0))
        position += Int64(frames)
        return frames
    }

    private func scatter<S>(_ staging: UnsafeMutablePointer<S>, frames: Int,
                            into channels: UnsafePointer<UnsafeMutablePointer<S>>, at offset: Int) {
        let count = format.channels
        for channel in 0..<count {
            let target = channels[channel] + offset
            for frame in 0..<frames { target[frame] = staging[frame * count + channel] }
        }
    }
}
