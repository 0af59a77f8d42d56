import AudioGraph
import Foundation
import MediaServer
import SimCore

/// play, pause, stop, seek: each stretch of playback is one server voice whose start frame is
/// known, so the playhead is computed from the IO clock and the end is scheduled on its frame.
extension AVAudioPlayer {
    /// Readies the player (done automatically by `play`); locks `enableRate`. False for a zombie.
    @discardableResult
    public func prepareToPlay() -> Bool {
        guard !isZombie else { return false }
        prepared = true
        rateLocked = true
        return true
    }

    /// Starts (or resumes from the playhead) now. False when the policy refuses to start I/O
    /// (e.g. from the background) or the player is a zombie.
    @discardableResult
    public func play() -> Bool { start(at: nil) }

    /// Starts at `time` on the `deviceCurrentTime` clock: players given the same time start on
    /// the same IO frame. A time not in the future starts now.
    @discardableResult
    public func play(atTime time: TimeInterval) -> Bool { start(at: time) }

    /// Stops playing; the playhead stays and the player stays prepared.
    public func pause() { halt() }

    /// Stops playing; the playhead stays (like a tape deck) but the player is no longer prepared.
    public func stop() {
        halt()
        prepared = false
        rateLocked = false
    }

    public var isPlaying: Bool { !isZombie && (run != nil || startPending) }

    /// While playing: the playhead's offset into the file (within the current pass when looping);
    /// otherwise where play will start. Setting it seeks, at the frame playing now.
    public var currentTime: TimeInterval {
        get { Double(position) / audio.sampleRate }
        set {
            let frame = Int64((max(0, newValue) * audio.sampleRate).rounded(.down))
            playhead = min(frame, Int64(audio.frameCount))
            if run != nil { restart(from: playhead) }
        }
    }

    var startPending: Bool { generation == pendingGeneration }

    /// The file frame playing now.
    var position: Int64 {
        guard let run, let binding else { return playhead }
        let elapsed = binding.server.ioFrames(from: run.startFrame, to: binding.server.ioFrameNow, atRate: run.playbackRate)
        let frames = Int64(audio.frameCount)
        let position = run.startPlayhead + elapsed
        if loops == 0 || frames == 0 { return min(position, frames) }
        return position % frames
    }

    // MARK: Runs

    private func start(at time: TimeInterval?) -> Bool {
        guard let binding, !isZombie else { return false }
        if isPlaying { return true }
        do { try AppIOUsers.of(binding).start(binding) } catch { return false }
        prepared = true
        rateLocked = true
        if playhead >= Int64(audio.frameCount) { playhead = 0 }
        generation += 1
        let hostTime = time.map { HostTime(nanoseconds: Int64(($0 * 1e9).rounded(.up))) }
        guard let hostTime, hostTime > binding.server.now else {
            beginVoice()
            return true
        }
        let expected = generation
        pendingGeneration = expected
        try? binding.server.schedule("AVAudioPlayer.playAtTime", at: hostTime) { [weak self] in
            guard let self, self.generation == expected, !self.isZombie else { return }
            self.pendingGeneration = -1
            self.beginVoice()
        }
        return true
    }

    /// Adds the voice for the current playhead, loops and rate, starting at the frame playing now,
    /// and schedules its end (unless it loops forever).
    private func beginVoice() {
        guard let binding else { return }
        let server = binding.server
        let frames = audio.frameCount
        let from = Int(min(playhead, Int64(frames)))
        let fileRate = Int64(audio.sampleRate.rounded())
        let playbackRate = enableRate ? max(1, Int64((audio.sampleRate * Double(rateValue)).rounded())) : fileRate
        // Played once from the playhead the segment is the tail of the file; looping, it is the
        // file rotated to start at the playhead, so the voice's own wrap-around continues the loop.
        let channels = audio.channels.map { channel in
            loops == 0 ? Array(channel[from...]) : Array(channel[from...] + channel[..<from])
        }
        let buffer = PCMBuffer(sampleRate: SampleRate(framesPerSecond: playbackRate), channels: channels)
        let assignments = self.assignments?.map { ChannelAssignment(portUID: $0.owningPortUID, channelNumber: $0.channelNumber) }
        let voice = server.addVoice(app: binding.app, source: .buffer(buffer, looping: loops != 0),
                                    assignments: assignments, gain: volumeValue, pan: panValue)
        self.voice = voice
        let ioRate = server.ioSampleRate?.integralHertz ?? playbackRate
        let startFrame = server.ioFrameNow
        var endFrame: Int64?
        if loops >= 0 {
            let fileFrames = Int64(frames - from) + Int64(loops) * Int64(frames)
            endFrame = startFrame + (fileFrames * ioRate + playbackRate - 1) / playbackRate
        }
        run = PlaybackRun(startFrame: startFrame, startPlayhead: Int64(from), playbackRate: playbackRate,
                          ioRate: ioRate, endFrame: endFrame)
        guard let endFrame, let endTime = server.hostTime(ofIOFrame: endFrame) else { return }
        let expected = generation
        try? server.schedule("AVAudioPlayer.finish", at: endTime) { [weak self] in
            guard let self, self.generation == expected, !self.isZombie else { return }
            self.finished()
        }
    }

    /// The last frame has played: free the voice, rewind, tell the delegate in the app's context.
    private func finished() {
        guard let binding else { return }
        endRun(playheadAfter: 0)
        prepared = false
        AppIOUsers.of(binding).stop(binding)
        let error = audio.error
        AppContext.run(as: binding) {
            if let error { delegate?.audioPlayerDecodeErrorDidOccur(self, error: error) }
            delegate?.audioPlayerDidFinishPlaying(self, successfully: error == nil)
        }
    }

    /// Stops the current run (or a pending timed start) keeping the playhead.
    func halt() {
        guard let binding, !isZombie, isPlaying else { return }
        endRun(playheadAfter: position)
        AppIOUsers.of(binding).stop(binding)
    }

    private func endRun(playheadAfter frame: Int64) {
        if let voice, let binding { binding.server.removeVoice(voice) }
        playhead = frame
        voice = nil
        run = nil
        pendingGeneration = -1
        generation += 1
    }

    /// A property that shapes the voice changed while playing: continue from the frame playing
    /// now with a new voice.
    func restartIfPlaying() {
        guard run != nil, !isZombie else { return }
        restart(from: position)
    }

    private func restart(from frame: Int64) {
        endRun(playheadAfter: frame)
        beginVoice()
    }

    func interrupted() { halt() }

    /// mediaserverd died: its voices are gone; the player is silent, and a zombie after the reset.
    func mediaServicesLost() {
        if let voice, let binding { binding.server.removeVoice(voice) }
        voice = nil
        run = nil
        pendingGeneration = -1
        generation += 1
    }
}
