import SimCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The render-side state of one `AudioSource` at a given output rate.
///
/// A struct of plain fields with a tag rather than an enum with payloads, so that rendering
/// mutates in place without copying or retaining the payload on the render path.
struct SourceRenderer {
    enum Kind { case silence, sine, noise, buffer, resampledBuffer }

    private(set) var kind: Kind
    let channelCount: Int
    private var outputRate: SampleRate
    private var outputHertz: Double
    private let maxFrames: Int
    private let quality: ConversionQuality
    private let frequency: Double
    private let amplitude: Float
    private var random: SimRandom
    private let buffer: PCMBuffer?
    private let looping: Bool
    /// Next input frame to feed the converter (resampled buffers only).
    private var inputPosition: Int = 0
    private var converter: SampleRateConverter?
    /// Where the output rate last changed (`retarget`): the source frame (counted at the output
    /// rates so far), the tone's phase (in cycles) and the buffer frame reached there. All zero
    /// for a voice that never changed rate, so its samples are exactly what they always were.
    private var anchorSourceFrame: Int64 = 0
    private var anchorPhase = 0.0
    private var anchorBufferFrame: Int64 = 0

    init(_ source: AudioSource, outputRate: SampleRate, maxFrames: Int, quality: ConversionQuality) {
        channelCount = source.channelCount
        self.outputRate = outputRate
        outputHertz = outputRate.hertz
        self.maxFrames = maxFrames
        self.quality = quality
        var frequency = 0.0, amplitude: Float = 0, seed: UInt64 = 0
        var buffer: PCMBuffer?, looping = false, converter: SampleRateConverter?
        let kind: Kind
        switch source {
        case .silence: kind = .silence
        case let .sine(f, a): (kind, frequency, amplitude) = (.sine, f, a)
        case let .noise(s, a): (kind, seed, amplitude) = (.noise, s, a)
        case let .buffer(pcm, loops):
            (buffer, looping) = (pcm, loops)
            if pcm.sampleRate == outputRate {
                kind = .buffer
            } else {
                kind = .resampledBuffer
                converter = SampleRateConverter(channelCount: pcm.channelCount, from: pcm.sampleRate, to: outputRate,
                                                quality: quality, maxReadFrames: maxFrames)
            }
        }
        self.kind = kind
        self.frequency = frequency
        self.amplitude = amplitude
        self.random = SimRandom(seed: seed)
        self.buffer = buffer
        self.looping = looping
        self.converter = converter
    }

    /// Writes `frames` frames, starting at frame `sourceFrame` of the source, to
    /// `destination + channel * stride`. Calls must cover consecutive frames.
    mutating func render(into destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int, sourceFrame: Int64) {
        switch kind {
        case .silence:
            for channel in 0..<channelCount { (destination + channel * stride).update(repeating: 0, count: frames) }
        case .sine: renderSine(into: destination, frames: frames, sourceFrame: sourceFrame)
        case .noise: renderNoise(into: destination, frames: frames)
        case .buffer: renderBuffer(into: destination, stride: stride, frames: frames, sourceFrame: sourceFrame)
        case .resampledBuffer: renderResampled(into: destination, stride: stride, frames: frames)
        }
    }

    /// Continues at another output rate from source frame `sourceFrame` (the next frame to
    /// render): the tone keeps its phase, a buffer its read position (now converted, or no longer),
    /// noise its stream. Control side (a converter may be created): the IO is stopped.
    mutating func retarget(outputRate rate: SampleRate, atSourceFrame sourceFrame: Int64) {
        guard rate != outputRate else { return }
        let phase = anchorPhase + Double(sourceFrame - anchorSourceFrame) * frequency / outputHertz
        let bufferFrame = bufferPosition(atSourceFrame: sourceFrame)
        (anchorSourceFrame, anchorPhase, anchorBufferFrame) = (sourceFrame, phase - phase.rounded(.down), bufferFrame)
        (outputRate, outputHertz) = (rate, rate.hertz)
        guard let buffer, kind == .buffer || kind == .resampledBuffer else { return }
        inputPosition = Int(bufferFrame)
        if buffer.sampleRate == rate {
            (kind, converter) = (.buffer, nil)
        } else {
            kind = .resampledBuffer
            converter = SampleRateConverter(channelCount: buffer.channelCount, from: buffer.sampleRate, to: rate,
                                            quality: quality, maxReadFrames: maxFrames)
        }
    }

