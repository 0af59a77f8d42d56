import CoreAudioTypes
import CoreMIDI

/// AUAudioUnitImplementation.h's `AURenderEvent`, a C union of the four event layouts (each starts with
/// the same header: next, sample time, type). Swift imports it as a struct whose members all view the
/// same bytes; here the bytes live in a fixed buffer at least as large as the largest member
/// (`AUMIDIEventList`), and each member reads or writes them in place.
public struct AURenderEvent {
    /// 48 × 8 bytes: more than `AUMIDIEventList` needs (its MIDI event list carries 64 words).
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// All bytes zero, as C's `{0}`; set a member before reading one.
    public init() {
        storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                   0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        precondition(MemoryLayout<AUMIDIEventList>.size <= MemoryLayout.size(ofValue: storage))
    }
    public init(head: AURenderEventHeader) { self.init(); self.head = head }
    public init(parameter: AUParameterEvent) { self.init(); self.parameter = parameter }
    public init(MIDI: AUMIDIEvent) { self.init(); self.MIDI = MIDI }
    public init(MIDIEventsList: AUMIDIEventList) { self.init(); self.MIDIEventsList = MIDIEventsList }

    public var head: AURenderEventHeader {
        get { member(AURenderEventHeader.self) }
        set { setMember(newValue) }
    }
    public var parameter: AUParameterEvent {
        get { member(AUParameterEvent.self) }
        set { setMember(newValue) }
    }
    public var MIDI: AUMIDIEvent {
        get { member(AUMIDIEvent.self) }
        set { setMember(newValue) }
    }
    public var MIDIEventsList: AUMIDIEventList {
        get { member(AUMIDIEventList.self) }
        set { setMember(newValue) }
    }

    private func member<T>(_ type: T.Type) -> T {
        withUnsafeBytes(of: storage) { $0.loadUnaligned(as: T.self) }
    }
    private mutating func setMember<T>(_ value: T) {
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: value, as: T.self) }
    }
}
