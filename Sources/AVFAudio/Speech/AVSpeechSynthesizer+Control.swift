import Foundation
import MediaServer

/// Pause, continue and stop, at once or at the end of the word being spoken, and what an
/// interruption or a media-services loss does to speech.
extension AVSpeechSynthesizer {
    /// Pauses speech: `.immediate` at the sample playing now, `.word` when the word being spoken
    /// ends. False when nothing is being spoken or speech is already paused. A pause in a delay
    /// between utterances holds the queue without telling the delegate (Apple: no didPause then).
    public func pauseSpeaking(at boundary: AVSpeechBoundary) -> Bool {
        guard let run = current, !isPaused else { return false }
        switch run.phase {
        case .speaking:
            if boundary == .word {
                pendingBoundaryAction = .pause
            } else {
                pauseAudio(at: playedFrame)
            }
        case .preDelay: pauseInDelay(resume: .preDelay)
        case .postDelay: pauseInDelay(resume: .postDelay)
        case .paused: return false
        }
        return true
    }

    /// Resumes paused speech where it paused (for a `.word` pause, at the start of the next word).
    /// False when speech is not paused, or the session cannot start again (still interrupted).
    public func continueSpeaking() -> Bool {
        guard let run = current, case let .paused(frame, resume) = run.phase, holdSession() else { return false }
        pausedByInterruption = false
        generation += 1
        switch resume {
        case .audio:
            tell { $0.speechSynthesizer(self, didContinue: run.utterance) }
            if case .paused? = current?.phase { playAudio(from: frame) }
        case .preDelay:
            playAudio(from: 0)
        case .postDelay:
            startNext()
        }
        return true
    }

    /// Stops speech and empties the queue: `.immediate` now, `.word` when the word being spoken
    /// ends. The utterance being spoken gets didCancel. False when there is nothing to stop.
    public func stopSpeaking(at boundary: AVSpeechBoundary) -> Bool {
        guard let run = current else { return false }
        if boundary == .word, case .speaking = run.phase {
            pendingBoundaryAction = .stop
            return true
        }
        if case .postDelay = run.phase {
            // The utterance has finished (didFinish came): only the queue goes.
            queue.removeAll()
            current = nil
            generation += 1
            releaseSession()
            return true
        }
        cancel()
        return true
    }

    /// Removes the voice at speech frame `frame` and pauses there (didPause).
    func pauseAudio(at frame: Int) {
        guard var run = current else { return }
        if let voice = run.voice, let binding { binding.server.removeVoice(voice) }
        run.voice = nil
        // `nextWord` stays: the words the delegate heard are not announced again after continuing.
        run.phase = .paused(at: frame, resume: .audio)
        current = run
        generation += 1
        pendingBoundaryAction = nil
        releaseSession()
        tell { $0.speechSynthesizer(self, didPause: run.utterance) }
    }

    private func pauseInDelay(resume: SpeechRun.ResumePoint) {
        guard var run = current else { return }
        run.phase = .paused(at: 0, resume: resume)
        current = run
        generation += 1
        releaseSession()
    }

    /// Stops the current utterance now (didCancel) and forgets the queue.
    func cancel() {
        guard let run = current else { return }
        if let voice = run.voice, let binding { binding.server.removeVoice(voice) }
        queue.removeAll()
        current = nil
        pendingBoundaryAction = nil
        pausedByInterruption = false
        generation += 1
        releaseSession()
        tell { $0.speechSynthesizer(self, didCancel: run.utterance) }
    }

    /// An interruption took the session: the audio stops at the sample it reached.
    func interruptionBegan(response: SpeechSimulationSettings.InterruptionResponse) {
        guard let run = current else { return }
        switch (response, run.phase) {
        case (_, .paused): return
        case (.stop, _): cancel()
        case (.pause, .speaking): pauseAudio(at: playedFrame)
        case (.pause, .preDelay): pauseInDelay(resume: .preDelay)
        case (.pause, .postDelay): pauseInDelay(resume: .postDelay)
        }
    }

    /// mediaserverd died and took the voices with it: speech ends silently (no callbacks, as
    /// the process that would send them is gone); the synthesizer speaks again after the reset.
    func mediaServicesLost() {
        queue.removeAll()
        current = nil
        pendingBoundaryAction = nil
        pausedByInterruption = false
        heldSession = nil
        generation += 1
    }
}
