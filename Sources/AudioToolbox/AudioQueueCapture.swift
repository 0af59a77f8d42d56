import CoreAudioTypes

/// An input queue's recording side: the buffers the app enqueued, in order, filled from the
/// route's input (already in the queue's own PCM format, by its RemoteIO instance) on the render
/// side; full buffers wait, with the sample time and host time of their first frame, until the
/// scheduler hands them to the app's input callback.
///
/// Render side: `record` only copies bytes and moves indices in arrays whose capacity the
/// control side reserved (no allocation, no lock). The simulation is single-threaded, so the
/// control side may change them between IO cycles.
final class AudioQueueCapture {
    struct Filled {
        let buffer: AudioQueueBufferRef
        let sampleTime: Int64
        let hostTime: UInt64
    }

    let bytesPerFrame: Int
    let sampleRate: Double
    /// One IO cycle of captured audio in the queue's format (AudioUnitRender on bus 1 lands here).
    let scratch: OwnedBufferList
    // Plain pointer storage, not arrays: in a debug build the render side's calls into the
    // standard library's generic collection code allocate.
    /// Enqueued and not yet full, in order (a ring from `pendingStart`); the first is being filled.
    private var pending = UnsafeMutablePointer<AudioQueueBufferRef?>.allocate(capacity: 1)
    private var pendingStart = 0
    private var pendingCount = 0
    /// Full buffers waiting for the scheduler, in order.
    private var filled = UnsafeMutablePointer<Filled>.allocate(capacity: 1)
    private var filledCount = 0
    private var capacity = 1
    /// Frames recorded since the queue was made: its sample time.
    private(set) var recordedFrames: Int64 = 0
    /// When the first pending buffer got its first frame.
    private var headStart: (sampleTime: Int64, hostTime: UInt64)?
    /// Frames captured with no buffer to put them in (the app did not enqueue in time).
    private(set) var droppedFrames: Int64 = 0

    init(format: AudioStreamBasicDescription, capacity: Int) {
        bytesPerFrame = Int(format.mBytesPerFrame)
        sampleRate = format.mSampleRate
        scratch = OwnedBufferList(format: format, capacity: capacity)
    }

    deinit {
        pending.deallocate()
        filled.deallocate()
    }

    /// Control side: makes room for every buffer the queue has, so the render side never grows storage.
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        let buffers = pendingBuffers, done = takeFilled()
        pending.deallocate()
        filled.deallocate()
        capacity = count
        pending = .allocate(capacity: count)
        filled = .allocate(capacity: count)
        pendingStart = 0
        pendingCount = 0
        for buffer in buffers { pending[pendingCount] = buffer; pendingCount += 1 }
        for item in done { filled[filledCount] = item; filledCount += 1 }
    }

    private var pendingBuffers: [AudioQueueBufferRef] {
        (0..<pendingCount).compactMap { pending[(pendingStart + $0) % capacity] }
    }

    func enqueue(_ buffer: AudioQueueBufferRef) {
        buffer.pointee.mAudioDataByteSize = 0
        pending[(pendingStart + pendingCount) % capacity] = buffer
        pendingCount += 1
    }

    func contains(_ buffer: AudioQueueBufferRef) -> Bool {
        pendingBuffers.contains(buffer) || (0..<filledCount).contains { filled[$0].buffer == buffer }
    }

    /// Render side: appends `frames` frames from the scratch, captured at `hostTime` (ns).
    func record(frames: Int, hostTime: UInt64) {
        var done = 0
        let source = scratch.list[0].mData!
        while done < frames, pendingCount > 0, let buffer = pending[pendingStart] {
            let used = Int(buffer.pointee.mAudioDataByteSize)
            if used == 0 {
                headStart = (recordedFrames + Int64(done), hostTime + UInt64(Double(done) * 1e9 / sampleRate))
            }
            let room = (Int(buffer.pointee.mAudioDataBytesCapacity) - used) / bytesPerFrame
            let count = min(room, frames - done)
            (buffer.pointee.mAudioData + used).copyMemory(from: source + done * bytesPerFrame, byteCount: count * bytesPerFrame)
            buffer.pointee.mAudioDataByteSize += UInt32(count * bytesPerFrame)
            done += count
            if count == room { completeHead() }
        }
        droppedFrames += Int64(frames - done)
        recordedFrames += Int64(frames)
    }

    /// The first pending buffer is done (full, or flushed with what it has).
    private func completeHead() {
        guard pendingCount > 0, let buffer = pending[pendingStart] else { return }
        pendingStart = (pendingStart + 1) % capacity
        pendingCount -= 1
        let start = headStart ?? (recordedFrames, 0)
        filled[filledCount] = Filled(buffer: buffer, sampleTime: start.sampleTime, hostTime: start.hostTime)
        filledCount += 1
        headStart = nil
    }

    /// Control side: the buffers ready for the app, oldest first.
    func takeFilled() -> [Filled] {
        defer { filledCount = 0 }
        return (0..<filledCount).map { filled[$0] }
    }

    /// Flush: the buffer being filled is delivered with what it holds.
    func flushPartial() {
        if pendingCount > 0, let buffer = pending[pendingStart], buffer.pointee.mAudioDataByteSize > 0 { completeHead() }
    }

    /// Stop or reset: everything still enqueued comes back (partial data kept, the rest empty).
    func takeAll() -> [Filled] {
        flushPartial()
        let rest = pendingBuffers.map { Filled(buffer: $0, sampleTime: recordedFrames, hostTime: 0) }
        pendingCount = 0
        return takeFilled() + rest
    }
}
