import CoreAudioTypes

// Music devices (MusicDevice.h): audio units that take MIDI. A host hands a unit a MIDI event
// with `MusicDeviceMIDIEvent`, naming how many frames into the unit's next render it takes
// effect, so a note lands on the exact sample even though the call is made between renders
// (WWDC 2013 session 602, "What's New in Core Audio for iOS": MIDI into audio units with sample
// offsets).

/// An audio unit addressed as a music device; the same handle as any audio unit.
public typealias MusicDeviceComponent = AudioComponentInstance

public let kAudioUnitType_MusicDevice: UInt32 = 0x6175_6D75        // 'aumu'
public let kAudioUnitType_MusicEffect: UInt32 = 0x6175_6D66        // 'aumf'
public let kAudioUnitSubType_Sampler: UInt32 = 0x7361_6D70         // 'samp'
public let kAudioUnitSubType_MIDISynth: UInt32 = 0x6D73_796E       // 'msyn'

/// The Component Manager's "this component does not implement that call" (MacErrors.h,
/// `(OSStatus)0x80008001`). Apple's units answer a music-device call by looking the selector up
/// in their dispatch table; effects, mixers and I/O units have no MIDI entry there, so the call
/// fails with this status rather than an Audio Unit error.
@_spi(Soundcheck) public let badComponentSelector: OSStatus = OSStatus(bitPattern: 0x8000_8001)

/// Sends one MIDI channel or system message to a music device: `inStatus` is the status byte
/// (0x80…0xFF), `inData1`/`inData2` the data bytes (0…0x7F; 0 for messages that have fewer),
/// and the event takes effect `inOffsetSampleFrame` frames into the unit's next render.
///
/// A host that calls this outside its render pass passes 0. Errors: a unit that takes no MIDI
/// `badComponentSelector`; a status without its high bit or a data byte above 0x7F
/// `kAudio_ParamError`; more events queued before one render than the unit holds
/// (`MusicDeviceEventQueue.capacity`) `kAudioUnitErr_CannotDoInCurrentContext` (the event is
/// dropped, never allocated for).
public func MusicDeviceMIDIEvent(_ inUnit: MusicDeviceComponent, _ inStatus: UInt32, _ inData1: UInt32,
                                 _ inData2: UInt32, _ inOffsetSampleFrame: UInt32) -> OSStatus {
    withMusicDevice(inUnit) { receiver in
        guard (0x80...0xFF).contains(inStatus), inData1 <= 0x7F, inData2 <= 0x7F else { return kAudio_ParamError }
        return receiver.midiEvent(status: UInt8(inStatus), data1: UInt8(inData1), data2: UInt8(inData2),
                                  offsetSampleFrame: inOffsetSampleFrame)
    }
}

/// Sends one complete System Exclusive message, `F0` through `F7`, to a music device; it takes
/// effect at the start of the unit's next render. A message that does not start with F0 and
/// end with F7, or carries a byte above 0x7F between them, is `kAudio_ParamError`.
public func MusicDeviceSysEx(_ inUnit: MusicDeviceComponent, _ inData: UnsafePointer<UInt8>, _ inLength: UInt32) -> OSStatus {
    withMusicDevice(inUnit) { receiver in
        let bytes = UnsafeBufferPointer(start: inData, count: Int(inLength))
        guard bytes.count >= 2, bytes.first == 0xF0, bytes.last == 0xF7,
              !bytes.dropFirst().dropLast().contains(where: { $0 > 0x7F }) else { return kAudio_ParamError }
        return receiver.sysEx(bytes)
    }
}

/// Resolves the handle as `withUnit` does, then requires a unit that takes MIDI.
func withMusicDevice(_ unit: MusicDeviceComponent, _ body: (MusicDeviceMIDIReceiver) -> OSStatus) -> OSStatus {
    guard let instance = AudioUnitHandle.resolve(unit) else { return kAudio_ParamError }
    guard !instance.isInvalidated else { return kAudioComponentErr_InstanceInvalidated }
    guard let receiver = instance as? MusicDeviceMIDIReceiver else { return badComponentSelector }
    return body(receiver)
}

// MARK: - The unit side

/// What a unit that takes MIDI adopts (instruments, remote instruments). The default
/// implementations queue into `midiEvents`; the unit drains that queue at the start of its
/// render with `MusicDeviceEventQueue.render(frames:segment:event:)`.
protocol MusicDeviceMIDIReceiver: AnyObject {
    /// The unit's fixed-capacity queue, allocated with the unit.
    var midiEvents: MusicDeviceEventQueue { get }
    /// Queues a MIDI event for the next render, to take effect `offsetSampleFrame` frames into it.
    /// Render side safe (no allocation): a fixed-capacity event queue per unit.
    func midiEvent(status: UInt8, data1: UInt8, data2: UInt8, offsetSampleFrame: UInt32) -> OSStatus
    /// Queues a complete SysEx (F0…F7, already validated) for the start of the next render.
    func sysEx(_ bytes: UnsafeBufferPointer<UInt8>) -> OSStatus
}

