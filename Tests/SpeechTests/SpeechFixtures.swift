@_spi(Soundcheck) import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck

/// A delegate that writes down every call with the simulated time it came at.
final class SpeechLog: NSObject, AVSpeechSynthesizerDelegate, @unchecked Sendable {
    enum Kind: Equatable { case start, word, marker, pause, resume, cancel, finish }
    struct Entry: Equatable {
        var kind: Kind
        var time: HostTime
        var text: String
        var range: NSRange?
    }

    let device: SimulatedDevice
    private(set) var entries: [Entry] = []
    /// Called after each entry is written (a test's reaction: pause at the second word …).
    var onEntry: ((Entry, AVSpeechSynthesizer) -> Void)?

    init(_ device: SimulatedDevice) { self.device = device }

    private func add(_ kind: Kind, _ synthesizer: AVSpeechSynthesizer, _ utterance: AVSpeechUtterance, _ range: NSRange? = nil) {
        let entry = Entry(kind: kind, time: device.now, text: utterance.speechString, range: range)
        entries.append(entry)
        onEntry?(entry, synthesizer)
    }

    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didStart utterance: AVSpeechUtterance) { add(.start, synthesizer, utterance) }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didFinish utterance: AVSpeechUtterance) { add(.finish, synthesizer, utterance) }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didPause utterance: AVSpeechUtterance) { add(.pause, synthesizer, utterance) }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didContinue utterance: AVSpeechUtterance) { add(.resume, synthesizer, utterance) }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, didCancel utterance: AVSpeechUtterance) { add(.cancel, synthesizer, utterance) }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, willSpeakRangeOfSpeechString characterRange: NSRange,
                           utterance: AVSpeechUtterance) {
        add(.word, synthesizer, utterance, characterRange)
    }
    func speechSynthesizer(_ synthesizer: AVSpeechSynthesizer, willSpeak marker: AVSpeechSynthesisMarker, utterance: AVSpeechUtterance) {
        add(.marker, synthesizer, utterance, marker.textRange)
    }

    func times(_ kind: Kind) -> [HostTime] { entries.filter { $0.kind == kind }.map(\.time) }
    func first(_ kind: Kind) -> HostTime? { times(kind).first }
    /// The words the delegate was told about, as text.
    var words: [String] {
        entries.filter { $0.kind == .word }.compactMap { entry in entry.range.map { (entry.text as NSString).substring(with: $0) } }
    }
    var kinds: [Kind] { entries.map(\.kind).filter { $0 != .word && $0 != .marker } }
}

/// A device with one foreground app, "Reader", whose session is left inactive, and its synthesizer.
struct SpeechStage {
    let device: SimulatedDevice
    let synthesizer: AVSpeechSynthesizer
    let log: SpeechLog

    init(seed: UInt64 = 7, backgroundAudio: Bool = true, configure: (AVSpeechSynthesizer) -> Void = { _ in }) throws {
        device = try SimulatedDevice(seed: seed)
        let synthesizer = try device.launch("Reader", backgroundAudio: backgroundAudio) { AVSpeechSynthesizer() }
        self.synthesizer = synthesizer
        log = SpeechLog(device)
        synthesizer.delegate = log
        configure(synthesizer)
    }

    func speak(_ text: String, _ configure: (AVSpeechUtterance) -> Void = { _ in }) {
        device.run(as: "Reader") {
            let utterance = AVSpeechUtterance(string: text)
            configure(utterance)
            synthesizer.speak(utterance)
        }
    }

    /// Seconds from didStart to didFinish of the first utterance.
    var spokenSeconds: Double? {
        guard let start = log.first(.start), let end = log.first(.finish) else { return nil }
        return Double((end - start).nanoseconds) / 1e9
    }

    func speaker(_ from: HostTime, _ to: HostTime) throws -> PortAudio {
        try device.audio(at: .builtInSpeaker, from: from, to: to)
    }
}

enum SpeechSignal {
    /// The median fundamental frequency of the voiced parts of `samples` (normalised
    /// autocorrelation over 20 ms windows, 60–500 Hz, windows correlating above 0.8).
    static func medianPitch(_ samples: [Float], rate: Double) -> Double? {
        // Above 24 kHz, halve the rate first (pairs averaged): the pitch is far below, and the
        // search costs a quarter.
        if rate > 24_000 {
            let halved = stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0] + samples[$0 + 1]) / 2 }
            return medianPitch(halved, rate: rate / 2)
        }
        let window = Int(rate * 0.02)
        let minLag = Int(rate / 500), maxLag = Int(rate / 60)
        var pitches: [Double] = []
        var start = 0
        while start + window + maxLag < samples.count {
            var best = (lag: 0, score: 0.0)
            for lag in minLag...maxLag {
                var cross = 0.0, a = 0.0, b = 0.0
                for index in start..<(start + window) {
                    let x = Double(samples[index]), y = Double(samples[index + lag])
                    cross += x * y
                    a += x * x
                    b += y * y
                }
                let score = cross / ((a * b).squareRoot() + 1e-12)
                if score > best.score { best = (lag, score) }
            }
            if best.score > 0.8, meanSquare(samples, start, window) > 1e-4 { pitches.append(rate / Double(best.lag)) }
            start += window
        }
        guard !pitches.isEmpty else { return nil }
        return pitches.sorted()[pitches.count / 2]
    }

    /// Mean square of a window (voiced windows only: silence correlates too).
    private static func meanSquare(_ samples: [Float], _ start: Int, _ count: Int) -> Double {
        samples[start..<(start + count)].reduce(0) { $0 + Double($1) * Double($1) } / Double(count)
    }

    /// Every sample `write` delivered, as floats, and the buffers' formats and lengths.
    static func written(_ synthesizer: AVSpeechSynthesizer, _ utterance: AVSpeechUtterance) -> (samples: [Float], buffers: [AVAudioPCMBuffer]) {
        var buffers: [AVAudioPCMBuffer] = []
        synthesizer.write(utterance) { buffer in
            if let pcm = buffer as? AVAudioPCMBuffer { buffers.append(pcm) }
        }
        return (samples(buffers), buffers)
    }

    static func samples(_ buffers: [AVAudioPCMBuffer]) -> [Float] {
        var samples: [Float] = []
        for buffer in buffers {
            let count = Int(buffer.frameLength)
            if let data = buffer.int16ChannelData?[0] {
                samples += (0..<count).map { Float(data[$0]) / 32_768 }
            } else if let data = buffer.floatChannelData?[0] {
                samples += (0..<count).map { data[$0] }
            }
        }
        return samples
    }
}
