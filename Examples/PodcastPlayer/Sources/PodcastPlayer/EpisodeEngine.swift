import AVFoundation

/// Plays an episode file through an engine: a player node into a time-pitch unit into the main
/// mixer, so a faster rate shortens the episode without raising the voices.
final class EpisodeEngine {
    private let engine = AVAudioEngine()
    private let player = AVAudioPlayerNode()
    private let timePitch = AVAudioUnitTimePitch()
    private var file: AVAudioFile?
    /// Where in the file the current schedule started, in frames: the player's own time counts
    /// from the last `play()` after a seek.
    private var startFrame: AVAudioFramePosition = 0

    init(rate: Float) {
        timePitch.rate = rate
        engine.attach(player)
        engine.attach(timePitch)
    }

    var rate: Float {
        get { timePitch.rate }
        set { timePitch.rate = newValue }
    }

    func load(_ url: URL) throws {
        let file = try AVAudioFile(forReading: url)
        self.file = file
        engine.connect(player, to: timePitch, format: file.processingFormat)
        engine.connect(timePitch, to: engine.mainMixerNode, format: file.processingFormat)
        schedule(from: 0)
    }

    func play() throws {
        if !engine.isRunning { try engine.start() }
        player.play()
    }

    func pause() {
        player.pause()
        engine.pause()
    }

    /// Seconds into the file, from what the player has rendered.
    var position: TimeInterval {
        guard let file, let nodeTime = player.lastRenderTime, let playerTime = player.playerTime(forNodeTime: nodeTime) else {
            return file.map { Double(startFrame) / $0.processingFormat.sampleRate } ?? 0
        }
        return Double(startFrame + playerTime.sampleTime) / file.processingFormat.sampleRate
    }

    func seek(to seconds: TimeInterval) throws {
        guard let file else { return }
        let wasPlaying = player.isPlaying
        player.stop()
        schedule(from: min(AVAudioFramePosition(seconds * file.processingFormat.sampleRate), file.length))
        if wasPlaying { try play() }
    }

    private func schedule(from frame: AVAudioFramePosition) {
        guard let file else { return }
        startFrame = frame
        let remaining = AVAudioFrameCount(max(0, file.length - frame))
        guard remaining > 0 else { return }
        player.scheduleSegment(file, startingFrame: frame, frameCount: remaining, at: nil)
    }
}
