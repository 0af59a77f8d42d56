/// One 10 ms frame of deinterleaved channels, with the pointer arrays webrtc's float API takes.
/// Made once; filling and reading it allocate nothing.
final class FrameBuffer {
    let channels: Int
    let frames: Int
    private(set) var storage: UnsafeMutablePointer<Float>
    /// `float *const *` for processing in place.
    let writePointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    /// `const float *const *` for analysis.
    let readPointers: UnsafeMutablePointer<UnsafePointer<Float>>

    init(channels: Int, frames: Int) {
        self.channels = channels
        self.frames = frames
        storage = .allocate(capacity: channels * frames)
        storage.initialize(repeating: 0, count: channels * frames)
        writePointers = .allocate(capacity: channels)
        readPointers = .allocate(capacity: channels)
        pointChannels()
    }

    deinit {
        storage.deallocate()
        writePointers.deallocate()
        readPointers.deallocate()
    }

    /// Copies `frames` interleaved frames into the channels from frame `offset` on.
    func deinterleave(_ source: UnsafePointer<Float>, frames count: Int, at offset: Int) {
        if channels == 1 {
            (storage + offset).update(from: source, count: count)
            return
        }
        for channel in 0..<channels {
            let destination = storage + channel * frames + offset
            for index in 0..<count { destination[index] = source[index * channels + channel] }
        }
    }

    /// Writes `frames` frames from frame `offset` on, interleaved, to `destination` (zeros when `silent`).
    func interleave(into destination: UnsafeMutablePointer<Float>, frames count: Int, at offset: Int, silent: Bool) {
        if silent {
            destination.update(repeating: 0, count: count * channels)
        } else if channels == 1 {
            destination.update(from: storage + offset, count: count)
        } else {
            for channel in 0..<channels {
                let source = storage + channel * frames + offset
                for index in 0..<count { destination[index * channels + channel] = source[index] }
            }
        }
    }

    /// Exchanges the samples with `other` (same shape): the frame just processed becomes the one
    /// read out, without copying.
    func swapStorage(with other: FrameBuffer) {
        swap(&storage, &other.storage)
        pointChannels()
        other.pointChannels()
    }

    private func pointChannels() {
        for channel in 0..<channels {
            writePointers[channel] = storage + channel * frames
            readPointers[channel] = UnsafePointer(storage + channel * frames)
        }
    }
}
