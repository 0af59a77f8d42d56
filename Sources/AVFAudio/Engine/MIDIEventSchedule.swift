import AudioToolbox

/// MIDI events scheduled on an instrument node (`AUAudioUnit.scheduleMIDIEventBlock`), kept in
/// time order in storage reserved up front, so scheduling and rendering them allocate nothing.
struct MIDIEventSchedule {
    struct Event {
        /// An absolute sample time of the node, or `AUEventSampleTimeImmediate` plus an offset
        /// into the next render.
        var time: AUEventSampleTime
        var status: UInt8
        var data1: UInt8
        var data2: UInt8
    }

    private var events: [Event]
    private(set) var count = 0

    init(capacity: Int = 512) {
        events = Array(repeating: Event(time: 0, status: 0, data1: 0, data2: 0), count: capacity)
    }

    /// Queues `event` after every event already at its time (one time keeps call order); false
    /// when the schedule is full.
    mutating func insert(_ event: Event) -> Bool {
        guard count < events.count else { return false }
        var index = count
        while index > 0, events[index - 1].time > event.time {
            events[index] = events[index - 1]
            index -= 1
        }
        events[index] = event
        count += 1
        return true
    }

    /// The earliest event due in the render of `frames` frames from sample time `start`, with its
    /// frame offset in that render (events already late land on its first frame; an immediate
    /// event at its offset, within the render).
    mutating func next(start: Int64, frames: Int) -> (offset: Int, event: Event)? {
        guard count > 0 else { return nil }
        let first = events[0]
        let offset: Int64
        if first.time < 0 {
            offset = min(Int64(frames - 1), max(0, first.time - AUEventSampleTimeImmediate))
        } else {
            guard first.time < start + Int64(frames) else { return nil }
            offset = max(0, first.time - start)
        }
        for index in 1..<count { events[index - 1] = events[index] }
        count -= 1
        return (Int(offset), first)
    }

    mutating func removeAll() { count = 0 }
}
