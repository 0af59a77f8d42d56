// A game's audio engine, written only against Apple's AVFAudio API: a looping soundtrack through
// an EQ and a reverb, sound effects on a second player, a meter tap on the main mixer, and a
// restart when the hardware configuration changes. The same file compiles on iOS.
import AVFAudio
import Foundation

final class GameAudioEngine: @unchecked Sendable {
    let engine = AVAudioEngine()
    let soundtrack = AVAudioPlayerNode()
    let effects = AVAudioPlayerNode()
    let equalizer = AVAudioUnitEQ(numberOfBands: 1)
    let reverb = AVAudioUnitReverb()
    private(set) var meterPeaks: [Float] = []
    private(set) var meterTimes: [AVAudioFramePosition] = []
    private(set) var configurationChanges = 0
    private(set) var effectsFinished = 0
    private var observer: NSObjectProtocol?

    init(music: AVAudioPCMBuffer) {
        engine.attach(soundtrack)
        engine.attach(effects)
        engine.attach(equalizer)
        engine.attach(reverb)
        engine.connect(soundtrack, to: equalizer, format: music.format)
        engine.connect(equalizer, to: reverb, format: music.format)
        engine.connect(reverb, to: engine.mainMixerNode, format: music.format)
        engine.connect(effects, to: engine.mainMixerNode, format: music.format)

        let rumble = equalizer.bands[0]
        rumble.filterType = .highPass
        rumble.frequency = 80
        rumble.bypass = false
        reverb.loadFactoryPreset(.largeHall)
        reverb.wetDryMix = 30
        soundtrack.scheduleBuffer(music, at: nil, options: .loops)

        engine.mainMixerNode.installTap(onBus: 0, bufferSize: 4096, format: nil) { [weak self] buffer, when in
            guard let self, let samples = buffer.floatChannelData else { return }
            var peak: Float = 0
            for frame in 0..<Int(buffer.frameLength) { peak = max(peak, abs(samples[0][frame])) }
            self.meterPeaks.append(peak)
            self.meterTimes.append(when.sampleTime)
        }
        observer = NotificationCenter.default.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine,
                                                          queue: nil) { [weak self] _ in
            self?.restartAfterConfigurationChange()
        }
    }

    deinit { observer.map(NotificationCenter.default.removeObserver) }

    func start() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.ambient)
        try session.setActive(true)
        try engine.start()
        soundtrack.play()
    }

    func play(effect: AVAudioPCMBuffer) {
        effects.scheduleBuffer(effect, at: nil, options: .interrupts) { [weak self] in
            self?.effectsFinished += 1
        }
        effects.play()
    }

    var outputSampleRate: Double { engine.outputNode.outputFormat(forBus: 0).sampleRate }
    var isRunning: Bool { engine.isRunning }

    /// The engine stopped itself because the hardware changed: start it again on the new format.
    private func restartAfterConfigurationChange() {
        configurationChanges += 1
        do {
            try engine.start()
            soundtrack.play()
        } catch {
            print("could not restart the engine: \(error)")
        }
    }
}
