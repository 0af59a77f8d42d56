import Foundation
import AVFAudio

/// A game: ambient (mixes with other audio, obeys the silent switch), active whenever it is in
/// the foreground, its soundtrack (secondary audio) muted while another app's primary audio
/// plays — the `silenceSecondaryAudioHint` — and its effects always playing. It pauses in the
/// background and plays again when it becomes active.
///
/// Its sound is an `AVAudioEngine`: the soundtrack (a looping tone at −12 dBFS) and the effects
/// (short blips, `effect` command) are two player nodes on the main mixer. When the hardware
/// format changes the engine stops itself; the game logs `engine-configuration-change` with the
/// new rate and starts it again. After a media-services reset it builds a new engine.
///
/// Mistake: `ignores-secondary-audio-hint` (the soundtrack plays over the user's music).
public final class GameApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .ambient }
    override public class var defaultTone: Int? { 440 }
    public private(set) var soundtrackMuted = false
    private var engine: AVAudioEngine?
    private let soundtrack = AVAudioPlayerNode()
    private let effects = AVAudioPlayerNode()
    private var configurationObserver: NSObjectProtocol?

    /// NotificationCenter.default is the process's: an observer left there outlives the run (and
    /// every later post of the name visits it), so `explore`'s thousands of runs would pile them up.
    deinit { configurationObserver.map(NotificationCenter.default.removeObserver) }

    override public func didLaunch() {
        // At launch the app is already in the foreground: activate as didBecomeActive would.
        play(because: "launch")
        if session.secondaryAudioShouldBeSilencedHint { secondaryAudioHint(begin: true) }
    }

    /// Back in the foreground: play again, and read the hint, since the notification only reaches
    /// foreground apps and the user may have started music meanwhile (2014 talk: "check this
    /// property in applicationDidBecomeActive").
    override public func didBecomeActive() {
        if !isPlaying { play(because: "became-active") }
        secondaryAudioHint(begin: session.secondaryAudioShouldBeSilencedHint)
    }

    /// A game pauses when the user leaves it, and starts again only when it is back in front
    /// (without the audio background mode it may not start playing from the background).
    override public func didEnterBackground() {
        wasPlayingBeforeInterruption = false
        setPlaying(false, because: "background")
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "effect": playEffect()
        default: setPlaying(false, because: "user")
        }
    }

    override public func secondaryAudioHint(begin: Bool) {
        guard !makes("ignores-secondary-audio-hint"), begin != soundtrackMuted else { return }
        soundtrackMuted = begin
        setSoundGain(begin ? 0 : 1)
        log(begin ? "soundtrack-muted" : "soundtrack-unmuted")
    }

    // MARK: The engine

    /// Builds the engine: soundtrack and effects players on the main mixer, the soundtrack
    /// scheduled to loop. Called at launch and again after a media-services reset.
    override public func makeSound() {
        if let engine {
            engine.detach(soundtrack)
            engine.detach(effects)
        }
        configurationObserver.map(NotificationCenter.default.removeObserver)
        let engine = AVAudioEngine()
        self.engine = engine
        let frequency = configuration.tone ?? Self.defaultTone ?? 440
        let music = Self.tone(frequency: Double(frequency), seconds: 1)
        engine.attach(soundtrack)
        engine.attach(effects)
        engine.connect(soundtrack, to: engine.mainMixerNode, format: music.format)
        engine.connect(effects, to: engine.mainMixerNode, format: music.format)
        soundtrack.scheduleBuffer(music, at: nil, options: .loops)
        soundtrack.volume = soundtrackMuted ? 0 : 1
        configurationObserver = NotificationCenter.default.addObserver(
            forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) { [weak self] _ in
            self?.engineConfigurationChanged()
        }
    }

    override public func startSound() -> Bool {
        guard let engine else { return true }
        do { try engine.start() } catch { return false }
        soundtrack.play()
        return true
    }

    override public func stopSound() { engine?.pause() }

    override func setSoundGain(_ gain: Float) { soundtrack.volume = gain }

    /// A short blip on the effects player, cutting the previous one.
    private func playEffect() {
        effects.scheduleBuffer(Self.tone(frequency: 1_760, seconds: 0.1), at: nil, options: .interrupts)
        effects.play()
        log("effect")
    }

    /// The engine stopped itself for a new hardware format: start it again on that format.
    private func engineConfigurationChanged() {
        guard let engine else { return }
        let rate = Int(engine.outputNode.outputFormat(forBus: 0).sampleRate)
        log("engine-configuration-change", ["hz": String(rate)])
        guard isPlaying else { return }
        if (try? engine.start()) != nil { soundtrack.play() } else { log("error", ["call": "start", "code": "refused"]) }
    }

    /// A mono sine at −12 dBFS (the reference apps' level), a whole number of cycles long so it
    /// loops without a click.
    static func tone(frequency: Double, seconds: Double) -> AVAudioPCMBuffer {
        let rate = 48_000.0
        let format = AVAudioFormat(standardFormatWithSampleRate: rate, channels: 1)!
        let frames = AVAudioFrameCount(seconds * rate)
        let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames)!
        buffer.frameLength = frames
        let samples = toneSamples(frequency: frequency, frames: Int(frames), rate: rate)
        buffer.floatChannelData![0].update(from: samples, count: samples.count)
        return buffer
    }

    /// A tone's samples, computed once per process: every game launch (thousands in one
    /// `soundcheck explore`) asks for the same two tones, and 48,000 sines were a visible share of
    /// a launch. The samples are the same either way; each buffer gets its own copy.
    private static func toneSamples(frequency: Double, frames: Int, rate: Double) -> [Float] {
        let key = "\(frequency)/\(frames)"
        toneLock.lock()
        defer { toneLock.unlock() }
        if let samples = tones[key] { return samples }
        let samples = (0..<frames).map { 0.25 * Float(sin(2 * Double.pi * frequency * Double($0) / rate)) }
        tones[key] = samples
        return samples
    }

    private static let toneLock = NSLock()
    nonisolated(unsafe) private static var tones: [String: [Float]] = [:]
}
