import AudioGraph
import Foundation
import MediaServer
import SimCore

/// The queue and the transport: each utterance is pre-delay → audio (a buffer voice, its word
/// and end events chained on their IO frames) → post-delay → the next one.
extension AVSpeechSynthesizer {
    /// Starts the next utterance, or lets the session go when the queue is empty.
    func startNext() {
        guard !queue.isEmpty else {
            current = nil
            releaseSession()
            return
        }
        let utterance = queue.removeFirst()
        guard holdSession() else {
            // The policy refused to start (e.g. from the background): the whole queue is cancelled.
            queue.removeAll()
            tell { $0.speechSynthesizer(self, didCancel: utterance) }
            return
        }
        current = SpeechRun(utterance: utterance, speech: utterance.synthesize())
        generation += 1
        after(utterance.preUtteranceDelay, "AVSpeechSynthesizer.preUtteranceDelay") { $0.playAudio(from: 0) }
    }

    /// Plays the current utterance's audio from speech frame `frame` as a new voice.
    func playAudio(from frame: Int) {
        guard let binding, let session = heldSession, var run = current else { return }
        let server = binding.server
        let samples = Array(run.speech.samples[min(frame, run.speech.samples.count)...])
        let rate = SampleRate(framesPerSecond: Int64(SynthesizedSpeech.sampleRate))
        let assignments = outputChannels?.prefix(1).map { ChannelAssignment(portUID: $0.owningPortUID, channelNumber: $0.channelNumber) }
        run.voice = server.addVoice(app: session.app, source: .buffer(PCMBuffer(sampleRate: rate, channels: [samples]), looping: false),
                                    assignments: assignments)
        run.phase = .speaking(startFrame: server.ioFrameNow, from: frame)
        let firstStart = !run.started
        run.started = true
        current = run
        generation += 1
        if firstStart { tell { $0.speechSynthesizer(self, didStart: run.utterance) } }
        scheduleNextEvent()
    }

    /// Schedules the next word (or the end) of the audio playing now, on the IO frame it plays.
    func scheduleNextEvent() {
        guard let binding, let run = current, case let .speaking(startFrame, from) = run.phase else { return }
        let server = binding.server
        let words = run.speech.words
        let isWord = run.nextWord < words.count
        let target = isWord ? max(from, words[run.nextWord].frame) : run.speech.samples.count
        let ioRate = server.ioSampleRate?.integralHertz ?? Int64(SynthesizedSpeech.sampleRate)
        let speechRate = Int64(SynthesizedSpeech.sampleRate)
        let ioFrame = startFrame + (Int64(target - from) * ioRate + speechRate - 1) / speechRate
        let expected = generation
        let event = { [weak self] in
            guard let self, self.generation == expected else { return }
            isWord ? self.wordReached() : self.audioEnded()
        }
        guard ioFrame > server.ioFrameNow, let time = server.hostTime(ofIOFrame: ioFrame) else { return event() }
        do { try server.schedule(isWord ? "AVSpeechSynthesizer.word" : "AVSpeechSynthesizer.end", at: time, event) } catch { event() }
    }

    /// The next word's sound starts now: a pending `.word` pause or stop happens here, before
    /// it; otherwise the delegate hears its range.
    private func wordReached() {
        guard var run = current, case let .speaking(_, from) = run.phase else { return }
        let word = run.speech.words[run.nextWord]
        if let action = pendingBoundaryAction, word.frame > from {
            pendingBoundaryAction = nil
            return action == .pause ? pauseAudio(at: word.frame) : cancel()
        }
        run.nextWord += 1
        current = run
        let marker = AVSpeechSynthesisMarker(wordRange: word.range, atByteSampleOffset: word.frame * SpeechSimulationSettings.current.bytesPerFrame)
        let expected = generation
        tell {
            $0.speechSynthesizer(self, willSpeakRangeOfSpeechString: word.range, utterance: run.utterance)
            $0.speechSynthesizer(self, willSpeak: marker, utterance: run.utterance)
        }
        // Unless the delegate paused or stopped speech from its callback.
        if generation == expected { scheduleNextEvent() }
    }

    /// The last sample has played: didFinish, then the post-utterance delay, then the next one.
    private func audioEnded() {
        guard var run = current else { return }
        if let action = pendingBoundaryAction {
            pendingBoundaryAction = nil
            return action == .pause ? pauseAudio(at: run.speech.samples.count) : cancel()
        }
        if let voice = run.voice, let binding { binding.server.removeVoice(voice) }
        run.voice = nil
        run.phase = .postDelay
        current = run
        generation += 1
        let expected = generation
        tell { $0.speechSynthesizer(self, didFinish: run.utterance) }
        guard generation == expected else { return }
        after(run.utterance.postUtteranceDelay, "AVSpeechSynthesizer.postUtteranceDelay") { $0.startNext() }
    }

    /// Runs `body` after `seconds` of simulated time (at once when zero), unless the transport changes first.
    func after(_ seconds: TimeInterval, _ label: String, _ body: @escaping (AVSpeechSynthesizer) -> Void) {
        guard let binding, seconds > 0 else { return body(self) }
        let expected = generation
        let time = binding.server.now + HostDuration(nanoseconds: Int64((seconds * 1e9).rounded()))
        do {
            try binding.server.schedule(label, at: time) { [weak self] in
                guard let self, self.generation == expected else { return }
                body(self)
            }
        } catch { body(self) }
    }

    /// The speech frame the voice playing now has reached.
    var playedFrame: Int {
        guard let binding, let run = current, case let .speaking(startFrame, from) = run.phase else { return 0 }
        let elapsed = binding.server.ioFrames(from: startFrame, to: binding.server.ioFrameNow, atRate: Int64(SynthesizedSpeech.sampleRate))
        return min(run.speech.samples.count, from + Int(elapsed))
    }
}
