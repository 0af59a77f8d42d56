import SimCore

/// Runs render programs over voices, one IO cycle at a time, into preallocated output buffers.
///
/// Two sides, as in a real audio engine (docs/architecture.md, The IO cycle):
/// - control side (`addVoice`, `removeVoice`, `setGain`, `setPan`, `install`, `collectGarbage`):
///   may allocate; in the simulation it runs between cycles on the one simulation thread;
/// - render side (`render`): installs a pending program at the top of the cycle and runs the
///   ops. It allocates nothing, takes no locks, logs nothing and makes no dynamic calls; the
///   retired program is parked for the control side to free.
///
/// Every buffer is `maxFrames` long; one `render` call handles at most that many frames.
public final class RenderEngine {
    /// The hardware rate voices are rendered at; `changeRate(to:)` moves it between cycles.
    public private(set) var sampleRate: SampleRate
    public let maxFrames: Int
    public let quality: ConversionQuality

    private var voices: [VoiceState?] = []
    private var installed = RenderProgram.empty
    private var pending: RenderProgram?
    private var retired: RenderProgram?
    private var scratch: UnsafeMutablePointer<Float>
    private var scratchCapacity = 0
    private var outputs: UnsafeMutablePointer<Float>
    private var outputCapacity = 0
    private let gainScratch: UnsafeMutablePointer<Float>
    private let panScratch: UnsafeMutablePointer<Float>
    /// Frames in the last `render` call.
    private var renderedFrames = 0
    /// Frames rendered so far: the position of the next cycle's first frame.
    public private(set) var position: Int64 = 0

    /// - Parameter startFrame: the position of the first frame rendered (the IO clock's frame
    ///   when the engine starts), so voices and ramps are placed on one absolute timeline.
    public init(sampleRate: SampleRate, maxFrames: Int, quality: ConversionQuality = .standard, startFrame: Int64 = 0) {
        precondition(maxFrames > 0)
        position = startFrame
        self.sampleRate = sampleRate
        self.maxFrames = maxFrames
        self.quality = quality
        scratch = .allocate(capacity: 0)
        outputs = .allocate(capacity: 0)
        gainScratch = .allocate(capacity: maxFrames)
        gainScratch.initialize(repeating: 0, count: maxFrames)
        panScratch = .allocate(capacity: maxFrames)
        panScratch.initialize(repeating: 0, count: maxFrames)
    }

    deinit {
        scratch.deallocate()
        outputs.deallocate()
        gainScratch.deallocate()
        panScratch.deallocate()
    }

    // MARK: Control side

    /// Adds a voice that starts playing `source` at frame `startFrame`; returns its id.
    public func addVoice(_ source: AudioSource, at startFrame: Int64, gain: Float = 1, pan: Float = 0) -> Int {
        let renderer = SourceRenderer(source, outputRate: sampleRate, maxFrames: maxFrames, quality: quality)
        voices.append(VoiceState(source: renderer, startFrame: startFrame, gain: ParameterTimeline(gain),
                                 pan: ParameterTimeline(pan)))
        return voices.count - 1
    }

    /// Adds a voice of `channels` channels that `client` renders, from the cycle starting at
    /// `startFrame` on (see `RenderClient`). Its program entry (`VoicePlan.clientInput`) says
    /// which output channel it reads as input.
    public func addClientVoice(_ client: RenderClient, channels: Int, at startFrame: Int64, gain: Float = 1) -> Int {
        let silent = SourceRenderer(.silence(channels: channels), outputRate: sampleRate, maxFrames: maxFrames, quality: quality)
        var state = VoiceState(source: silent, startFrame: startFrame, gain: ParameterTimeline(gain), pan: ParameterTimeline(0))
        state.client = client
        voices.append(state)
        return voices.count - 1
    }

    /// Stops a voice from frame `frame` on; its state is freed by `collectGarbage` once no
    /// installed program uses it.
    public func removeVoice(_ voice: Int, at frame: Int64) {
        guard let start = startFrame(ofVoice: voice) else { return }
        voices[voice]?.endFrame = max(frame, start)
    }

    public func channelCount(ofVoice voice: Int) -> Int { voices.withUnsafeBufferPointer { $0[voice]?.channelCount } ?? 0 }
    public func hasVoice(_ voice: Int) -> Bool { voices.indices.contains(voice) && endFrame(ofVoice: voice) != nil }
    /// Read in place: `voices[voice]?.endFrame` copied the whole voice state out of the array
    /// (its source, ramps and client, each retained and released), and the IO cycle asks every
    /// voice every cycle (`collectGarbage`, `hasVoice`).
    public func endFrame(ofVoice voice: Int) -> Int64? { voices.withUnsafeBufferPointer { $0[voice]?.endFrame } }
    private func startFrame(ofVoice voice: Int) -> Int64? { voices.withUnsafeBufferPointer { $0[voice]?.startFrame } }

    public func setGain(_ voice: Int, to gain: Float, at frame: Int64, rampFrames: Int64 = 0) {
        voices[voice]?.gain.ramp(to: gain, at: frame, lengthFrames: rampFrames)
    }

    public func setPan(_ voice: Int, to pan: Float, at frame: Int64, rampFrames: Int64 = 0) {
        voices[voice]?.pan.ramp(to: pan, at: frame, lengthFrames: rampFrames)
    }

    /// Renders at `rate` from the next cycle on (the IO stopped and restarts at another hardware
    /// rate). Positions stay on the same frame timeline; every voice continues from the frame it
    /// reached, converted to the new rate (a tone keeps its frequency and phase). Control side.
    public func changeRate(to rate: SampleRate) {
        guard rate != sampleRate else { return }
        sampleRate = rate
        for index in voices.indices {
            guard let start = startFrame(ofVoice: index) else { continue }
            voices[index]?.source.retarget(outputRate: rate, atSourceFrame: max(0, position - start))
        }
    }

