import AudioGraph
import Foundation
import MediaServer
import SimCore

/// prepare, record, pause, stop: stretches of IO frames read from the app's input tap.
extension AVAudioRecorder {
    /// Creates (or overwrites) the file. False for a zombie or when the file cannot be created.
    @discardableResult
    public func prepareToRecord() -> Bool {
        guard !isZombie else { return false }
        if file != nil { return true }
        do { file = try AVAudioFile(forWriting: url, settings: settings) } catch { return false }
        return true
    }

    @discardableResult
    public func record() -> Bool { start(at: nil, duration: nil) }

    /// Starts at `time` on the `deviceCurrentTime` clock.
    @discardableResult
    public func record(atTime time: TimeInterval) -> Bool { start(at: time, duration: nil) }

    /// Records for `duration` seconds, then stops by itself at that exact frame.
    @discardableResult
    public func record(forDuration duration: TimeInterval) -> Bool { start(at: nil, duration: duration) }

    @discardableResult
    public func record(atTime time: TimeInterval, forDuration duration: TimeInterval) -> Bool {
        start(at: time, duration: duration)
    }

    public var isRecording: Bool {
        !isZombie && (stretches.last.map { $0.end == nil } ?? false || generation == pendingGeneration)
    }

    /// Stops reading input; the file stays open and `record()` continues it.
    public func pause() {
        guard let binding, isRecording else { return }
        closeStretch(binding)
    }

    /// Stops recording and closes the file once its last frame has been rendered (the end of
    /// the IO cycle holding this instant); the delegate hears `didFinishRecording` then.
    public func stop() {
        guard let binding, !isZombie else { return }
        if isRecording { closeStretch(binding) }
        guard file != nil else { return }
        finalize(binding, frames: stretches)
        stretches = []
    }

    /// Removes the file; the recorder must be stopped.
    @discardableResult
    public func deleteRecording() -> Bool {
        guard !isRecording, file == nil else { return false }
        return (try? FileManager.default.removeItem(at: url)) != nil
    }

    // MARK: Stretches

    private func start(at time: TimeInterval?, duration: TimeInterval?) -> Bool {
        guard let binding, !isZombie, !isRecording else { return false }
        let server = binding.server
        let configuration = server.configuration(of: binding.app)
        guard configuration.allowsInput, server.isActive(binding.app), prepareToRecord() else { return false }
        do { try AppIOUsers.of(binding).start(binding) } catch { return false }
        generation += 1
        let expected = generation
        let begin = { [weak self] in
            guard let self, self.generation == expected, !self.isZombie else { return }
            self.pendingGeneration = -1
            self.beginStretch(binding, duration: duration)
        }
        if let time, HostTime(nanoseconds: Int64((time * 1e9).rounded(.up))) > server.now {
            pendingGeneration = expected
            try? server.schedule("AVAudioRecorder.recordAtTime", at: HostTime(nanoseconds: Int64((time * 1e9).rounded(.up))), begin)
        } else {
            begin()
        }
        return true
    }

    private func beginStretch(_ binding: AppBinding, duration: TimeInterval?) {
        let server = binding.server
        let assignment = assignments?.first.map { ChannelAssignment(portUID: $0.owningPortUID, channelNumber: $0.channelNumber) }
        server.startInput(app: binding.app, assignment: assignment)
        let startFrame = server.ioFrameNow
        stretches.append((startFrame, nil))
        guard let duration, let rate = server.ioSampleRate?.hertz else { return }
        let endFrame = startFrame + Int64((max(0, duration) * rate).rounded())
        guard let endTime = server.hostTime(ofIOFrame: endFrame) else { return }
        let expected = generation
        try? server.schedule("AVAudioRecorder.durationElapsed", at: endTime) { [weak self] in
            guard let self, self.generation == expected, !self.isZombie else { return }
            AppContext.run(as: binding) { self.stop() }
        }
    }

    private func closeStretch(_ binding: AppBinding) {
        generation += 1
        pendingGeneration = -1
        if let last = stretches.indices.last, stretches[last].end == nil {
            // The tap keeps reading until the file is written: the cycle holding this frame is
            // rendered later, and only a running reader's tap receives it.
            stretches[last].end = binding.server.ioFrameNow
        }
        AppIOUsers.of(binding).stop(binding)
    }

    /// mediaserverd died: recording ends where it was, without a finish callback.
    func mediaServicesLost() {
        generation += 1
        pendingGeneration = -1
        if let last = stretches.indices.last, stretches[last].end == nil, let binding {
            stretches[last].end = binding.server.ioFrameNow
        }
    }
}
