import AudioGraph
import SimCore
import VirtualDevices
import VoiceProcessing

/// The device's acoustic paths (speaker and receiver into the built-in microphone) and voice
/// processing of an app's input: both act on the engine's input-tap channels after each render,
/// before the sinks read them, so a recorder, or an audio unit reading input, gets the echo and,
/// with voice processing, its cancellation.
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

    /// Control side, with the mix snapshot: which engine channels the coupled outputs and the
    /// microphone taps are, at the current rate; processors follow the rate.
    func configureAcousticPath() {
        guard let engine = io.engine else { return }
        let rate = Int(engine.sampleRate.integralHertz ?? 0)
        var sources: [AcousticEcho.Source] = []
        for path in device.profile.acousticPaths {
            guard let slot = io.layout.first(where: { $0.uid == path.outputUID && !$0.isInputTap }) else { continue }
            sources.append(.init(firstChannel: slot.firstChannel, channels: slot.channels,
                                 delayFrames: path.delayFrames(sampleRate: rate), gain: path.gain))
        }
        let microphones = device.profile.builtInPorts.filter { $0.direction == .input && $0.portType == .builtInMic }.map(\.uid)
        let listeners = io.readerTaps.filter { tap in
            microphones.contains { tap.portUID == $0 || tap.portUID.hasPrefix($0 + "#") }
        }.map { AcousticEcho.Listener(channel: $0.tapChannel, gain: $0.gain) }
        io.acousticEcho.configure(sources: sources, listeners: listeners, maxFrames: engine.maxFrames)
        configureVoiceProcessors(rate: rate)
    }

    private func configureVoiceProcessors(rate: Int) {
        let delay = device.profile.acousticPaths.map(\.delayMilliseconds).min() ?? 0
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

    /// Render side, after each engine render (one per IO cycle): adds the echo to the microphone taps, then runs
    /// each voice-processing app's tap through its processor. Allocates nothing.
    func applyAcousticPath(frames: Int, engine: RenderEngine) {
        let acoustic = io.acousticEcho
        guard acoustic.isActive || !io.voiceProcessing.isEmpty else { return }
        acoustic.render(frames: frames) { engine.output(channel: $0, frames: frames) }
        for listener in acoustic.listeners where listener.gain != 0 {
            let tap = engine.mutableOutput(channel: listener.channel, frames: frames)
            for index in 0..<frames { tap[index] += listener.gain * acoustic.echo[index] }
        }
        for client in io.voiceProcessing {
            guard let processor = client.processor, let channel = client.tapChannel else { continue }
            processor.analyzeRender(acoustic.reference, frameCount: frames)
            processor.processCapture(engine.mutableOutput(channel: channel, frames: frames).baseAddress!, frameCount: frames)
        }
    }
}