    /// Hands a program to the render side, which switches to it at the top of its next cycle.
    /// Buffers it needs are allocated here, never during `render`.
    public func install(_ program: RenderProgram) {
        reserve(scratchChannels: program.scratchChannels, outputChannels: program.outputChannels)
        pending = program
    }

    /// The program the next cycle will run (pending if one waits, else the installed one).
    public var currentProgram: RenderProgram { pending ?? installed }

    /// Frees what the render side retired: the previous program, and voices that ended and that
    /// no installed or pending program refers to.
    public func collectGarbage() {
        retired = nil
        for voice in voices.indices {
            guard let end = endFrame(ofVoice: voice), end <= position, !isReferenced(voice) else { continue }
            voices[voice] = nil
        }
    }

    private func isReferenced(_ voice: Int) -> Bool {
        func uses(_ program: RenderProgram?) -> Bool {
            program?.ops.contains { op in
                switch op {
                case .renderVoice(voice, _), .renderClient(voice, _, _): true
                default: false
                }
            } ?? false
        }
        return uses(installed) || uses(pending)
    }

    /// Grows the buffers geometrically: voices are added one at a time, and growing by exactly
    /// what each program needs made adding n voices cost n² in buffer clearing.
    private func reserve(scratchChannels: Int, outputChannels: Int) {
        if scratchChannels > scratchCapacity {
            let capacity = max(scratchChannels, 2 * scratchCapacity)
            scratch.deallocate()
            scratch = .allocate(capacity: capacity * maxFrames)
            scratch.initialize(repeating: 0, count: capacity * maxFrames)
            scratchCapacity = capacity
        }
        if outputChannels > outputCapacity {
            let capacity = max(outputChannels, 2 * outputCapacity)
            outputs.deallocate()
            outputs = .allocate(capacity: capacity * maxFrames)
            outputs.initialize(repeating: 0, count: capacity * maxFrames)
            outputCapacity = capacity
        }
    }

    // MARK: Render side

    /// Renders the next `frames` frames (at most `maxFrames`) into the output buffers.
    public func render(frames: Int) {
        precondition(frames <= maxFrames, "a cycle is at most \(maxFrames) frames")
        if pending != nil {
            // Park the old program instead of releasing it here: freeing is the control side's job.
            let next = pending.take()!
            retired = installed
            installed = next
        }
        for channel in 0..<installed.outputChannels { MixKernel.clear(outputs + channel * maxFrames, frames: frames) }
        installed.ops.withUnsafeBufferPointer { ops in
            for op in ops { perform(op, frames: frames) }
        }
        renderedFrames = frames
        position += Int64(frames)
    }

    @inline(__always)
    private func perform(_ op: RenderOp, frames: Int) {
        switch op {
        case let .renderVoice(voice, firstScratch):
            voices[voice]?.render(into: scratch + firstScratch * maxFrames, stride: maxFrames, frames: frames,
                                  at: position, gainScratch: gainScratch)
        case let .renderClient(voice, firstScratch, inputChannel):
            voices[voice]?.renderClient(into: scratch + firstScratch * maxFrames, stride: maxFrames, frames: frames, at: position,
                                        input: inputChannel >= 0 ? outputs + inputChannel * maxFrames : nil,
                                        gainScratch: gainScratch)
        case let .accumulate(scratchChannel, output, gain, voice, side):
            accumulate(scratch + scratchChannel * maxFrames, into: outputs + output * maxFrames, gain: gain,
                       voice: voice, side: side, frames: frames)
        }
    }

    @inline(__always)
    private func accumulate(_ source: UnsafeMutablePointer<Float>, into destination: UnsafeMutablePointer<Float>,
                            gain: Float, voice: Int, side: PanLaw.Side, frames: Int) {
        // The pan is read in place (see `endFrame(ofVoice:)`): a copy of the voice state per side per cycle.
        let constant: Float?? = side == .centre ? nil : voices.withUnsafeBufferPointer { voices in
            guard voices[voice] != nil else { return nil }
            return .some(voices[voice]!.pan.constantValue(from: position, frames: frames))
        }
        switch constant {
        case .none:
            MixKernel.accumulate(source, into: destination, gain: gain, frames: frames)
        case let .some(.some(constant)):
            MixKernel.accumulate(source, into: destination, gain: gain * PanLaw.gain(side, pan: constant), frames: frames)
        case .some(.none):
            voices.withUnsafeBufferPointer { voices in
                for index in 0..<frames {
                    panScratch[index] = PanLaw.gain(side, pan: voices[voice]!.pan.value(at: position + Int64(index)))
                }
            }
            MixKernel.accumulate(source, into: destination, gains: panScratch, gain: gain, frames: frames)
        }
    }

    /// The last cycle's samples of output channel `channel` (valid until the next `render`).
    public func output(channel: Int, frames: Int) -> UnsafeBufferPointer<Float> {
        precondition(channel < installed.outputChannels && frames <= maxFrames)
        return UnsafeBufferPointer(start: outputs + channel * maxFrames, count: frames)
    }

    /// Whether the installed program can put any sound on output channel `channel`; when not,
    /// its samples are all zero and readers may treat the cycle as silence without reading them.
    public func isSilent(channel: Int) -> Bool {
        channel >= installed.outputChannels || !installed.audibleOutputs[channel]
    }

    /// The last cycle's peak of output channel `channel` (the engine's meter), measured when
    /// asked: metering every channel of every cycle cost more than the mix itself.
    public func peak(channel: Int) -> Float {
        channel < installed.outputChannels ? MixKernel.peak(outputs + channel * maxFrames, frames: renderedFrames) : 0
    }
}
