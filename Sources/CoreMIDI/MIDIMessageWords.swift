// Universal MIDI Packets of one to four 32-bit words, as MIDIMessages.h declares them. Words are
// native-endian integers: the message type is always the top nibble of word0, the group the next.

/// A one-word packet (utility, system, MIDI 1.0 channel voice).
public typealias MIDIMessage_32 = UInt32

/// A two-word packet (7-bit SysEx, MIDI 2.0 channel voice).
public struct MIDIMessage_64: Sendable, Equatable {
    public var word0: UInt32
    public var word1: UInt32

    public init() { self.init(word0: 0, word1: 0) }

    public init(word0: UInt32, word1: UInt32) {
        self.word0 = word0
        self.word1 = word1
    }
}

/// A three-word packet (no message type of the UMP specification uses it yet).
public struct MIDIMessage_96: Sendable, Equatable {
    public var word0: UInt32
    public var word1: UInt32
    public var word2: UInt32

    public init() { self.init(word0: 0, word1: 0, word2: 0) }

    public init(word0: UInt32, word1: UInt32, word2: UInt32) {
        self.word0 = word0
        self.word1 = word1
        self.word2 = word2
    }
}

/// A four-word packet (8-bit SysEx and mixed data sets, flex data, stream messages).
public struct MIDIMessage_128: Sendable, Equatable {
    public var word0: UInt32
    public var word1: UInt32
    public var word2: UInt32
    public var word3: UInt32

    public init() { self.init(word0: 0, word1: 0, word2: 0, word3: 0) }

    public init(word0: UInt32, word1: UInt32, word2: UInt32, word3: UInt32) {
        self.word0 = word0
        self.word1 = word1
        self.word2 = word2
        self.word3 = word3
    }
}

/// The message type of the packet that `word` begins. The types the specification leaves
/// undefined (6 to C, E) have no case: they answer `.invalid`, where Apple's C function hands back
/// the bare nibble.
public func MIDIMessageTypeForUPWord(_ word: UInt32) -> MIDIMessageType {
    MIDIMessageType(rawValue: word >> 28 & 0xF) ?? .invalid
}

/// How many words make up a packet of each message type (UMP specification, table of message
/// types: undefined types keep the sizes reserved for them, so a reader can step over them).
enum UMPSize {
    static let words: [Int] = [1, 1, 1, 2, 2, 4, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4]

    static func of(_ word: UInt32) -> Int { words[Int(word >> 28)] }
}
