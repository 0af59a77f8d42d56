import AudioGraph
import MediaServer
import CoreMedia
import SimCore

/// A sample-buffer renderer on the local route (the speaker, headphones, a USB interface …):
/// with no AirPlay speaker picked, the renderer's audio plays through the device's own output,
/// pulled by the IO cycle like an audio unit's render callback, mixed and routed by the server
/// like any of the app's audio (its session's route, gain and interruptions apply).
///
/// It plays at the synchronizer's time: after every timeline change (a rate or time set, a
/// flush) the first cycle starts at the stream frame the timebase reads at that cycle's host
/// time, and from there the stream is read sequentially — the IO clock and the timebase's host
/// clock are the same simulated clock, so they cannot drift apart.
///
/// The chain, rebuilt on the control side at every timeline change: at rate 1 the stream's
/// 44.1 kHz goes to the hardware rate through libsoxr (its output is aligned with its input). At
/// other rates the renderer's `audioTimePitchAlgorithm` decides: `.varispeed` resamples (rate 2
/// plays twice as fast, an octave up); the others keep the pitch through the time-pitch kernel
/// (Rubber Band), whose start delay is skipped by reading that much further ahead; a rate the
/// algorithm does not support is muted, as documented.
///
/// Render side: no allocation or lock.
final class LocalRoutePlayout: RenderClient {
    private unowned let renderer: AVSampleBufferAudioRenderer
    private let server: AudioServer
    /// What this timeline's audio goes through; nil: silence (stopped, muted rate, no IO yet).
    private var chain: Chain?
    /// The next stream frame to read; nil until the first cycle after a timeline change.
    private var readFrame: Int64?
    /// When the timeline last changed: an IO cycle that began before it (it is rendered as it
    /// ends) plays the new timeline only from that instant on.
    private var changedAt = HostTime.zero
    private(set) var voice: VoiceID?
    /// The app whose I/O this playout runs while attached (the policy counts it as running I/O,
    /// so the session's rules about who may sound apply to it as to a player or an audio unit).
    private var binding: AppBinding?

    /// The converters for one timeline.
    private final class Chain {
        /// To the IO rate, from the stream rate (or, for varispeed, from the stream rate × the rate).
        let converter: SampleRateConverter?
        /// Keeps the pitch at rates other than 1.
        let timePitch: TimePitchKernel?
        /// Stream frames read ahead of the timeline at a start: the time-pitch kernel's delay.
        let readAhead: Int64
        /// The two channel pointers the kernels write through.
        let channels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: 2)

        init(converter: SampleRateConverter?, timePitch: TimePitchKernel?, readAhead: Int64) {
            self.converter = converter
            self.timePitch = timePitch
            self.readAhead = readAhead
        }

        deinit { channels.deallocate() }
    }

    init(renderer: AVSampleBufferAudioRenderer, server: AudioServer) {
        self.renderer = renderer
        self.server = server
    }

    /// Starts being pulled by the IO cycle (control side).
    func attach(app: AppID) {
        guard voice == nil else { return }
        let binding = AppBinding(server: server, app: app)
        // The policy may refuse, e.g. an app in the background without audio in the background.
        do { try AppIOUsers.of(binding).start(binding) } catch { return }
        self.binding = binding
        voice = server.addRenderClient(app: app, self, outputChannels: 2) { [weak self] event in
            switch event {
            case .configurationChanged: self?.resync()
            case .detached: self?.voice = nil; self?.binding = nil
            }
        }
        resync()
    }

    func detach() {
        guard let voice else { return }
        server.removeRenderClient(voice)
        self.voice = nil
        if let binding { AppIOUsers.of(binding).stop(binding) }
        binding = nil
    }

    /// The timeline (or the hardware rate) changed: start again where the timebase is, through
    /// a chain made for the rate and the IO rate now.
    func resync() {
        readFrame = nil
        chain = nil
        changedAt = server.now
        let rate = renderer.timebase.rate
        let algorithm = renderer.audioTimePitchAlgorithm
        guard voice != nil, let ioRate = server.ioSampleRate, rate > 0, algorithm.supports(rate: rate) else { return }
        let stream = SampleRate(framesPerSecond: Int64(AVSampleBufferAudioRenderer.streamRate))
        let maximumFrames = server.renderSliceFrames
        if rate == 1 || algorithm.keepsPitch {
            var timePitch: TimePitchKernel?
            var readAhead: Int64 = 0
            if rate != 1 {
                let kernel = TimePitchKernel()
                kernel.prepare(sampleRate: stream.hertz, channelCount: 2, maximumFrames: maximumFrames)
                kernel.setParameter(TimePitchKernel.rate, Float(rate))
                readAhead = Int64((kernel.latency * stream.hertz * rate).rounded())
                timePitch = kernel
            }
            let converter = ioRate == stream ? nil : SampleRateConverter(channelCount: 2, from: stream, to: ioRate, maxReadFrames: maximumFrames)
            chain = Chain(converter: converter, timePitch: timePitch, readAhead: readAhead)
        } else {
            // Varispeed: the stream read `rate` times as fast, as if it were recorded at rate × 44.1 kHz.
            let fast = SampleRate(numerator: Int64((rate * stream.hertz * 1_000).rounded()), denominator: 1_000)
            chain = Chain(converter: SampleRateConverter(channelCount: 2, from: fast, to: ioRate, maxReadFrames: maximumFrames),
                          timePitch: nil, readAhead: 0)
        }
    }

    func render(_ cycle: RenderClientCycle) {
        guard let chain, cycle.outputChannels >= 2, renderer.timebase.rate > 0, let ioRate = server.ioSampleRate,
              let cycleStart = server.hostTime(ofIOFrame: cycle.sampleTime) else { return }
        // The first cycle of a timeline starts at the change, silent before it.
        let skip = readFrame != nil || cycleStart >= changedAt ? 0 : Int(min(Int64(cycle.frames), ioRate.frames(in: changedAt - cycleStart, rounding: .up)))
        let count = cycle.frames - skip
        guard count > 0 else { return }
        let start = max(cycleStart, changedAt)
        var frame = readFrame ?? AVSampleBufferAudioRenderer.frame(of: renderer.timebase.time(atSource: start)) + chain.readAhead
        let left = cycle.output + skip, right = cycle.output + cycle.stride + skip
        if let converter = chain.converter {
            while converter.needsInput(toRead: count) {
                produce(chain, into: converter.inputChunk(channel: 0), converter.inputChunk(channel: 1),
                        count: converter.chunkFrames, reading: &frame)
                converter.convertChunk()
            }
            converter.read(count, into: left, stride: cycle.stride)
        } else {
            produce(chain, into: left, right, count: count, reading: &frame)
        }
        readFrame = frame
        let gain = renderer.outputGain
        guard gain != 1 else { return }
        for channel in 0..<2 {
            let samples = cycle.output + channel * cycle.stride
            for index in 0..<cycle.frames { samples[index] *= gain }
        }
    }

    /// `count` frames of the stream at the converter's input (through the time-pitch kernel
    /// when it keeps the pitch), reading the stream from `frame` on.
    private func produce(_ chain: Chain, into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>,
                         count: Int, reading frame: inout Int64) {
        guard let timePitch = chain.timePitch else {
            renderer.readStream(from: frame, count: count, left: left, right: right)
            frame += Int64(count)
            return
        }
        chain.channels[0] = left
        chain.channels[1] = right
        var position = frame
        timePitch.render(into: chain.channels, frameCount: count) { buffers, frames in
            renderer.readStream(from: position, count: frames, left: buffers[0], right: buffers[1])
            position += Int64(frames)
        }
        frame = position
    }
}
