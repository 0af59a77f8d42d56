import Foundation
import MediaServer

/// Speech as buffers instead of sound, and Personal Voice authorization.
extension AVSpeechSynthesizer {
    /// Frames per buffer `write` delivers (the last audio buffer holds the rest).
    static let writeBufferFrames = 4_096

    /// Synthesizes `utterance` and hands its audio to `bufferCallback` in buffers of the voice's
    /// `audioFileSettings` format (mono, 22 050 Hz), then one buffer of zero length to say it is
    /// complete. The audio is the same as `speak` plays (volume, rate and pitch included). On a
    /// simulated device the callbacks come after `write` returns, at the current simulated
    /// instant; outside one, before it returns.
    public func write(_ utterance: AVSpeechUtterance, toBufferCallback bufferCallback: @escaping AVSpeechSynthesizer.BufferCallback) {
        deliver(utterance, bufferCallback, nil)
    }

    /// As `write(_:toBufferCallback:)`, with the utterance's word markers: before each buffer,
    /// the markers of the words that start in it, their `byteSampleOffset` counted from the
    /// start of the first buffer.
    public func write(_ utterance: AVSpeechUtterance, toBufferCallback bufferCallback: @escaping AVSpeechSynthesizer.BufferCallback,
                    toMarkerCallback markerCallback: @escaping AVSpeechSynthesizer.MarkerCallback) {
        deliver(utterance, bufferCallback, markerCallback)
    }

    private func deliver(_ utterance: AVSpeechUtterance, _ bufferCallback: @escaping BufferCallback, _ markerCallback: MarkerCallback?) {
        let settings = SpeechSimulationSettings.current
        let run = { [self] in
            let speech = utterance.synthesize()
            let format = settings.writeFormat.speechFormat
            var start = 0
            while start < speech.samples.count {
                let end = min(start + Self.writeBufferFrames, speech.samples.count)
                let words = speech.words.filter { $0.frame >= start && ($0.frame < end || (end == speech.samples.count && $0.frame == end)) }
                if let markerCallback, !words.isEmpty {
                    markerCallback(words.map { AVSpeechSynthesisMarker(wordRange: $0.range, atByteSampleOffset: $0.frame * settings.bytesPerFrame) })
                }
                if let buffer = Self.buffer(speech.samples[start..<end], format: format) { bufferCallback(buffer) }
                start = end
            }
            if let last = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 1) { bufferCallback(last) }
        }
        guard let binding else { return run() }
        do {
            try binding.server.schedule("AVSpeechSynthesizer.write", at: binding.server.now) {
                AppContext.run(as: binding) { run() }
            }
        } catch { AppContext.run(as: binding) { run() } }
    }

    /// One buffer of `samples` in `format` (16-bit samples are rounded and clipped).
    private static func buffer(_ samples: ArraySlice<Float>, format: AVAudioFormat) -> AVAudioPCMBuffer? {
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(samples.count)) else { return nil }
        buffer.frameLength = AVAudioFrameCount(samples.count)
        if let data = buffer.int16ChannelData?[0] {
            for (offset, sample) in samples.enumerated() {
                data[offset] = Int16(clamping: Int((Double(sample) * 32_768).rounded()))
            }
        } else if let data = buffer.floatChannelData?[0] {
            for (offset, sample) in samples.enumerated() { data[offset] = sample }
        }
        return buffer
    }

    // MARK: Personal Voice

    /// The app's Personal Voice authorization: `.notDetermined` until it asks.
    public class var personalVoiceAuthorizationStatus: AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus {
        guard let binding = AppContext.current else { return .unsupported }
        return SpeechSettingsBox.of(binding.server).personalVoice[binding.app] ?? .notDetermined
    }

    /// Asks the user to let the app use their Personal Voice; the simulated user answers
    /// `SpeechSimulationSettings.personalVoiceAnswer` (`.denied`: they have none), once — later
    /// requests get the same answer. Outside a simulated device: `.unsupported`.
    public class func requestPersonalVoiceAuthorization(completionHandler handler: @escaping (AVSpeechSynthesizer.PersonalVoiceAuthorizationStatus) -> Void) {
        guard let binding = AppContext.current else { return handler(.unsupported) }
        let box = SpeechSettingsBox.of(binding.server)
        let answer = box.personalVoice[binding.app] ?? box.settings.personalVoiceAnswer
        box.personalVoice[binding.app] = answer
        do {
            try binding.server.schedule("AVSpeechSynthesizer.personalVoice", at: binding.server.now) {
                AppContext.run(as: binding) { handler(answer) }
            }
        } catch { handler(answer) }
    }
}
