// One Universal MIDI Packet taken apart, as `MIDIEventListForEachEvent` hands it to a visitor.
//
// Apple's C struct is a tagged union: `type` says which of `utility`, `system`, `channelVoice1`,
// `sysEx`, `channelVoice2`, `data128` and `unknown` holds the message, and inside each a status
// says which member of a further union does. Swift imports the anonymous unions under generated
// names (`__Unnamed_union___Anonymous_field3.__Unnamed_struct_channelVoice1` …), which are kept
// here so that code naming them compiles; underscored names stay out of symbol graphs, Apple's
// too (inside the module, `Variant` names the outer one). Swift has no unions, so each member
// is its own stored field: read the one the statuses
// select, as in C.

public struct MIDIUniversalMessage {
    /// Which variant holds the message.
    public var type: MIDIMessageType = .utility
    /// The 4-bit group (0 for utility messages, which belong to none).
    public var group: UInt8 = 0
    public var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
    public var utility = __Unnamed_union___Anonymous_field3.__Unnamed_struct_utility()
    public var system = __Unnamed_union___Anonymous_field3.__Unnamed_struct_system()
    public var channelVoice1 = __Unnamed_union___Anonymous_field3.__Unnamed_struct_channelVoice1()
    public var sysEx = __Unnamed_union___Anonymous_field3.__Unnamed_struct_sysEx()
    public var channelVoice2 = __Unnamed_union___Anonymous_field3.__Unnamed_struct_channelVoice2()
    public var data128 = __Unnamed_union___Anonymous_field3.__Unnamed_struct_data128()
    /// Any other type: the packet's words as they came (up to four).
    public var unknown = __Unnamed_union___Anonymous_field3.__Unnamed_struct_unknown()

    public init() {}

    public enum __Unnamed_union___Anonymous_field3 {
        public struct __Unnamed_struct_utility {
            public var status: MIDIUtilityStatus = .NOOP
            public var jitterReductionClock: UInt16 = 0
            public var jitterReductionTimestamp: UInt16 = 0
            public init() {}
        }

        public struct __Unnamed_struct_system {
            public var status: MIDISystemStatus = .statusStartOfExclusive
            public var timeCode: UInt8 = 0
            /// 14 bits: the MIDI 1.0 LSB and MSB joined.
            public var songPositionPointer: UInt16 = 0
            public var songSelect: UInt8 = 0
            public init() {}
        }

        public struct __Unnamed_struct_channelVoice1 {
            public var status: MIDICVStatus = .registeredPNC
            public var channel: UInt8 = 0
            public var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
            public var note = __Unnamed_struct_note()
            public var polyPressure = __Unnamed_struct_polyPressure()
            public var controlChange = __Unnamed_struct_controlChange()
            public var program: UInt8 = 0
            public var channelPressure: UInt8 = 0
            /// 14 bits: LSB and MSB joined, 0x2000 the centre.
            public var pitchBend: UInt16 = 0
            public init() {}

            public struct __Unnamed_struct_note { public var number: UInt8 = 0; public var velocity: UInt8 = 0; public init() {} }
            public struct __Unnamed_struct_polyPressure { public var noteNumber: UInt8 = 0; public var pressure: UInt8 = 0; public init() {} }
            public struct __Unnamed_struct_controlChange { public var index: UInt8 = 0; public var data: UInt8 = 0; public init() {} }
        }

        public struct __Unnamed_struct_sysEx {
            public var status: MIDISysExStatus = .complete
            /// Apple's header calls this nibble the channel; in a 7-bit SysEx packet it is the
            /// number of data bytes that count (0–6), and that is what it holds here.
            public var channel: UInt8 = 0
            public var data: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
            public var reserved: UInt8 = 0
            public init() {}
        }

