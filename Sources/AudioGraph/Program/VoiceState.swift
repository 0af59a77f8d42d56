/// The render-side state of one voice: its source, when it plays, and its gain and pan ramps.
struct VoiceState {
    var source: SourceRenderer
    /// First frame (on the engine's timeline) the voice plays; its source starts there at frame 0.
    let startFrame: Int64
    /// First frame it no longer plays.
    var endFrame: Int64 = .max
    var gain: ParameterTimeline
    var pan: ParameterTimeline
    /// Set for a client voice: it renders by calling the client, not its (silent) source.
    var client: RenderClient?

    var channelCount: Int { source.channelCount }

    /// A client voice renders whole cycles: called with every frame of a cycle that starts before
    /// its end frame, and silence once it has ended (never a partial cycle: a render callback
    /// sees the whole IO buffer). Its gain ramp applies as for any voice.
    mutating func renderClient(into destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int, at position: Int64,
                               input: UnsafeMutablePointer<Float>?, gainScratch: UnsafeMutablePointer<Float>) {
        for channel in 0..<channelCount { MixKernel.clear(destination + channel * stride, frames: frames) }
        guard let client, position >= startFrame, position < endFrame else { return }
        client.render(RenderClientCycle(frames: frames, sampleTime: position, output: destination,
                                        outputChannels: channelCount, stride: stride, input: input))
        applyGain(to: destination, stride: stride, frames: frames, from: position, gainScratch: gainScratch)
        gain.discard(before: position)
    }

    /// Renders frames `[position, position + frames)` into `destination + channel * stride`:
    /// silence outside the voice's window, the source times the gain ramp inside it.
    mutating func render(into destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int, at position: Int64,
                         gainScratch: UnsafeMutablePointer<Float>) {
        let first = Int(min(max(startFrame - position, 0), Int64(frames)))
        let last = Int(min(max(endFrame - position, 0), Int64(frames)))
        for channel in 0..<channelCount {
            let base = destination + channel * stride
            MixKernel.clear(base, frames: first)
            if last < frames { MixKernel.clear(base + max(first, last), frames: frames - max(first, last)) }
        }
        guard first < last else { return }
        let count = last - first
        let from = position + Int64(first)
        source.render(into: destination + first, stride: stride, frames: count, sourceFrame: from - startFrame)
        applyGain(to: destination + first, stride: stride, frames: count, from: from, gainScratch: gainScratch)
        gain.discard(before: from)
        pan.discard(before: from)
    }

    private func applyGain(to destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int, from: Int64,
                           gainScratch: UnsafeMutablePointer<Float>) {
        if let constant = gain.constantValue(from: from, frames: frames) {
            guard constant != 1 else { return }
            for channel in 0..<channelCount { MixKernel.scale(destination + channel * stride, by: constant, frames: frames) }
        } else {
            gain.fill(gainScratch, from: from, frames: frames)
            for channel in 0..<channelCount { MixKernel.scale(destination + channel * stride, by: gainScratch, frames: frames) }
        }
    }
}
