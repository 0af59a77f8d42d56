import AudioGraph
import SimCore
import VirtualDevices
import VoiceProcessing

/// The device's acoustic paths (speaker and receiver into the built-in microphone) and voice
/// processing of an app's input. The echo is an engine voice feeding the microphone's listeners
/// (recorders' taps and audio units' inputs alike); voice processing acts on an app's input tap
/// after each render, before its sink keeps it.
extension AudioServer {
    /// Runs `app`'s input through webrtc voice processing (echo cancellation against what the
    /// built-in speaker and receiver play, noise suppression, gain control) from the next IO
    /// cycle, as a voice-processing I/O unit does; nil turns it off. The processed input lags the
    /// microphone by 10 ms (`VoiceProcessor.latencyFrames`). At an IO rate webrtc does not run at
    /// (it takes 8, 16, 32 and 48 kHz) the input passes unprocessed.
    public func setVoiceProcessing(app: AppID, _ options: VoiceProcessingOptions?) {
        if let options {
            if let index = io.voiceProcessing.firstIndex(where: { $0.app == app }) {
                io.voiceProcessing[index].options = options
                if let processor = io.voiceProcessing[index].processor { apply(options, to: processor) }
                return
            }
            io.voiceProcessing.append(VoiceProcessingClient(app: app, options: options))
        } else {
            io.voiceProcessing.removeAll { $0.app == app }
        }
        record("audio.voiceprocessing", ["app": .string(app.name), "enabled": .bool(options != nil)])
        refreshProgram(resample: true)
    }

    /// The options `app`'s voice processing runs with, or nil when it has none.
    public func voiceProcessing(app: AppID) -> VoiceProcessingOptions? {
        io.voiceProcessing.first { $0.app == app }?.options
    }

    /// Starts the echo voice with the IO (see `AcousticEcho`): an engine voice of no app, with
    /// no voice ID from the counter, so it changes neither the trace nor the apps' voice IDs. It
    /// comes first among client voices, so the echo is in every input before any app reads it.
    func startAcousticPath() {
        guard let engine = io.engine, !io.voices.contains(where: { $0.role == .acousticEcho }) else { return }
        let voice = engine.addClientVoice(io.acousticEcho, channels: 1, at: io.cycleStart)
        io.voices.append(AudioVoice(id: VoiceID(rawValue: 0), app: nil, engineVoice: voice, channels: 1, role: .acousticEcho))
    }

    /// The echo voice's routes: every input tap and client input hearing a built-in microphone,
    /// at its reader's gain (silence without record permission, as for the microphone itself).
    func acousticEchoRoutes() -> [ChannelRoute] {
        let microphones = device.profile.builtInPorts.filter { $0.direction == .input && $0.portType == .builtInMic }.map(\.uid)
        return io.readerTaps.filter { tap in
            tap.gain != 0 && microphones.contains { tap.portUID == $0 || tap.portUID.hasPrefix($0 + "#") }
        }.map { ChannelRoute(sourceChannel: 0, outputChannel: $0.tapChannel, gain: $0.gain) }
    }

    /// Control side, with the mix snapshot: which engine channels the coupled outputs are and
    /// their delays at the current rate and IO buffer; processors follow the rate.
    func configureAcousticPath() {
        guard let engine = io.engine else { return }
        let rate = Int(engine.sampleRate.integralHertz ?? 0)
        var sources: [AcousticEcho.Source] = []
        for path in device.profile.acousticPaths {
            guard let slot = io.layout.first(where: { $0.uid == path.outputUID && !$0.isInputTap }) else { continue }
            sources.append(.init(firstChannel: slot.firstChannel, channels: slot.channels,
                                 delayFrames: io.cycleFrames + path.delayFrames(sampleRate: rate), gain: path.gain))
        }
        io.acousticEcho.configure(sources: sources, maxFrames: engine.maxFrames)
        configureVoiceProcessors(rate: rate)
    }

    private func configureVoiceProcessors(rate: Int) {
        let delay = device.profile.acousticPaths.map(\.delayMilliseconds).min() ?? 0
            + (rate > 0 ? io.cycleFrames * 1_000 / rate : 0)
        for index in io.voiceProcessing.indices {
            let client = io.voiceProcessing[index]
            io.voiceProcessing[index].tapChannel = io.layout.first { $0.isInputTap && $0.uid == Self.inputTapUID(client.app) }?.firstChannel
            guard client.processor?.sampleRate != rate else { continue }
            let processor = try? VoiceProcessor(sampleRate: rate, channels: 1)
            if let processor {
                processor.streamDelayMilliseconds = delay
                apply(client.options, to: processor)
            } else {
                record("audio.voiceprocessing.unsupported", ["app": .string(client.app.name), "hz": .integer(rate)])
            }
            io.voiceProcessing[index].processor = processor
        }
    }

    private func apply(_ options: VoiceProcessingOptions, to processor: VoiceProcessor) {
        if processor.echoCancellation != options.echoCancellation { processor.echoCancellation = options.echoCancellation }
        if processor.noiseSuppression != options.noiseSuppression { processor.noiseSuppression = options.noiseSuppression }
        if processor.automaticGainControl != options.automaticGainControl {
            processor.automaticGainControl = options.automaticGainControl
        }
        processor.bypassed = options.bypassed
        processor.outputMuted = options.outputMuted
    }

    /// Render side, after each engine render (one per IO cycle): feeds what the coupled outputs
    /// played to the echo's delay line, then runs each voice-processing app's input tap through
    /// its processor against that. Allocates nothing.
    func applyAcousticPath(frames: Int, engine: RenderEngine) {
        let acoustic = io.acousticEcho
        guard acoustic.isActive || !io.voiceProcessing.isEmpty else { return }
        acoustic.capture(frames: frames, start: engine.position - Int64(frames)) { engine.output(channel: $0, frames: frames) }
        for client in io.voiceProcessing {
            guard let processor = client.processor, let channel = client.tapChannel else { continue }
            processor.analyzeRender(acoustic.reference, frameCount: frames)
            processor.processCapture(engine.mutableOutput(channel: channel, frames: frames).baseAddress!, frameCount: frames)
        }
    }
}