        public struct __Unnamed_struct_channelVoice2 {
            public var status: MIDICVStatus = .registeredPNC
            public var channel: UInt8 = 0
            public var reserved: (UInt8, UInt8, UInt8) = (0, 0, 0)
            public var note = __Unnamed_struct_note()
            public var polyPressure = __Unnamed_struct_polyPressure()
            public var controlChange = __Unnamed_struct_controlChange()
            public var programChange = __Unnamed_struct_programChange()
            public var channelPressure = __Unnamed_struct_channelPressure()
            public var pitchBend = __Unnamed_struct_pitchBend()
            /// Registered and assignable per-note controllers.
            public var perNoteController = __Unnamed_struct_perNoteController()
            /// Registered, assignable and relative controllers.
            public var controller = __Unnamed_struct_controller()
            public var perNotePitchBend = __Unnamed_struct_perNotePitchBend()
            public var perNoteManagement = __Unnamed_struct_perNoteManagement()
            public init() {}

            public struct __Unnamed_struct_note {
                public var number: UInt8 = 0
                public var attributeType: MIDINoteAttribute = .none
                public var velocity: UInt16 = 0
                public var attribute: UInt16 = 0
                public init() {}
            }
            public struct __Unnamed_struct_polyPressure {
                public var noteNumber: UInt8 = 0; public var reserved: UInt8 = 0; public var pressure: UInt32 = 0; public init() {}
            }
            public struct __Unnamed_struct_controlChange {
                public var index: UInt8 = 0; public var reserved: UInt8 = 0; public var data: UInt32 = 0; public init() {}
            }
            public struct __Unnamed_struct_programChange {
                public var options: MIDIProgramChangeOptions = []
                public var program: UInt8 = 0
                public var reserved: (UInt8, UInt8) = (0, 0)
                /// 14 bits: bank MSB and LSB joined.
                public var bank: UInt16 = 0
                public init() {}
            }
            public struct __Unnamed_struct_channelPressure { public var data: UInt32 = 0; public var reserved: (UInt8, UInt8) = (0, 0); public init() {} }
            public struct __Unnamed_struct_pitchBend { public var data: UInt32 = 0; public var reserved: (UInt8, UInt8) = (0, 0); public init() {} }
            public struct __Unnamed_struct_perNoteController {
                public var noteNumber: UInt8 = 0; public var index: UInt8 = 0; public var data: UInt32 = 0; public init() {}
            }
            public struct __Unnamed_struct_controller {
                public var bank: UInt8 = 0; public var index: UInt8 = 0; public var data: UInt32 = 0; public init() {}
            }
            public struct __Unnamed_struct_perNotePitchBend {
                public var noteNumber: UInt8 = 0; public var reserved: UInt8 = 0; public var bend: UInt32 = 0; public init() {}
            }
            public struct __Unnamed_struct_perNoteManagement {
                public var note: UInt8 = 0
                public var options: MIDIPerNoteManagementOptions = []
                public var reserved: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                public init() {}
            }
        }

        public struct __Unnamed_struct_data128 {
            public var status: MIDISysExStatus = .complete
            public var sysex8 = __Unnamed_struct_sysex8()
            public var mixedDataSet = __Unnamed_struct_mixedDataSet()
            public init() {}

            public struct __Unnamed_struct_sysex8 {
                /// Bytes that count, the stream ID included (1–14).
                public var byteCount: UInt8 = 0
                public var streamID: UInt8 = 0
                public var data: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                public var reserved: UInt8 = 0
                public init() {}
            }
            public struct __Unnamed_struct_mixedDataSet {
                public var mdsID: UInt8 = 0
                public var data: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                public var reserved: UInt8 = 0
                public init() {}
            }
        }

        public struct __Unnamed_struct_unknown {
            public var words: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            public init() {}
        }
    }
}

extension MIDIUniversalMessage {
    typealias Variant = __Unnamed_union___Anonymous_field3
}

/// Called once per packet of an event list, with the packet's time stamp, by `MIDIEventListForEachEvent`.
public typealias MIDIEventVisitor = (UnsafeMutableRawPointer?, MIDITimeStamp, MIDIUniversalMessage) -> Void