    /// The buffer frame (wrapped when looping) that plays at source frame `sourceFrame`.
    private func bufferPosition(atSourceFrame sourceFrame: Int64) -> Int64 {
        guard let buffer else { return 0 }
        var frame = anchorBufferFrame + sourceFrame - anchorSourceFrame
        if kind == .resampledBuffer {
            // Output frames since the anchor, in buffer frames (exact rational scaling, rounded down).
            let outputs = (sourceFrame - anchorSourceFrame).multipliedFullWidth(
                by: buffer.sampleRate.framesPerSecondNumerator * outputRate.framesPerSecondDenominator)
            let divisor = buffer.sampleRate.framesPerSecondDenominator * outputRate.framesPerSecondNumerator
            frame = anchorBufferFrame + divisor.dividingFullWidth(outputs).quotient
        }
        if looping, buffer.frameCount > 0 { frame %= Int64(buffer.frameCount) }
        return frame
    }

    /// Frames between exact evaluations of the tone: in between, a rotation recurrence.
    static let sineGrid: Int64 = 64

    /// The tone's phase comes from the frame number since the anchor (no accumulator carries
    /// rounding from one cycle into the next). `sin` is exact at every 64th frame of that count (a
    /// fixed grid) and a rotation recurrence fills the frames between, from the grid point before
    /// them, so the samples are the same however the audio is cut into cycles, at a fraction of
    /// the cost of one `sin` per sample.
    private func renderSine(into destination: UnsafeMutablePointer<Float>, frames: Int, sourceFrame: Int64) {
        let cyclesPerFrame = frequency / outputHertz
        let step = 2 * Double.pi * cyclesPerFrame
        let (stepSin, stepCos) = (sin(step), cos(step))
        var index = 0
        while index < frames {
            let frame = sourceFrame - anchorSourceFrame + Int64(index)
            let gridPoint = frame - frame % Self.sineGrid
            let position = anchorPhase + Double(gridPoint) * cyclesPerFrame
            let phase = 2 * Double.pi * (position - position.rounded(.down))
            var (s, c) = (sin(phase), cos(phase))
            for _ in gridPoint..<frame { (s, c) = (s * stepCos + c * stepSin, c * stepCos - s * stepSin) }
            let count = min(frames - index, Int(gridPoint + Self.sineGrid - frame))
            for offset in 0..<count {
                destination[index + offset] = amplitude * Float(s)
                (s, c) = (s * stepCos + c * stepSin, c * stepCos - s * stepSin)
            }
            index += count
        }
    }

    private mutating func renderNoise(into destination: UnsafeMutablePointer<Float>, frames: Int) {
        let scale = amplitude / Float(1 << 31)
        for index in 0..<frames {
            destination[index] = Float(Int32(truncatingIfNeeded: Int64(bitPattern: random.next()) >> 32)) * scale
        }
    }

    private func renderBuffer(into destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int, sourceFrame: Int64) {
        guard let buffer else { return }
        buffer.samples.withUnsafeBufferPointer { samples in
            for channel in 0..<channelCount {
                copyFrames(from: samples.baseAddress! + channel * buffer.frameCount, length: buffer.frameCount,
                           at: Int(anchorBufferFrame + sourceFrame - anchorSourceFrame), count: frames,
                           to: destination + channel * stride)
            }
        }
    }

    private mutating func renderResampled(into destination: UnsafeMutablePointer<Float>, stride: Int, frames: Int) {
        guard let converter, let buffer else { return }
        while converter.needsInput(toRead: frames) {
            buffer.samples.withUnsafeBufferPointer { samples in
                for channel in 0..<channelCount {
                    copyFrames(from: samples.baseAddress! + channel * buffer.frameCount, length: buffer.frameCount,
                               at: inputPosition, count: converter.chunkFrames, to: converter.inputChunk(channel: channel))
                }
            }
            inputPosition += converter.chunkFrames
            if looping, buffer.frameCount > 0 { inputPosition %= buffer.frameCount }
            converter.convertChunk()
        }
        converter.read(frames, into: destination, stride: stride)
    }

    /// Copies `count` frames from position `start` of a `length`-frame channel, wrapping when
    /// looping and padding with silence past the end otherwise.
    private func copyFrames(from channel: UnsafePointer<Float>, length: Int, at start: Int, count: Int,
                            to destination: UnsafeMutablePointer<Float>) {
        guard length > 0 else { destination.update(repeating: 0, count: count); return }
        var written = 0
        var position = looping ? start % length : start
        while written < count {
            if position >= length {
                guard looping else { (destination + written).update(repeating: 0, count: count - written); return }
                position = 0
            }
            let step = min(count - written, length - position)
            (destination + written).update(from: channel + position, count: step)
            written += step
            position += step
        }
    }
}
