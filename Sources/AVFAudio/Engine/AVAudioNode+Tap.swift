import Foundation

extension AVAudioNode {
    /// Calls `tapBlock` with every `bufferSize` frames the output bus `bus` renders (the mixed
    /// samples, for a mixer) and the time of their first frame. One tap per bus; a `format` may
    /// only be given for a bus that is not connected, and must then be the bus format (Apple
    /// raises an exception otherwise: the bench ignores the call and records why).
    public func installTap(onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
                           block tapBlock: @escaping AVAudioNodeTapBlock) {
        guard taps.indices.contains(bus) else {
            return engineException("installTap: output bus \(bus) does not exist (node has \(numberOfOutputs))")
        }
        guard taps[bus] == nil else { return engineException("installTap: bus \(bus) already has a tap (one tap per bus)") }
        if let format {
            if engine?.isOutputConnected(self, bus: bus) == true, !format.isEqual(outputFormats[bus]) {
                return engineException("installTap: a format differing from the connection's may only be given on an unconnected bus")
            }
            if !format.isEqual(outputFormats[bus]) {
                guard format.commonFormat == .pcmFormatFloat32, !format.isInterleaved || format.channelCount == 1 else {
                    return engineException("installTap: the tap format must be deinterleaved float")
                }
                outputFormats[bus] = format
                engine?.formatsChanged()
            }
        }
        let tap = NodeTap(node: self, bus: bus, bufferSize: max(1, bufferSize), block: tapBlock)
        taps[bus] = tap
        // Re-preparing sizes the tap's buffers and lets the engine pull a tapped node nothing
        // downstream pulls (an input node tapped for recording).
        if engine?.isPrepared == true { engine?.prepare() }
    }

    public func removeTap(onBus bus: AVAudioNodeBus) {
        guard taps.indices.contains(bus) else { return }
        taps[bus] = nil
        if engine?.isPrepared == true { engine?.prepare() }
    }

    /// Apple raises an NSException for misuse of the engine API; the bench records it in the
    /// trace (kind `engine.exception`) and leaves the engine as it was.
    func engineException(_ reason: String) {
        AVAudioEngine.recordException(reason, binding: engine?.binding)
    }
}

/// A tap on one output bus: collects rendered frames into PCM buffers of the tap size and
/// hands the full ones to the app after the render pass (Apple calls tap blocks off the render
/// thread). The buffers are a ring allocated when the engine prepares, enough for one pass, so
/// collecting never allocates.
final class NodeTap {
    unowned let node: AVAudioNode
    let bus: Int
    let bufferSize: AVAudioFrameCount
    let block: AVAudioNodeTapBlock
    private var ring: [(buffer: AVAudioPCMBuffer, start: Int64, hostTime: UInt64?)] = []
    /// The buffer being filled, and how many full ones wait before it.
    private var current = 0
    private var waiting = 0

    init(node: AVAudioNode, bus: Int, bufferSize: AVAudioFrameCount, block: @escaping AVAudioNodeTapBlock) {
        self.node = node
        self.bus = bus
        self.bufferSize = bufferSize
        self.block = block
    }

    func prepare() {
        let format = node.outputFormat(forBus: bus)
        let count = node.engine.map { $0.maximumRenderFrames / Int(bufferSize) + 2 } ?? 2
        guard ring.count != count || ring.first?.buffer.format.isEqual(format) != true else { return }
        ring = (0..<count).compactMap { _ in
            AVAudioPCMBuffer(pcmFormat: format, frameCapacity: bufferSize).map { (buffer: $0, start: 0, hostTime: nil) }
        }
        (current, waiting) = (0, 0)
    }

    /// Render side: appends `frames` frames that start at node time `start`.
    func capture(_ channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frames: Int, at start: Int64) {
        guard !ring.isEmpty else { return }
        var done = 0
        while done < frames {
            let buffer = ring[current].buffer
            guard let data = buffer.floatChannelData else { return }
            let length = Int(buffer.frameLength)
            if length == 0 { (ring[current].start, ring[current].hostTime) = (start + Int64(done), hostTime(afterFrames: done)) }
            let count = min(frames - done, Int(bufferSize) - length)
            for channel in 0..<Int(buffer.format.channelCount) {
                (data[channel] + length).update(from: channels[channel] + done, count: count)
            }
            buffer.frameLength = AVAudioFrameCount(length + count)
            done += count
            if buffer.frameLength == bufferSize {
                // A ring the app has not emptied drops its oldest buffer: the app was too slow.
                waiting = min(waiting + 1, ring.count - 1)
                current = (current + 1) % ring.count
                ring[current].buffer.frameLength = 0
            }
        }
    }

    var hasWaiting: Bool { waiting > 0 }

    /// The host time `frames` into the pass being rendered (whose first frame is at the last
    /// render's host time), on the device; nil when rendering manually.
    private func hostTime(afterFrames frames: Int) -> UInt64? {
        guard let host = node.lastRender?.hostTime else { return nil }
        let rate = node.outputFormat(forBus: bus).sampleRate
        return rate > 0 ? host + UInt64((Double(frames) * 1e9 / rate).rounded()) : host
    }

    /// Control side: gives the app the full buffers, oldest first.
    func deliver() {
        while waiting > 0 {
            let index = (current - waiting + ring.count) % ring.count
            waiting -= 1
            let (buffer, start, host) = ring[index]
            let rate = buffer.format.sampleRate
            let time = host.map { AVAudioTime(hostTime: $0, sampleTime: start, atRate: rate) }
                ?? AVAudioTime(sampleTime: start, atRate: rate)
            block(buffer, time)
        }
    }
}
