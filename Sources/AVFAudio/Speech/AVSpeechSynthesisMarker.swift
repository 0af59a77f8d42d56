import Foundation

/// `AVSpeechSynthesisMarker`: a point in synthesized audio (a byte offset into the buffers
/// `write(_:toBufferCallback:toMarkerCallback:)` delivers) and what starts there.
open class AVSpeechSynthesisMarker: NSObject, @unchecked Sendable {
    /// What a marker marks.
    public enum Mark: Int, @unchecked Sendable {
        case phoneme = 0
        case word = 1
        case sentence = 2
        case paragraph = 3
        case bookmark = 4
    }

    open var mark: AVSpeechSynthesisMarker.Mark
    /// The marked text, in UTF-16 units of the utterance's string.
    open var textRange: NSRange
    /// Where it starts in the audio, in bytes from the start of the utterance's first buffer.
    open var byteSampleOffset: Int
    open var bookmarkName: String
    open var phoneme: String

    public init(markerType type: AVSpeechSynthesisMarker.Mark, forTextRange range: NSRange, atByteSampleOffset byteSampleOffset: Int) {
        mark = type
        textRange = range
        self.byteSampleOffset = byteSampleOffset
        bookmarkName = ""
        phoneme = ""
        super.init()
    }

    public convenience init(wordRange range: NSRange, atByteSampleOffset byteSampleOffset: Int) {
        self.init(markerType: .word, forTextRange: range, atByteSampleOffset: byteSampleOffset)
    }

    public convenience init(sentenceRange range: NSRange, atByteSampleOffset byteSampleOffset: Int) {
        self.init(markerType: .sentence, forTextRange: range, atByteSampleOffset: byteSampleOffset)
    }

    public convenience init(paragraphRange range: NSRange, atByteSampleOffset byteSampleOffset: Int) {
        self.init(markerType: .paragraph, forTextRange: range, atByteSampleOffset: byteSampleOffset)
    }

    public convenience init(phonemeString phoneme: String, atByteSampleOffset byteSampleOffset: Int) {
        self.init(markerType: .phoneme, forTextRange: NSRange(location: NSNotFound, length: 0), atByteSampleOffset: byteSampleOffset)
        self.phoneme = phoneme
    }

    public convenience init(bookmarkName mark: String, atByteSampleOffset byteSampleOffset: Int) {
        self.init(markerType: .bookmark, forTextRange: NSRange(location: NSNotFound, length: 0), atByteSampleOffset: byteSampleOffset)
        bookmarkName = mark
    }

}
