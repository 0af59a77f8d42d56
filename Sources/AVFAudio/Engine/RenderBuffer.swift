/// Planar float audio a node renders into: `channelCount` channels of `capacity` frames, with a
/// pointer per channel in the shape the effect kernels and Core Audio buffer lists take.
/// Allocated and zeroed once on the control side; rendering only writes samples.
final class RenderBuffer: @unchecked Sendable {
    let channelCount: Int
    let capacity: Int
    let channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private let storage: UnsafeMutablePointer<Float>

    init(channelCount: Int, capacity: Int) {
        self.channelCount = max(channelCount, 0)
        self.capacity = max(capacity, 1)
        let count = max(self.channelCount * self.capacity, 1)
        storage = .allocate(capacity: count)
        storage.initialize(repeating: 0, count: count)
        channels = .allocate(capacity: max(self.channelCount, 1))
        for channel in 0..<self.channelCount { (channels + channel).initialize(to: storage + channel * self.capacity) }
    }

    deinit {
        storage.deallocate()
        channels.deallocate()
    }

    func clear(frames: Int) {
        for channel in 0..<channelCount { channels[channel].update(repeating: 0, count: frames) }
    }

    /// Copies `frames` frames of every channel from `source` (which has at least as many channels).
    func copy(from source: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frames: Int) {
        for channel in 0..<channelCount { channels[channel].update(from: source[channel], count: frames) }
    }

    func fits(channelCount: Int, frames: Int) -> Bool { self.channelCount == channelCount && capacity >= frames }
}
