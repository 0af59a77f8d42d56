import CoreAudioTypes

/// Plays a sequence on a render clock: each render of `frames` frames asks for the events due in
/// it, each with its frame offset, as the tempo map and the play rate place them. What a player
/// (AVAudioSequencer, MusicPlayer) drives from its render cycle.
///
/// `prepare` (control side) flattens every track into MIDI messages on the timeline: a note into
/// its note-on and its note-off, a loop into its passes (a note that runs past the loop's end is
/// cut there, so every pass ends what it started). `render` (render side) then only walks
/// cursors through those arrays: it allocates nothing, takes no lock and reads the tracks' mute
/// and solo flags as they are at that moment. Note-offs pass even on a muted track, so muting
/// never leaves a note hanging.
@_spi(Soundcheck) public final class SequencePlayback {
    public struct Item {
        public var beat: Double
        public var status: UInt8
        public var data1: UInt8
        public var data2: UInt8
        /// Index into `payloads` for System Exclusive (`status` 0xF0) and user events (`status` 0).
        public var payload: Int32 = -1
    }

    private struct Plan {
        let track: SequenceTrack
        var head: [Item] = []
        var loop: [Item] = []
        var tail: [Item] = []
        var loopStart = 0.0
        var loopLength = 0.0
        /// How often the loop plays (0: for ever); 1 without a loop.
        var passes = 1
    }

    /// A segment (0 the head, then the loop's later passes, then the tail) and an index in it.
    private struct Cursor {
        var segment = 0
        var index = 0
    }

    private var plans: [Plan] = []
    private var cursors: [Cursor] = []
    /// Per track, 16 channels × 128 keys: the notes sounding.
    private var sounding: [[Bool]] = []
    public private(set) var payloads: [[UInt8]] = []
    /// The stored event of each payload (a user callback gets its C layout).
    public private(set) var payloadEvents: [EventBytes] = []
    public private(set) var tempo = TempoMap()
    public private(set) var trackCount = 0

    /// Where the clock started: the timeline beat at frame 0 and its time in seconds.
    private var anchorBeat = 0.0
    private var anchorSeconds = 0.0
    /// Frames rendered since the anchor.
    public private(set) var frames: Int64 = 0
    public private(set) var rate = 1.0
    public private(set) var sampleRate = 44_100.0

    public init() {}

    /// Flattens `sequence` and places the cursors at `beat`.
    public func prepare(_ sequence: SequenceModel, at beat: Double, sampleRate: Double, rate: Double) {
        tempo = sequence.tempoMap
        payloads = []
        payloadEvents = []
        plans = sequence.tracks.map { plan(for: $0) }
        trackCount = plans.count
        sounding = Array(repeating: Array(repeating: false, count: 16 * 128), count: plans.count)
        self.sampleRate = sampleRate
        self.rate = rate
        locate(beat)
    }

    /// Moves the cursors to `beat` (control side).
    public func locate(_ beat: Double) {
        anchor(at: max(0, beat))
        cursors = Array(repeating: Cursor(), count: plans.count)
        for track in plans.indices {
            while let next = peek(track), next.beat < anchorBeat { advance(track) }
        }
    }

    public func setRate(_ rate: Double) {
        anchor(at: position)
        self.rate = rate
    }

    private func anchor(at beat: Double) {
        anchorBeat = beat
        anchorSeconds = tempo.seconds(forBeats: beat)
        frames = 0
    }

    /// The timeline position in beats at the next frame to render.
    public var position: Double { beat(atFrame: frames) }

    /// The timeline beat at `frame` frames from the anchor.
    public func beat(atFrame frame: Int64) -> Double {
        tempo.beats(forSeconds: anchorSeconds + Double(frame) / sampleRate * rate)
    }

    /// The frame (from the anchor) at which `beat` plays.
    public func frame(ofBeat beat: Double) -> Int64 {
        Int64(((tempo.seconds(forBeats: beat) - anchorSeconds) * sampleRate / rate).rounded())
    }

    /// Hands `deliver` each event due in the next `count` frames, in time order per track, with
    /// its offset into them, then moves the clock on.
    public func render(frames count: Int, _ deliver: (_ track: Int, _ offset: Int, _ item: Item) -> Void) {
        var anySolo = false
        for index in plans.indices where plans[index].track.isSoloed { anySolo = true }
        let end = frames + Int64(count)
        for track in plans.indices {
            let audible = !plans[track].track.isMuted && (!anySolo || plans[track].track.isSoloed)
            while let next = peek(track) {
                let at = frame(ofBeat: next.beat)
                guard at < end else { break }
                advance(track)
                let isOff = next.status & 0xF0 == 0x80
                let isOn = next.status & 0xF0 == 0x90
                let key = Int(next.status & 0x0F) << 7 | Int(next.data1)
                if isOff, !sounding[track][key] { continue }
                guard audible || isOff else { continue }
                if isOn { sounding[track][key] = true }
                if isOff { sounding[track][key] = false }
                deliver(track, Int(max(0, at - frames)), next)
            }
        }
        frames = end
    }

