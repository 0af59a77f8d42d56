@_spi(Soundcheck) import AudioToolbox
import Foundation

/// `AVMIDIPlayer`: plays a MIDI file through an instrument of its own to the device's output.
///
/// Underneath, as on Apple platforms, it is an engine of its own with one AUSampler
/// (`AVAudioUnitSampler`) fed by an `AVAudioSequencer`. The sound bank: with none, the sampler's
/// default instrument (a sine tone per note, as `AVAudioUnitSampler` documents); with a bank URL,
/// what `AVAudioUnitSampler.loadInstrument(at:)` loads: an audio file becomes the instrument,
/// SoundFont and DLS banks are not simulated and throw `kAudioUnitErr_UnknownFileType` (−10870).
/// The player stops by itself when the position reaches `duration` and then calls the
/// completion handler, after the render pass that reached it. Its engine keeps running (silent)
/// until `stop()`: the end is found inside the device's IO cycle, where the engine's I/O cannot
/// be stopped.
open class AVMIDIPlayer: NSObject, @unchecked Sendable {
    private let engine = AVAudioEngine()
    private let sampler = AVAudioUnitSampler()
    private let sequencer: AVAudioSequencer
    private var completion: AVMIDIPlayerCompletionHandler?

    public convenience init(contentsOf inURL: URL, soundBankURL bankURL: URL?) throws {
        guard let data = FileManager.default.contents(atPath: inURL.path) else {
            throw AVAudioSequencer.error(kAudioFileFileNotFoundError, "\(inURL.path): no such file")
        }
        try self.init(data: data, soundBankURL: bankURL)
    }

    public init(data: Data, soundBankURL bankURL: URL?) throws {
        sequencer = AVAudioSequencer(audioEngine: engine)
        super.init()
        engine.attach(sampler)
        engine.connect(sampler, to: engine.mainMixerNode, format: nil)
        if let bankURL { try sampler.loadInstrument(at: bankURL) }
        try sequencer.load(from: data)
        engine.afterDelivery.append { [weak self] in self?.checkEnd() }
    }

    /// The length of the longest track, in seconds by the file's tempo map.
    public var duration: TimeInterval { sequencer.seconds(forBeats: sequencer.model.length) }

    public var isPlaying: Bool { sequencer.isPlaying }

    public var rate: Float {
        get { sequencer.rate }
        set { sequencer.rate = newValue }
    }

    /// Seconds from the start of the file.
    public var currentPosition: TimeInterval {
        get { sequencer.currentPositionInSeconds }
        set { sequencer.currentPositionInSeconds = min(max(0, newValue), duration) }
    }

    public func prepareToPlay() {
        engine.prepare()
        sequencer.prepareToPlay()
    }

    /// Starts the player's engine (through the app's audio session, whose errors end the call
    /// silently, as Apple's void method has no way to report them) and plays from the current
    /// position; `completionHandler` is called when it reaches the end.
    public func play(_ completionHandler: AVMIDIPlayerCompletionHandler? = nil) {
        completion = completionHandler
        if currentPosition >= duration { currentPosition = 0 }
        do {
            try engine.start()
            try sequencer.start()
        } catch {
            AVAudioEngine.recordException("AVMIDIPlayer.play: \(error.localizedDescription)", binding: engine.binding)
        }
    }

    /// Stops where it is; the completion handler is not called.
    public func stop() {
        sequencer.stop()
        engine.pause()
        completion = nil
    }

    private func checkEnd() {
        guard sequencer.isPlaying, sequencer.currentPositionInBeats >= sequencer.model.length else { return }
        sequencer.stop()
        sequencer.currentPositionInBeats = sequencer.model.length
        let handler = completion
        completion = nil
        handler?()
    }
}
