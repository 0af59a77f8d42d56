import Foundation
import AVFAudio

/// A synthesizer whose voice is an `AVAudioSourceNode`: its render block makes a sine (−12 dBFS,
/// the app's `tone:`) sample by sample, on the device's IO cycle, at whatever rate the output
/// runs. `play` starts the engine, `stop` stops it and logs `render-calls` (how many times the
/// block ran: once per IO buffer while running). On a hardware format change it logs
/// `engine-configuration-change` with the new rate and, if it was playing, starts again, its
/// block now rendering at the new rate.
public final class EngineSynthApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultTone: Int? { 660 }
    private var engine: AVAudioEngine?
    private var voice: AVAudioSourceNode?
    private var configurationObserver: NSObjectProtocol?
    /// Render state, touched only by the render block.
    private var phase = 0.0
    private var renderCalls = 0

    /// NotificationCenter.default is the process's: an observer left there outlives the run (and
    /// every later post of the name visits it), so `explore`'s thousands of runs would pile them up.
    deinit { configurationObserver.map(NotificationCenter.default.removeObserver) }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func makeSound() {
        configurationObserver.map(NotificationCenter.default.removeObserver)
        let engine = AVAudioEngine()
        let frequency = Double(configuration.tone ?? Self.defaultTone ?? 660)
        let voice = AVAudioSourceNode { [unowned self] isSilence, _, frameCount, list in
            let buffers = UnsafeMutableAudioBufferListPointer(list)
            let rate = self.voice?.outputFormat(forBus: 0).sampleRate ?? 48_000
            let step = frequency / rate
            // The phase in a local: each read of `self.phase` through the unowned reference is a
            // retain and release on the slow path (the app has weak references), per sample.
            var phase = self.phase
            for frame in 0..<Int(frameCount) {
                let sample = Float(0.25 * sin(2 * Double.pi * phase))
                for buffer in 0..<buffers.count { buffers[buffer].mData!.assumingMemoryBound(to: Float.self)[frame] = sample }
                phase += step
                if phase >= 1 { phase -= 1 }
            }
            self.phase = phase
            isSilence.pointee = false
            self.renderCalls += 1
            return 0
        }
        engine.attach(voice)
        let hardware = engine.outputNode.outputFormat(forBus: 0)
        engine.connect(voice, to: engine.mainMixerNode,
                       format: AVAudioFormat(standardFormatWithSampleRate: hardware.sampleRate, channels: 1))
        self.engine = engine
        self.voice = voice
        configurationObserver = NotificationCenter.default.addObserver(
            forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) { [weak self] _ in
            self?.configurationChanged()
        }
    }

    override public func startSound() -> Bool {
        guard let engine else { return true }
        renderCalls = 0
        return (try? engine.start()) != nil
    }

    override public func stopSound() {
        engine?.stop()
        log("render-calls", ["count": String(renderCalls)])
    }

    /// The engine stopped for a new hardware format: the voice follows the new rate.
    private func configurationChanged() {
        guard let engine, let voice else { return }
        let hardware = engine.outputNode.outputFormat(forBus: 0)
        log("engine-configuration-change", ["hz": String(Int(hardware.sampleRate))])
        engine.connect(voice, to: engine.mainMixerNode,
                       format: AVAudioFormat(standardFormatWithSampleRate: hardware.sampleRate, channels: 1))
        guard isPlaying else { return }
        if (try? engine.start()) == nil { log("error", ["call": "start", "code": "refused"]) }
    }
}
