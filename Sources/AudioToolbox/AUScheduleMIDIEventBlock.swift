/// A time on an Audio Unit's render timeline, in samples (`AUEventSampleTime`).
public typealias AUEventSampleTime = Int64

/// "As soon as possible": this plus an offset below 4096 frames schedules the event that many
/// frames into the unit's next render (`AUEventSampleTimeImmediate`, 0xFFFFFFFF00000000).
public let AUEventSampleTimeImmediate: AUEventSampleTime = -0x1_0000_0000

/// Schedules MIDI 1.0 bytes — one or more complete messages, no running status — at a sample
/// time, on a virtual cable (`AUScheduleMIDIEventBlock`).
public typealias AUScheduleMIDIEventBlock = (AUEventSampleTime, UInt8, Int, UnsafePointer<UInt8>) -> Void