    /// Note-offs for every note still sounding (a stop), and forgets them.
    public func releaseAll(_ deliver: (_ track: Int, _ item: Item) -> Void) {
        for track in sounding.indices {
            for key in sounding[track].indices where sounding[track][key] {
                sounding[track][key] = false
                deliver(track, Item(beat: position, status: 0x80 | UInt8(key >> 7), data1: UInt8(key & 0x7F), data2: 0))
            }
        }
    }

    /// The timeline beat after which no track has anything left to play (infinity with a loop
    /// that plays for ever).
    public var endBeat: Double {
        plans.reduce(0) { result, plan in
            guard plan.passes > 0 else { return .infinity }
            let end = max(plan.track.length, plan.loopStart + plan.loopLength)
            return max(result, plan.track.offsetTime + end + plan.loopLength * Double(plan.passes - 1))
        }
    }

    // MARK: Cursors

    /// Segment `segment` of a plan and the beats its items move by.
    private func segment(_ plan: Plan, _ segment: Int) -> (items: [Item], shift: Double)? {
        let offset = plan.track.offsetTime
        if segment == 0 { return (plan.head, offset) }
        if plan.passes == 0 { return plan.loop.isEmpty ? nil : (plan.loop, offset + plan.loopLength * Double(segment)) }
        if segment < plan.passes { return (plan.loop, offset + plan.loopLength * Double(segment)) }
        if segment == plan.passes { return (plan.tail, offset + plan.loopLength * Double(plan.passes - 1)) }
        return nil
    }

    private func peek(_ track: Int) -> Item? {
        while let (items, shift) = segment(plans[track], cursors[track].segment) {
            let index = cursors[track].index
            if index < items.count {
                var item = items[index]
                item.beat += shift
                return item
            }
            cursors[track].segment += 1
            cursors[track].index = 0
        }
        return nil
    }

    private func advance(_ track: Int) { cursors[track].index += 1 }

    // MARK: Flattening

    private func plan(for track: SequenceTrack) -> Plan {
        var plan = Plan(track: track)
        guard track.isLooping, track.loopLength > 0 else {
            plan.head = items(track.events, clippedTo: .infinity)
            return plan
        }
        let start = track.loopStart
        let end = track.loopStart + track.loopLength
        plan.loopStart = start
        plan.loopLength = track.loopLength
        plan.passes = max(0, track.loopCount)
        // The first pass is part of the head: everything before the loop's end, notes cut there.
        plan.head = items(track.events.filter { $0.time < end }, clippedTo: end)
        plan.loop = items(track.events.filter { $0.time >= start && $0.time < end }, clippedTo: end)
        plan.tail = items(track.events.filter { $0.time >= end }, clippedTo: .infinity)
        return plan
    }

    /// The track's events as MIDI messages in time order (note-offs first among messages at one
    /// beat, so a note repeated back to back ends before it starts again).
    private func items(_ events: [SequenceEvent], clippedTo clip: Double) -> [Item] {
        var items: [(item: Item, rank: Int, order: Int)] = []
        // Note-offs first among messages at one beat, unless the note started there too.
        func add(_ item: Item, off: Bool = false, from start: Double = 0) { items.append((item, off && start != item.beat ? 0 : 1, items.count)) }
        for event in events where event.time < clip {
            switch event.type {
            case kMusicEventType_MIDINoteMessage:
                let note = event.value(as: MIDINoteMessage.self)
                let channel = note.channel & 0x0F
                add(Item(beat: event.time, status: 0x90 | channel, data1: note.note & 0x7F, data2: note.velocity & 0x7F))
                add(Item(beat: min(event.end, clip), status: 0x80 | channel, data1: note.note & 0x7F, data2: note.releaseVelocity & 0x7F), off: true, from: event.time)
            case kMusicEventType_ExtendedNote:
                let note = event.value(as: ExtendedNoteOnEvent.self)
                let key = StandardMIDIFile.midiByte(note.extendedParams.mPitch)
                add(Item(beat: event.time, status: 0x90, data1: key, data2: max(1, StandardMIDIFile.midiByte(note.extendedParams.mVelocity))))
                add(Item(beat: min(event.end, clip), status: 0x80, data1: key, data2: 0), off: true, from: event.time)
            case kMusicEventType_MIDIChannelMessage:
                let message = event.value(as: MIDIChannelMessage.self)
                guard (0x80...0xEF).contains(message.status) else { continue }
                add(Item(beat: event.time, status: message.status, data1: message.data1 & 0x7F, data2: message.data2 & 0x7F))
            case kMusicEventType_MIDIRawData:
                payloads.append(Array(event.payload))
                payloadEvents.append(event.storage)
                add(Item(beat: event.time, status: 0xF0, data1: 0, data2: 0, payload: Int32(payloads.count - 1)))
            case kMusicEventType_User:
                payloads.append(Array(event.payload))
                payloadEvents.append(event.storage)
                add(Item(beat: event.time, status: 0, data1: 0, data2: 0, payload: Int32(payloads.count - 1)))
            default:
                continue
            }
        }
        items.sort { ($0.item.beat, $0.rank, $0.order) < ($1.item.beat, $1.rank, $1.order) }
        return items.map(\.item)
    }
}
