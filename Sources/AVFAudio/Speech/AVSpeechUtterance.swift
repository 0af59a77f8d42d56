import Foundation

/// The slowest rate an utterance can have.
public let AVSpeechUtteranceMinimumSpeechRate: Float = 0
/// The fastest rate an utterance can have.
public let AVSpeechUtteranceMaximumSpeechRate: Float = 1
/// The rate an utterance has unless it is told otherwise.
public let AVSpeechUtteranceDefaultSpeechRate: Float = 0.5
/// An attribute whose value is the IPA pronunciation of the text it covers.
public let AVSpeechSynthesisIPANotationAttribute = "AVSpeechSynthesisIPANotationAttribute"

/// `AVSpeechUtterance`: a piece of text to speak and how to speak it. Out-of-range values are
/// clamped as Apple's are: the rate to 0…1, the pitch multiplier to 0.5…2, the volume to 0…1,
/// the delays to ≥ 0.
open class AVSpeechUtterance: NSObject, @unchecked Sendable {
    public let speechString: String
    public let attributedSpeechString: NSAttributedString
    /// The SSML the utterance was made from, if any (its text is `speechString`).
    let ssml: String?

    open var voice: AVSpeechSynthesisVoice?

    private var rateValue = AVSpeechUtteranceDefaultSpeechRate
    private var pitchValue: Float = 1
    private var volumeValue: Float = 1
    private var preDelay: TimeInterval = 0
    private var postDelay: TimeInterval = 0

    /// Speaks `string`.
    public init(string: String) {
        speechString = string
        attributedSpeechString = NSAttributedString(string: string)
        ssml = nil
        super.init()
    }

    /// Speaks the attributed string's characters (its attributes do not change the sound here).
    public init(attributedString string: NSAttributedString) {
        speechString = string.string
        attributedSpeechString = string
        ssml = nil
        super.init()
    }

    /// Speaks the text of an SSML document; nil when the markup is not a well-formed `<speak>`
    /// element. The text between the tags is spoken with the utterance's own rate, pitch and
    /// volume (SSML prosody, breaks and phonemes are not simulated).
    public init?(ssmlRepresentation string: String) {
        guard let text = SSMLText.text(of: string) else { return nil }
        speechString = text
        attributedSpeechString = NSAttributedString(string: text)
        ssml = string
        super.init()
    }


    /// 0 (slowest) … 0.5 (default) … 1 (fastest).
    open var rate: Float {
        get { rateValue }
        set { rateValue = min(AVSpeechUtteranceMaximumSpeechRate, max(AVSpeechUtteranceMinimumSpeechRate, newValue)) }
    }

    /// 0.5 (an octave lower) … 1 (the voice's own pitch) … 2 (an octave higher).
    open var pitchMultiplier: Float {
        get { pitchValue }
        set { pitchValue = min(2, max(0.5, newValue)) }
    }

    /// 0 (silent) … 1 (loudest, the default).
    open var volume: Float {
        get { volumeValue }
        set { volumeValue = min(1, max(0, newValue)) }
    }

    /// Seconds of silence before the utterance is spoken.
    open var preUtteranceDelay: TimeInterval {
        get { preDelay }
        set { preDelay = max(0, newValue) }
    }

    /// Seconds of silence after it, before the next utterance.
    open var postUtteranceDelay: TimeInterval {
        get { postDelay }
        set { postDelay = max(0, newValue) }
    }

    /// Whether the user's assistive-technology speech settings override this utterance's own.
    /// The simulated device has no such settings, so the utterance's own always apply.
    open var prefersAssistiveTechnologySettings = false
}

/// The spoken text of an SSML document: the characters outside the tags, with XML's five entities
/// decoded. Nil unless the document is one `<speak>` element with balanced tags.
enum SSMLText {
    static func text(of ssml: String) -> String? {
        let trimmed = ssml.trimmingCharacters(in: .whitespacesAndNewlines)
        var body = Substring(trimmed)
        if body.hasPrefix("<?xml") {
            guard let end = body.range(of: "?>") else { return nil }
            body = body[end.upperBound...].drop { $0.isWhitespace }
        }
        guard body.hasPrefix("<speak"), body.hasSuffix("</speak>") else { return nil }
        var text = ""
        var open: [Substring] = []
        var rest = body
        while let start = rest.firstIndex(of: "<") {
            text += rest[..<start]
            guard let end = rest[start...].firstIndex(of: ">") else { return nil }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            let name = tag.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" }
            if tag.hasPrefix("/") {
                guard open.popLast() == name else { return nil }
            } else if !tag.hasSuffix("/"), !tag.hasPrefix("!"), !tag.hasPrefix("?") {
                open.append(name)
            }
            if open.isEmpty, !rest.isEmpty { return nil }
        }
        guard open.isEmpty, !rest.contains(">") else { return nil }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
