import AudioGraph
import SimCore
import VirtualDevices

/// The IO clock: starting IO, running one cycle, restarting at a new format, writing the sinks.
extension AudioServer {
    /// Starts the IO clock at the hardware rate and IO buffer size of the controlling app (or the
    /// device's defaults when no session controls it). Cycles lie on a grid of whole IO buffers
    /// from frame 0; sinks hold silence before the first one.
    func startIO() {
        let settings = ioHardware()
        let rate = SampleRate(framesPerSecond: Int64(settings.rate))
        io.clock = IOClock(rate: rate)
        let frame = rate.sampleTime(at: now).frames
        io.cycleFrames = settings.frames
        io.cycleStart = frame / Int64(settings.frames) * Int64(settings.frames)
        io.engine = RenderEngine(sampleRate: rate, maxFrames: renderSliceFrames,
                                 quality: io.settings.conversionQuality, startFrame: io.cycleStart)
        io.cycleAction = { [unowned self] in self.runIOCycle() }
        startAcousticPath()
        startHardwareInputs()
        record(.ioStarted(hz: Int64(settings.rate), frames: Int64(settings.frames)))
        io.sampledGeneration = policy.generation
        sampleMixState()
        scheduleCycle()
    }

    private func ioHardware() -> (rate: Int, frames: Int) {
        let hardware = currentHardware
        var settings = (rate: hardware.sampleRate, frames: hardware.ioBufferFrames)
        if let frames = io.settings.ioBufferFramesOverride { settings.frames = frames }
        return settings
    }

    /// Cycle k is rendered when its last frame has played: at the host time of its end frame,
    /// rounded up, so every change made during it is already known, at its exact frame.
    private func scheduleCycle() {
        guard let clock = io.clock, let action = io.cycleAction else { return }
        let end = clock.hostTime(ofFrame: io.cycleStart + Int64(io.cycleFrames))
        _ = try? scheduler.schedule(.action(label: "io.cycle", body: action), at: end)
    }

    /// Renders the cycle that just played in one `render` call (render clients see the whole IO
    /// buffer), then follows the server's state into the next one: only when the policy changed
    /// since the last look (`MediaPolicy.generation`) are the hardware format and the mix
    /// sampled again, and render clients told, so a steady cycle allocates nothing.
    func runIOCycle() {
        guard let engine = io.engine else { return }
        engine.render(frames: io.cycleFrames)
        applyAcousticPath(frames: io.cycleFrames, engine: engine)
        writeSinks(frames: io.cycleFrames, engine: engine)
        forwardToBackend(frames: io.cycleFrames, engine: engine)
        io.cycleStart += Int64(io.cycleFrames)
        engine.collectGarbage()
        io.voices.removeAll { !engine.hasVoice($0.engineVoice) }
        if io.sampledGeneration != policy.generation {
            io.sampledGeneration = policy.generation
            followHardware(engine)
            refreshProgram(resample: true)
            notifyRenderClients()
        } else if io.programDirty {
            refreshProgram(resample: false)
        }
        scheduleCycle()
    }

    /// The hardware rate or IO buffer size changed (a route to a 16 kHz headset, a session granted
    /// 96 kHz): the IO stops at this cycle boundary, changes format and restarts. The frame count
    /// goes on (`IOClock`), the voices continue converted to the new rate, and every sink opens a
    /// segment at it.
    private func followHardware(_ engine: RenderEngine) {
        let hardware = ioHardware()
        let rate = SampleRate(framesPerSecond: Int64(hardware.rate))
        guard rate != engine.sampleRate || hardware.frames != io.cycleFrames, var clock = io.clock else { return }
        let from = engine.sampleRate.integralHertz.map(Int.init) ?? Int(engine.sampleRate.hertz)
        record(.ioStopped(hz: Int64(from), frames: Int64(io.cycleFrames)))
        record(.ioFormat(from: Int64(from), to: Int64(hardware.rate), frames: Int64(hardware.frames)))
        if rate != engine.sampleRate {
            clock.changeRate(to: rate, atFrame: io.cycleStart, time: now)
            io.clock = clock
            engine.changeRate(to: rate)
            for index in io.sinks.indices { io.sinks[index].changeRate(to: clock.segments[clock.segments.count - 1]) }
        }
        io.cycleFrames = hardware.frames
        record(.ioStarted(hz: Int64(hardware.rate), frames: Int64(hardware.frames)))
    }

    // MARK: Sinks

    /// Output ports keep what `captureWindows` asks for (everything by default); an app's input
    /// tap always keeps every sample (it is what its recorder writes to the file).
    func makeSink(uid: String, channels: Int, isInputTap: Bool = false, clock: IOClock? = nil) -> PortSink {
        let capture: SinkCapture
        if !io.settings.captureSamples {
            capture = .levels
        } else if let windows = io.settings.captureWindows, !isInputTap {
            capture = .windows(windows)
        } else {
            capture = .everything
        }
        let watches = io.watchPlan.map { plan in
            isInputTap ? plan.watches(nil, Self.tapApp(uid)) : plan.watches(device.ports.first { $0.uid == uid }, nil)
        } ?? []
        var sink = PortSink(portUID: uid, channelCount: channels, clock: clock ?? io.clock ?? IOClock(rate: .hz48000), capture: capture,
                            levelsThroughout: !isInputTap && io.settings.levelHorizon != nil, watches: watches)
        if let horizon = io.settings.levelHorizon, !isInputTap { sink.reserve(duration: horizon) }
        return sink
    }

    private func writeSinks(frames: Int, engine: RenderEngine) {
        let start = engine.position - Int64(frames)
        for slot in io.layout where !slot.isClientInput || slot.isInputTap {
            let index = sinkIndex(for: slot)
            padWithSilence(sink: index, upTo: start)
            // A channel nothing was mixed into is written as silence: the sink records it without
            // reading its zeros (most ports are silent most of the time).
            io.sinks[index].write(frameCount: frames) { channel in
                channel < slot.channels && !engine.isSilent(channel: slot.firstChannel + channel)
                    ? engine.output(channel: slot.firstChannel + channel, frames: frames) : nil
            }
        }
    }

    private func sinkIndex(for slot: OutputSlot) -> Int {
        if let index = io.sinks.firstIndex(where: { $0.portUID == slot.uid }) { return index }
        io.sinks.append(makeSink(uid: slot.uid, channels: slot.channels, isInputTap: slot.isInputTap))
        return io.sinks.count - 1
    }

    /// A sink that missed cycles (its port was unplugged, or IO started late) gets silence for them.
    private func padWithSilence(sink index: Int, upTo frame: Int64) {
        let gap = frame - io.sinks[index].position
        if gap > 0 { io.sinks[index].write(frameCount: Int(gap)) { _ in nil } }
    }
}
