import AudioGraph
import SimCore
import VirtualDevices

/// What the JACK boundary costs when the simulated hardware runs at another rate than the server
/// (a 16 kHz call, a 96 kHz interface on a 48 kHz sound card): both directions go through
/// libsoxr (`SampleRateConverter`, the render core's converter, at the bench's standard quality),
/// fed one period at a time.
///
/// libsoxr removes its filter's delay from its output, so a converted stream stays aligned with
/// its input: an output's sound lands on the JACK frame of its simulated instant, as at equal
/// rates. What the filter costs instead is look-ahead: libsoxr holds back converted frames until
/// enough later input has come (up to `outputHoldFrames` on the way out, `inputHoldFrames` on the
/// way in). The simulation simply renders that much further ahead of JACK on the way out; on the
/// way in, what the simulation hears must already have been captured, so the input latency grows
/// by both holds (`addedInputLatencyFrames`). The holds are measured, not guessed: libsoxr's
/// output schedule depends only on the rates and the chunk size, so running a scratch converter
/// over silence gives the same figure in every run and on every machine.
public struct JACKResampling: Sendable, Equatable {
    public let simulatedRate: Int
    public let serverRate: Int
    public let periodFrames: Int
    /// The most JACK frames libsoxr holds back at once on the way out.
    public let outputHoldFrames: Int
    /// The most simulated frames it holds back on the way in, counted in JACK frames.
    public let inputHoldFrames: Int

    /// JACK frames added to the input latency (and to `midi-in`'s): both holds, one chunk of
    /// input and one cycle of margin, rounded up to whole periods.
    public var addedInputLatencyFrames: Int {
        let frames = outputHoldFrames + inputHoldFrames + 2 * periodFrames
        return (frames + periodFrames - 1) / periodFrames * periodFrames
    }

    /// The same in milliseconds at the server's rate.
    public var addedInputLatencyMilliseconds: Double { Double(addedInputLatencyFrames) * 1000 / Double(serverRate) }

    /// Cycles the simulation may run ahead of the last published one (for `midi-in`'s delivery).
    var outputHoldCycles: Int { (outputHoldFrames + periodFrames - 1) / periodFrames }

    /// The converter's description, for the run's summary.
    public static let quality = ConversionQuality.standard

    /// Measures the holds for the simulated hardware at `simulatedRate` on a server at `serverRate`
    /// with IO buffers and JACK periods of `periodFrames`. Allocates (a scratch converter):
    /// control side, or the first cycle at a new rate.
    public init(simulatedRate: Int, serverRate: Int, periodFrames: Int) {
        self.simulatedRate = simulatedRate
        self.serverRate = serverRate
        self.periodFrames = periodFrames
        outputHoldFrames = Self.maximumHold(from: simulatedRate, to: serverRate, chunkFrames: periodFrames)
        let held = Self.maximumHold(from: serverRate, to: simulatedRate, chunkFrames: periodFrames)
        inputHoldFrames = Int((Double(held) * Double(serverRate) / Double(simulatedRate)).rounded(.up))
    }

    /// A converter for `channels` channels in one direction, fed `periodFrames` input frames a chunk.
    static func converter(channels: Int, from input: Int, to output: Int, periodFrames: Int) -> SampleRateConverter {
        SampleRateConverter(channelCount: channels, from: SampleRate(framesPerSecond: Int64(input)),
                            to: SampleRate(framesPerSecond: Int64(output)), quality: quality,
                            maxReadFrames: readLimit(periodFrames), chunkFrames: periodFrames)
    }

    /// The most frames one read takes from a converter: a JACK period or an IO buffer (which
    /// the server sets to the period).
    static func readLimit(_ periodFrames: Int) -> Int { max(periodFrames, 1024) }

    /// The most output frames a converter fed `chunkFrames` at a time ever owes its input (what
    /// the input so far is worth at the output rate, less what came out), over at least a second
    /// of input and 1024 chunks: libsoxr's largest hold comes with its first blocks.
    static func maximumHold(from input: Int, to output: Int, chunkFrames: Int) -> Int {
        let converter = converter(channels: 1, from: input, to: output, periodFrames: chunkFrames)
        let limit = readLimit(chunkFrames)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: limit)
        defer { scratch.deallocate() }
        converter.inputChunk(channel: 0).update(repeating: 0, count: chunkFrames)
        let chunks = max(1024, input / chunkFrames + 1)
        var produced = 0, hold = 0
        for chunk in 1...chunks {
            converter.convertChunk()
            while converter.availableFrames > 0 {
                let frames = min(converter.availableFrames, limit)
                converter.read(frames, into: scratch, stride: frames)
                produced += frames
            }
            let owed = Int((Double(chunk * chunkFrames) * Double(output) / Double(input)).rounded(.up)) - produced
            hold = max(hold, owed)
        }
        return hold
    }
}

/// The boundary's costs per simulated rate, measured once each and shared by the way out
/// (`JACKPlayback`) and every input port (`JACKInputFeed`). Simulation thread only.
final class JACKResamplingTable {
    let serverRate: Int
    let periodFrames: Int
    /// Every rate the simulated hardware ran at other than the server's, in the order first met.
    private(set) var used: [JACKResampling] = []

    init(serverRate: Int, periodFrames: Int) {
        self.serverRate = serverRate
        self.periodFrames = periodFrames
    }

    /// The JACK stream frame (JACK frames since the run's first, `startFrame`) where IO frame
    /// `frame` of `clock` sounds: the frame of its instant at the server's rate. At equal rates
    /// from time zero that is the IO frame itself.
    func jackFrame(ofIOFrame frame: Int64, clock: IOClock?) -> Int64 {
        guard let clock else { return frame }
        let time = clock.hostTime(ofFrame: frame, rounding: .up)
        return SampleRate(framesPerSecond: Int64(serverRate)).sampleTime(at: time, rounding: .down).frames
    }

    /// The costs at `rate` (measured the first time: it allocates then).
    func resampling(at rate: Int) -> JACKResampling {
        if let known = used.first(where: { $0.simulatedRate == rate }) { return known }
        let measured = JACKResampling(simulatedRate: rate, serverRate: serverRate, periodFrames: periodFrames)
        used.append(measured)
        return measured
    }
}

extension IOClock {
    /// The segment covering `frame` (`segment(ofFrame:)`), looked up with a plain loop: the
    /// closure of `last(where:)` costs an allocation per call in a debug build, and this runs
    /// every IO cycle.
    func boundarySegment(ofFrame frame: Int64) -> Segment {
        var index = segments.count - 1
        while index > 0 && segments[index].firstFrame > frame { index -= 1 }
        return segments[index]
    }
}
