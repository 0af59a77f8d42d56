import CoreAudioTypes

/// A preallocated `AudioBufferList` with one buffer per channel, pointed at a node's planar
/// channels before each call of an app's render or receiver block (no allocation per call).
final class BufferListView {
    let list: UnsafeMutableAudioBufferListPointer
    let channelCount: Int

    init(channelCount: Int) {
        self.channelCount = channelCount
        list = AudioBufferList.allocate(maximumBuffers: max(channelCount, 1))
        list.count = channelCount
    }

    deinit { UnsafeMutableRawPointer(list.unsafeMutablePointer).deallocate() }

    /// Points the list at `frames` frames of `channels`.
    func point(at channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frames: Int) {
        for channel in 0..<channelCount {
            list[channel] = AudioBuffer(mNumberChannels: 1, mDataByteSize: UInt32(frames * MemoryLayout<Float>.size),
                                        mData: UnsafeMutableRawPointer(channels[channel]))
        }
    }

    /// Copies back channels whose data a block swapped for its own (Apple allows that).
    func collect(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frames: Int) {
        for channel in 0..<channelCount {
            guard let data = list[channel].mData, data != UnsafeMutableRawPointer(channels[channel]) else { continue }
            channels[channel].update(from: data.assumingMemoryBound(to: Float.self), count: frames)
        }
    }
}
