import CEspeakNG
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How one utterance is to be synthesized, in eSpeak NG's terms (see `SpeechParameters.init`).
struct SpeechParameters: Hashable, Sendable {
    /// The eSpeak NG voice file name, with a variant (`en-us+f3`).
    var voice: String
    /// eSpeak NG's speaking rate, words per minute (80…450).
    var wordsPerMinute: Int32
    /// eSpeak NG's base pitch, 0…100 (50 is the voice's own).
    var pitch: Int32
    /// Linear gain applied to the samples (the utterance's volume).
    var gain: Float
}

/// One spoken word: where it is in the utterance's string and where its sound starts.
struct SpokenWord: Hashable, Sendable {
    /// UTF-16 range in the speech string, as `NSRange` counts.
    var range: NSRange
    /// Frame of the synthesized audio where the word starts.
    var frame: Int
}

/// What eSpeak NG made of one utterance: mono samples and where each word starts.
struct SynthesizedSpeech: Sendable {
    /// eSpeak NG's output rate (its voices are made for 22 050 Hz).
    static let sampleRate = 22_050
    var samples: [Float]
    var words: [SpokenWord]
    var duration: Double { Double(samples.count) / Double(Self.sampleRate) }
}

/// eSpeak NG, run synchronously into memory, deterministically.
///
/// The library keeps state from one synthesis to the next (its wave generator's phase and pitch
/// flutter carry over, so the same text comes out a few samples longer or shorter), and the
/// breathiness of its female variants draws on the C library's `rand()`. So every synthesis loads
/// the library afresh with `dlopen` (it is not linked into the process: `CEspeakNG` gives only its
/// header), seeds `rand()` with 1, sets every parameter it depends on, and unloads it again
/// (`espeak_Terminate`, `dlclose`): the same text with the same parameters gives the same samples,
/// whatever was synthesized before. A process-wide lock serialises syntheses, since the library
/// has one callback and global parameters. It runs in the app's call (`speak`, `write`), never on
/// the render path; loading costs a few milliseconds.
enum ESpeak {
    private static let lock = NSLock()
    /// Guarded by `lock`: where the callback collects the synthesis in progress.
    nonisolated(unsafe) private static var collecting = Collector()

    private struct Collector {
        var samples: [Int16] = []
        /// (1-based character position, length in characters, frame) of each word event.
        var words: [(position: Int, length: Int, frame: Int)] = []
    }

    /// Synthesizes `text`; nil when eSpeak NG is unusable (not installed, its data missing) or
    /// refuses the voice.
    static func synthesize(_ text: String, _ parameters: SpeechParameters) -> SynthesizedSpeech? {
        lock.lock()
        defer { lock.unlock() }
        guard let library = ESpeakLibrary() else { return nil }
        defer { library.unload() }
        srand(1)
        guard library.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT)) == Int32(SynthesizedSpeech.sampleRate)
        else { return nil }
        library.setSynthCallback { wave, count, events in ESpeak.collect(wave, count, events) }
        guard library.setVoiceByName(parameters.voice) == EE_OK else { return nil }
        _ = library.setParameter(espeakRATE, parameters.wordsPerMinute, 0)
        _ = library.setParameter(espeakPITCH, parameters.pitch, 0)
        _ = library.setParameter(espeakRANGE, 50, 0)
        _ = library.setParameter(espeakVOLUME, 100, 0)
        _ = library.setParameter(espeakWORDGAP, 0, 0)
        _ = library.setParameter(espeakPUNCTUATION, Int32(espeakPUNCT_NONE.rawValue), 0)
        _ = library.setParameter(espeakCAPITALS, 0, 0)
        collecting = Collector()
        let status = text.utf8CString.withUnsafeBufferPointer { bytes in
            library.synth(bytes.baseAddress, bytes.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        let result = collecting
        collecting = Collector()
        guard status == EE_OK else { return nil }
        let samples = result.samples.map { Float($0) / 32_768 * parameters.gain }
        return SynthesizedSpeech(samples: samples, words: words(result.words, in: text, frames: samples.count))
    }

    /// eSpeak NG counts characters (Unicode scalars) from 1; `NSRange` counts UTF-16 units from 0.
    private static func words(_ events: [(position: Int, length: Int, frame: Int)], in text: String, frames: Int) -> [SpokenWord] {
        var utf16Offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            utf16Offsets.append(offset)
            offset += scalar.utf16.count
        }
        utf16Offsets.append(offset)
        var words: [SpokenWord] = []
        for event in events {
            let start = min(max(0, event.position - 1), utf16Offsets.count - 1)
            let end = min(start + max(0, event.length), utf16Offsets.count - 1)
            guard end > start else { continue }
            let frame = min(max(0, event.frame), frames)
            // eSpeak NG reports a word once; keep them in text order with non-decreasing frames.
            if let last = words.last, last.range.location >= utf16Offsets[start] { continue }
            words.append(SpokenWord(range: NSRange(location: utf16Offsets[start], length: utf16Offsets[end] - utf16Offsets[start]),
                                    frame: max(frame, words.last?.frame ?? 0)))
        }
        return words
    }

    /// eSpeak NG's synthesis callback: appends samples and word events (frames are its `sample` field).
    private static func collect(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
        if let wave, count > 0 {
            collecting.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
        }
        var event = events
        while let current = event, current.pointee.type != espeakEVENT_LIST_TERMINATED {
            if current.pointee.type == espeakEVENT_WORD {
                collecting.words.append((Int(current.pointee.text_position), Int(current.pointee.length), Int(current.pointee.sample)))
            }
            event = current + 1
        }
        return 0
    }
}
