import AudioGraph
import SimCore
import VirtualDevices

/// The IO clock: starting IO, running one cycle, and writing the port sinks.
extension AudioServer {
    /// Starts the IO clock at the hardware rate and IO buffer size of the controlling app (or the
    /// device's defaults when no session controls it). Cycles lie on a grid of whole IO buffers
    /// from frame 0; sinks hold silence before the first one.
    func startIO() {
        let settings = ioHardware()
        let rate = SampleRate(framesPerSecond: Int64(settings.rate))
        let frame = rate.sampleTime(at: now).frames
        io.cycleFrames = settings.frames
        io.cycleStart = frame / Int64(settings.frames) * Int64(settings.frames)
        io.engine = RenderEngine(sampleRate: rate, maxFrames: AudioIO.maxRenderFrames,
                                 quality: io.settings.conversionQuality, startFrame: io.cycleStart)
        record("audio.io.started", ["hz": .integer(settings.rate), "frames": .integer(settings.frames)])
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
        guard let engine = io.engine else { return }
        let end = engine.sampleRate.hostTime(at: SampleTime(frames: io.cycleStart + Int64(io.cycleFrames)), rounding: .up)
        _ = try? scheduler.schedule(.action(label: "io.cycle") { [unowned self] in self.runIOCycle() }, at: end)
    }

    func runIOCycle() {
        guard let engine = io.engine else { return }
        var done = 0
        while done < io.cycleFrames {
            let frames = min(AudioIO.maxRenderFrames, io.cycleFrames - done)
            engine.render(frames: frames)
            writeSinks(frames: frames, engine: engine)
            done += frames
        }
        io.cycleStart += Int64(io.cycleFrames)
        engine.collectGarbage()
        io.voices.removeAll { !engine.hasVoice($0.engineVoice) }
        // The next cycle follows the hardware as it is now (a new controlling app, a new size).
        io.cycleFrames = ioHardware().frames
        refreshProgram(resample: true)
        scheduleCycle()
    }

    // MARK: Sinks

    func makeSink(uid: String, channels: Int, rate: SampleRate) -> PortSink {
        PortSink(portUID: uid, channelCount: channels, sampleRate: rate, captureSamples: io.settings.captureSamples)
    }

    private func writeSinks(frames: Int, engine: RenderEngine) {
        let start = engine.position - Int64(frames)
        for slot in io.layout {
            let index = sinkIndex(for: slot, rate: engine.sampleRate)
            padWithSilence(sink: index, upTo: start)
            let channels = (0..<slot.channels).map { engine.output(channel: slot.firstChannel + $0, frames: frames) }
            io.sinks[index].write(channels, frameCount: frames)
        }
    }

    private func sinkIndex(for slot: OutputSlot, rate: SampleRate) -> Int {
        if let index = io.sinks.firstIndex(where: { $0.portUID == slot.uid }) { return index }
        io.sinks.append(makeSink(uid: slot.uid, channels: slot.channels, rate: rate))
        return io.sinks.count - 1
    }

    /// A sink that missed cycles (its port was unplugged, or IO started late) gets silence for them.
    private func padWithSilence(sink index: Int, upTo frame: Int64) {
        let gap = frame - io.sinks[index].position
        if gap > 0 { io.sinks[index].write([], frameCount: Int(gap)) }
    }
}