extension MusicDeviceMIDIReceiver {
    func midiEvent(status: UInt8, data1: UInt8, data2: UInt8, offsetSampleFrame: UInt32) -> OSStatus {
        midiEvents.enqueue(status: status, data1: data1, data2: data2, offsetSampleFrame: offsetSampleFrame)
            ? 0 : kAudioUnitErr_CannotDoInCurrentContext
    }

    func sysEx(_ bytes: UnsafeBufferPointer<UInt8>) -> OSStatus {
        midiEvents.enqueueSysEx(bytes) ? 0 : kAudioUnitErr_CannotDoInCurrentContext
    }
}

/// One queued event as the render sees it. A SysEx's bytes live in the queue's arena and are
/// valid only inside the `event` callback that receives them.
struct MusicDeviceEvent {
    var status: UInt8
    var data1: UInt8
    var data2: UInt8
    /// Frames into the render this event belongs to (already clamped to the render's length).
    var offsetSampleFrame: UInt32
    var sysEx: UnsafeBufferPointer<UInt8>?
}

/// The events a unit has been sent since its last render, kept in the order they take effect:
/// by offset, and in call order for equal offsets (an insertion sort over a small fixed array).
/// Both sides work in storage allocated once with the unit, so queuing from a render callback
/// and draining in the render never allocate.
final class MusicDeviceEventQueue {
    /// Events one render can take; more are refused until the next render drains the queue.
    let capacity: Int
    /// SysEx bytes one render can take.
    let sysExCapacity: Int
    private let events: UnsafeMutablePointer<Slot>
    private let sysExBytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var sysExUsed = 0

    private struct Slot {
        var status: UInt8, data1: UInt8, data2: UInt8
        var offset: UInt32
        /// Where a SysEx's bytes start in the arena and how many (0 for a channel message).
        var sysExStart: Int32, sysExLength: Int32
    }

    init(capacity: Int = 1024, sysExCapacity: Int = 4096) {
        self.capacity = capacity
        self.sysExCapacity = sysExCapacity
        events = .allocate(capacity: capacity)
        sysExBytes = .allocate(capacity: sysExCapacity)
    }

    deinit {
        events.deallocate()
        sysExBytes.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Queues a channel or system message; false when the queue is full.
    func enqueue(status: UInt8, data1: UInt8, data2: UInt8, offsetSampleFrame: UInt32) -> Bool {
        insert(Slot(status: status, data1: data1, data2: data2, offset: offsetSampleFrame, sysExStart: 0, sysExLength: 0))
    }

    /// Queues a SysEx at offset 0, copying its bytes; false when the events or the arena are full.
    func enqueueSysEx(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count < capacity, let base = bytes.baseAddress, sysExUsed + bytes.count <= sysExCapacity else { return false }
        (sysExBytes + sysExUsed).update(from: base, count: bytes.count)
        defer { sysExUsed += bytes.count }
        return insert(Slot(status: 0xF0, data1: 0, data2: 0, offset: 0, sysExStart: Int32(sysExUsed), sysExLength: Int32(bytes.count)))
    }

    private func insert(_ slot: Slot) -> Bool {
        guard count < capacity else { return false }
        var index = count
        while index > 0, events[index - 1].offset > slot.offset {
            events[index] = events[index - 1]
            index -= 1
        }
        events[index] = slot
        count += 1
        return true
    }

    /// Drops every queued event (`AudioUnitReset`, uninitialize).
    func removeAll() {
        count = 0
        sysExUsed = 0
    }

    /// Splits a render of `frames` at the queued events: `segment(start, length)` renders the
    /// frames before the next event, `event` applies it, and so on to the end of the render.
    /// An offset at or past `frames` is applied at the render's last frame, never deferred to a
    /// later one (Apple leaves this case undefined; the header asks hosts to stay below the
    /// render's length). The queue is empty afterwards.
    func render(frames: UInt32, segment: (_ start: UInt32, _ length: UInt32) -> Void, event: (MusicDeviceEvent) -> Void) {
        var position: UInt32 = 0
        for index in 0..<count {
            let slot = events[index]
            let offset = frames == 0 ? 0 : min(slot.offset, frames - 1)
            if offset > position {
                segment(position, offset - position)
                position = offset
            }
            event(MusicDeviceEvent(status: slot.status, data1: slot.data1, data2: slot.data2, offsetSampleFrame: offset,
                                   sysEx: slot.sysExLength == 0 ? nil
                                       : UnsafeBufferPointer(start: sysExBytes + Int(slot.sysExStart), count: Int(slot.sysExLength))))
        }
        if position < frames { segment(position, frames - position) }
        removeAll()
    }
}
