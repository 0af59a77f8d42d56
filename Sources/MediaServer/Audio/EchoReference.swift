/// What the device played through the outputs whose sound reaches the built-in microphone (the
/// speaker and the receiver, `AcousticPath`): their mono mix, after the server mixed every app,
/// system sound and alert into them, before the acoustic path. The far end a voice-processing
/// I/O unit's echo canceller takes, so it removes the echo of everything the device played,
/// other apps' sounds included (WWDC 2012 session 505), not only the unit's own output.
///
/// Kept by IO frame (the IO clock's frames, as `RenderClientCycle.sampleTime`) in a ring that
/// holds at least two of the largest IO buffers. `AcousticEcho` writes each cycle after the
/// engine rendered it; a unit reads, in its own render of the next cycle, the IO buffer before
/// the one it captures (`read(into:frames:capturedAt:)`). Silence while no coupled output is
/// in the route (headphones): nothing the device plays then comes back.
///
/// The ring is made on the control side (`resize`); `write` and `read` allocate nothing.
public final class EchoReference {
    private var ring = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var mask = 0

    init() { ring.initialize(to: 0) }

    deinit { ring.deallocate() }

    /// Render side: the far end for a capture of `frames` IO frames from `sampleTime` into
    /// `destination`: what was played one IO buffer (`frames`) earlier. That is the part of the
    /// echo's delay the device knows, its output and input buffering (the IO renders a buffer's
    /// output and reads the same buffer's input at once, so sound played in one buffer reaches
    /// the microphone, at the earliest, in the next); the acoustic path's own 1 or 2 ms is left
    /// to the canceller to find, as in a room. `frames` must not exceed half the ring.
    public func read(into destination: UnsafeMutablePointer<Float>, frames: Int, capturedAt sampleTime: Int64) {
        let ring = ring, mask = mask   // once: a stored-property read is an exclusivity check when unoptimised
        let first = Int(truncatingIfNeeded: sampleTime) - frames
        for index in 0..<frames { destination[index] = ring[(first + index) & mask] }
    }

    /// Control side: room for at least `frames` frames, cleared to silence.
    func resize(toHold frames: Int) { resizeFrameRing(&ring, mask: &mask, toHold: frames) }

    /// Render side: frames `[start, start + frames)` start from silence, before `add`.
    func clear(frames: Int, at start: Int64) {
        let ring = ring, mask = mask
        let first = Int(truncatingIfNeeded: start) & mask
        let run = min(frames, mask + 1 - first)
        (ring + first).update(repeating: 0, count: run)
        ring.update(repeating: 0, count: frames - run)
    }

    /// Render side: mixes `samples × gain` into frames `[start, start + frames)`.
    func add(_ samples: UnsafeBufferPointer<Float>, gain: Float, frames: Int, at start: Int64) {
        mixIntoFrameRing(ring, mask: mask, at: Int(truncatingIfNeeded: start), samples, gain, 1, frames: frames)
    }
}

/// Control side: grows a ring of frames indexed by IO frame (`ring[frame & mask]`, a power-of-two
/// capacity of `mask + 1`) to hold at least `frames`, never shrinking it, and clears it to silence.
/// The echo's delay line and the far-end reference are both such rings.
func resizeFrameRing(_ ring: inout UnsafeMutablePointer<Float>, mask: inout Int, toHold frames: Int) {
    var capacity = 1
    while capacity < frames { capacity *= 2 }
    if capacity > mask + 1 {
        ring.deallocate()
        ring = .allocate(capacity: capacity)
        mask = capacity - 1
    }
    ring.initialize(repeating: 0, count: mask + 1)
}

/// Render side: adds `samples × gain × scale` (in that order, so the sums are the same bits as
/// one frame at a time) into a frame ring from frame `first`, as at most two contiguous runs: a
/// plain loop over each, which the optimiser vectorizes, where masking every index kept it scalar.
@inline(__always)
func mixIntoFrameRing(_ ring: UnsafeMutablePointer<Float>, mask: Int, at first: Int, _ samples: UnsafeBufferPointer<Float>,
                      _ gain: Float, _ scale: Float, frames: Int) {
    guard let source = samples.baseAddress else { return }
    let start = first & mask
    let run = min(frames, mask + 1 - start)
    let head = ring + start
    for index in 0..<run { head[index] += source[index] * gain * scale }
    let rest = source + run
    for index in 0..<(frames - run) { ring[index] += rest[index] * gain * scale }
}
