import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioIONode`: the engine's connection to the audio device (or, in manual rendering mode,
/// to the app's own buffers).
public class AVAudioIONode: AVAudioNode, @unchecked Sendable {
    /// Seconds from the device to the app (input) or from the app to the device (output).
    public var presentationLatency: TimeInterval { engine?.devicePresentationLatency(input: self is AVAudioInputNode) ?? 0 }

    /// The IO unit under the node (RemoteIO, or voice-processing IO) while the engine renders to
    /// the device; nil otherwise.
    public var audioUnit: AudioUnit? { engine?.device?.unit }

    /// Voice processing (echo cancellation, noise suppression, AGC) on the engine's IO: enabling
    /// it on either IO node applies to both. Only while the engine is stopped and rendering to
    /// the device.
    public var isVoiceProcessingEnabled: Bool { engine?.voiceProcessing.isEnabled ?? false }

    public func setVoiceProcessingEnabled(_ enabled: Bool) throws {
        guard let engine else { throw AVAudioEngine.error(-10867, "the node is not attached to an engine") }
        try engine.setVoiceProcessingEnabled(enabled)
    }
}

/// `AVAudioOutputNode`: takes the graph's audio (input bus 0) to the device's output; its output
/// format is the hardware's (or the manual rendering format), and it converts rate and channels.
public final class AVAudioOutputNode: AVAudioIONode, @unchecked Sendable {
    private var bridge: RateBridge?
    private var routing: ChannelRouting?

    init(format: AVAudioFormat) {
        super.init(inputs: 1, outputs: 1, format: format)
    }

    override func prepareRender(maximumFrames: Int) {
        super.prepareRender(maximumFrames: maximumFrames)
        let (input, output) = (inputFormats[0], outputFormats[0])
        if bridge?.matches(channelCount: Int(input.channelCount), from: input.sampleRate, to: output.sampleRate) != true {
            bridge = RateBridge(channelCount: Int(input.channelCount), from: input.sampleRate, to: output.sampleRate,
                                maximumFrames: maximumFrames)
        }
        routing = ChannelRouting(from: input, to: output)
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        guard let input = inputNode(0), let bridge, let routing else { return }
        let channels = bridge.pull(input.node, frames: frames, serial: serial, serials: serials)
        routing.accumulate(channels, into: output.channels, frames: frames, volume: 1, pan: 0)
    }
}

/// `AVAudioInputNode`: the device's input (or, in manual rendering mode, the app's input block)
/// as a source in the graph. No conversion on the device: its output format is the hardware's.
public final class AVAudioInputNode: AVAudioIONode, AVAudioMixing, @unchecked Sendable {
    private var mixing = MixingSettings()
    public var volume: Float { get { mixing.volume } set { mixing.volume = newValue } }
    public var pan: Float { get { mixing.pan } set { mixing.pan = newValue } }
    override var mixingVolume: Float { mixing.volume }
    override var mixingPan: Float { mixing.pan }

    /// Manual rendering: the block that supplies input, and the format it supplies it in.
    var manualInput: (format: AVAudioFormat, block: AVAudioIONodeInputBlock)?
    /// Set when the manual input block gave less than a render asked for.
    var inputWasShort = false
    /// The device's input of this IO cycle (set by the engine's device IO before the pull).
    var deviceInput: UnsafeMutablePointer<AudioBufferList>?

    init(format: AVAudioFormat) {
        super.init(inputs: 1, outputs: 1, format: format)
    }

    /// In manual rendering mode, makes `block` the source of the input node's samples, in
    /// `format` (converted to the node's output format). False if the engine is not in manual
    /// rendering mode or the format is not PCM.
    public func setManualRenderingInputPCMFormat(_ format: AVAudioFormat,
                                                 inputBlock block: @escaping AVAudioIONodeInputBlock) -> Bool {
        guard let engine, engine.isInManualRenderingMode, format.isPCM, format.commonFormat == .pcmFormatFloat32,
              !format.isInterleaved || format.channelCount == 1 else { return false }
        manualInput = (format, block)
        outputFormats[0] = format
        engine.formatsChanged()
        return true
    }

    /// The voice-processing switches read false while voice processing is off.
    public var isVoiceProcessingBypassed: Bool {
        get { engine?.voiceProcessing.isEnabled == true && engine?.voiceProcessing.bypassed == true }
        set { engine?.setVoiceProcessing(\.bypassed, newValue) }
    }
    /// Default on (when voice processing is enabled).
    public var isVoiceProcessingAGCEnabled: Bool {
        get { engine?.voiceProcessing.isEnabled == true && engine?.voiceProcessing.agc == true }
        set { engine?.setVoiceProcessing(\.agc, newValue) }
    }
    public var isVoiceProcessingInputMuted: Bool {
        get { engine?.voiceProcessing.isEnabled == true && engine?.voiceProcessing.inputMuted == true }
        set { engine?.setVoiceProcessing(\.inputMuted, newValue) }
    }

    override func render(into output: RenderBuffer, frames: Int, serial: Int, serials: RenderSerials) {
        output.clear(frames: frames)
        if let manualInput {
            guard let list = manualInput.block(AVAudioFrameCount(frames)) else { inputWasShort = true; return }
            copy(UnsafeMutableAudioBufferListPointer(UnsafeMutablePointer(mutating: list)), into: output, frames: frames)
        } else if let deviceInput, engine?.voiceProcessing.inputMuted != true {
            copy(UnsafeMutableAudioBufferListPointer(deviceInput), into: output, frames: frames)
        }
    }

    /// Copies deinterleaved float buffers; a list holding fewer frames than asked marks the
    /// input short (manual mode) and leaves the rest silent.
    private func copy(_ list: UnsafeMutableAudioBufferListPointer, into output: RenderBuffer, frames: Int) {
        for channel in 0..<min(list.count, output.channelCount) {
            guard let data = list[channel].mData else { continue }
            let available = Int(list[channel].mDataByteSize) / MemoryLayout<Float>.size
            if available < frames, manualInput != nil { inputWasShort = true }
            output.channels[channel].update(from: data.assumingMemoryBound(to: Float.self), count: min(available, frames))
        }
    }
}
