/// An immutable, flat list of operations with every buffer assigned ahead of time: what the
/// render side runs each cycle (JUCE's render sequence; docs/architecture.md, The IO cycle).
///
/// Built on the control side with `RenderProgram.compile`, handed to `RenderEngine.install`, and
/// switched in only at the top of a cycle.
public struct RenderProgram: Sendable, Hashable {
    public let ops: [RenderOp]
    public let scratchChannels: Int
    public let outputChannels: Int

    public static let empty = RenderProgram(ops: [], scratchChannels: 0, outputChannels: 0)

    /// For each output channel, whether any op can put sound there: an `accumulate` into it, or a
    /// client reading it as input (which may process it in place). The others stay silent.
    public let audibleOutputs: [Bool]

    init(ops: [RenderOp], scratchChannels: Int, outputChannels: Int) {
        self.ops = ops
        self.scratchChannels = scratchChannels
        self.outputChannels = outputChannels
        var audible = Array(repeating: false, count: outputChannels)
        for op in ops {
            switch op {
            case let .accumulate(_, output, _, _, _) where output < outputChannels: audible[output] = true
            case let .renderClient(_, _, input) where input >= 0 && input < outputChannels: audible[input] = true
            default: break
            }
        }
        audibleOutputs = audible
    }

    /// One voice as the program sees it: which engine voice, how many channels it renders, where
    /// they go, and a gain for the whole voice this cycle (ducking; 0 drops it).
    public struct VoicePlan: Hashable, Sendable {
        public var voice: Int
        public var channels: Int
        public var routes: [ChannelRoute]
        public var gain: Float
        /// For a client voice (`RenderEngine.addClientVoice`): the output channel it reads as
        /// input (an input tap), or −1 for none. Nil for an ordinary voice.
        public var clientInput: Int?

        public init(voice: Int, channels: Int, routes: [ChannelRoute], gain: Float = 1, clientInput: Int? = nil) {
            self.voice = voice
            self.channels = channels
            self.routes = routes
            self.gain = gain
            self.clientInput = clientInput
        }
    }

    /// Lays the voices out in scratch channels, in the order given, except that client voices
    /// come after every ordinary voice: input sources feed the input taps clients read, so the
    /// taps are complete before any client runs. A voice with gain 0 (muted by policy) or no
    /// routes still renders, so its source keeps time with the clock as a muted player's does
    /// (and a client is still called), but adds nothing to the outputs.
    public static func compile(_ voices: [VoicePlan], outputChannels: Int) -> RenderProgram {
        var ops: [RenderOp] = []
        var scratch = 0
        for plan in voices.filter({ $0.clientInput == nil }) + voices.filter({ $0.clientInput != nil }) {
            if let input = plan.clientInput {
                ops.append(.renderClient(voice: plan.voice, firstScratch: scratch,
                                         inputChannel: input < outputChannels ? input : -1))
            } else {
                ops.append(.renderVoice(voice: plan.voice, firstScratch: scratch))
            }
            for route in plan.routes where plan.gain != 0 && route.outputChannel < outputChannels {
                ops.append(.accumulate(scratch: scratch + route.sourceChannel, output: route.outputChannel,
                                       gain: route.gain * plan.gain, voice: plan.voice, side: route.side))
            }
            scratch += plan.channels
        }
        return RenderProgram(ops: ops, scratchChannels: scratch, outputChannels: outputChannels)
    }
}
