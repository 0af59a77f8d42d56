import CoreAudioTypes

/// A file's events as a sequence's and back. Reading: note-on/note-off pairs become notes with a
/// duration (an off closes the earliest open note of its channel and key; a note still open at
/// the end of its track lasts to there); tempo events go to the tempo track as extended tempo
/// events, time and key signatures and SMPTE offsets to the tempo track as meta events; in a
/// format 1 file the first track chunk is the tempo track (its other meta events stay there, its
/// channel messages make a track of their own). Writing is the reverse, always format 1.
extension StandardMIDIFile {
    /// Meta events that belong to the tempo track wherever they are found.
    private static let conductorMeta: Set<UInt8> = [0x51, 0x54, 0x58, 0x59]

    func fill(_ sequence: SequenceModel, channelsToTracks: Bool) {
        let ppq = Double(ticksPerQuarterNote)
        for (index, chunk) in tracks.enumerated() {
            let isConductor = format == 1 && index == 0
            var events: [SequenceEvent] = []
            var open: [Int: [Int]] = [:]   // channel << 7 | key: indices of open notes in `events`
            func close(_ key: Int, at tick: Int, releaseVelocity: UInt8) {
                guard var queue = open[key], !queue.isEmpty else { return }
                let at = queue.removeFirst()
                open[key] = queue
                var note = events[at].value(as: MIDINoteMessage.self)
                note.duration = Float32(Double(tick) / ppq - events[at].time)
                note.releaseVelocity = releaseVelocity
                events[at] = .note(events[at].time, note)
            }
            for event in chunk.events {
                let beat = Double(event.tick) / ppq
                switch event.message {
                case .channel(let status, let data1, let data2):
                    let channel = status & 0x0F
                    let key = Int(channel) << 7 | Int(data1)
                    if status & 0xF0 == 0x90, data2 > 0 {
                        open[key, default: []].append(events.count)
                        events.append(.note(beat, MIDINoteMessage(channel: channel, note: data1, velocity: data2, releaseVelocity: 0, duration: 0)))
                    } else if status & 0xF0 == 0x80 || status & 0xF0 == 0x90 {
                        close(key, at: event.tick, releaseVelocity: status & 0xF0 == 0x80 ? data2 : 0)
                    } else {
                        events.append(.channel(beat, MIDIChannelMessage(status: status, data1: data1, data2: data2, reserved: 0)))
                    }
                case .sysEx(let bytes):
                    events.append(.rawData(beat, bytes))
                case .meta(0x51, let data) where data.count == 3:
                    let microseconds = Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2])
                    if microseconds > 0 { sequence.tempoTrack.add(.tempo(beat, bpm: 60_000_000 / Double(microseconds))) }
                case .meta(let type, let data):
                    if isConductor || Self.conductorMeta.contains(type) {
                        sequence.tempoTrack.add(.meta(beat, type: type, data))
                    } else {
                        events.append(.meta(beat, type: type, data))
                    }
                }
            }
            for (key, queue) in open.sorted(by: { $0.key < $1.key }) {
                for _ in queue { close(key, at: max(chunk.endTick, chunk.events.last?.tick ?? 0), releaseVelocity: 0) }
            }
            guard !events.isEmpty || (!isConductor && format == 1) else { continue }
            let end = Double(chunk.endTick) / ppq
            for group in split(events, byChannel: channelsToTracks && format == 0) {
                let track = sequence.newTrack()
                for event in group { track.add(event) }
                track.explicitLength = max(end, group.reduce(0) { max($0, $1.end) })
            }
        }
    }

    /// One group, or (smf_ChannelsToTracks) the events that are not channel messages, then one
    /// group per channel in channel order.
    private func split(_ events: [SequenceEvent], byChannel: Bool) -> [[SequenceEvent]] {
        guard byChannel else { return [events] }
        var groups = [[SequenceEvent]](repeating: [], count: 17)
        for event in events {
            switch event.type {
            case kMusicEventType_MIDINoteMessage: groups[1 + Int(event.value(as: MIDINoteMessage.self).channel & 0x0F)].append(event)
            case kMusicEventType_MIDIChannelMessage: groups[1 + Int(event.value(as: MIDIChannelMessage.self).status & 0x0F)].append(event)
            default: groups[0].append(event)
            }
        }
        return groups.filter { !$0.isEmpty }
    }

    // MARK: Writing

    static func write(_ sequence: SequenceModel, ticksPerQuarterNote ppq: Int) -> [UInt8] {
        var bytes: [UInt8] = Array("MThd".utf8) + be32(6) + be16(1) + be16(UInt16(min(sequence.tracks.count + 1, 0xFFFF))) + be16(UInt16(ppq))
        for track in [sequence.tempoTrack] + sequence.tracks.prefix(0xFFFE) {
            let body = trackChunk(track, ppq: Double(ppq))
            bytes += Array("MTrk".utf8) + be32(UInt32(body.count)) + body
        }
        return bytes
    }

    /// One track's events as a chunk: note-offs before other events at the same tick, running
    /// status between channel messages, End of Track at the track's length.
    private static func trackChunk(_ track: SequenceTrack, ppq: Double) -> [UInt8] {
        // Beats an app set out of range (an endless note) end at the latest tick a file can hold.
        func tick(_ beat: Double) -> Int {
            let ticks = (beat * ppq).rounded()
            return ticks.isNaN ? 0 : Int(max(0, min(ticks, Double(0x0FFF_FFFF))))
        }
        var items: [(tick: Int, rank: Int, order: Int, bytes: [UInt8])] = []
        // A note-off goes before the other events at its tick (a note repeated back to back ends
        // before it starts again), unless its own note-on is at that tick too.
        func add(_ at: Double, _ bytes: [UInt8], noteOff: Bool = false, from start: Double = 0) {
            items.append((tick(at), noteOff && tick(start) != tick(at) ? 0 : 1, items.count, bytes))
        }
        for event in track.events {
            switch event.type {
            case kMusicEventType_MIDINoteMessage:
                let note = event.value(as: MIDINoteMessage.self)
                add(event.time, [0x90 | note.channel & 0x0F, note.note & 0x7F, note.velocity & 0x7F])
                add(event.end, [0x80 | note.channel & 0x0F, note.note & 0x7F, note.releaseVelocity & 0x7F], noteOff: true, from: event.time)
            case kMusicEventType_ExtendedNote:
                let note = event.value(as: ExtendedNoteOnEvent.self)
                let key = midiByte(note.extendedParams.mPitch)
                add(event.time, [0x90, key, max(1, midiByte(note.extendedParams.mVelocity))])
                add(event.end, [0x80, key, 0], noteOff: true, from: event.time)
            case kMusicEventType_MIDIChannelMessage:
                let message = event.value(as: MIDIChannelMessage.self)
                guard (0x80...0xEF).contains(message.status) else { continue }
                let oneByte = (0xC0...0xDF).contains(message.status)
                add(event.time, [message.status, message.data1 & 0x7F] + (oneByte ? [] : [message.data2 & 0x7F]))
            case kMusicEventType_MIDIRawData:
                let data = Array(event.payload)
                if data.first == 0xF0 { add(event.time, [0xF0] + vlq(data.count - 1) + data.dropFirst()) }
                else { add(event.time, [0xF7] + vlq(data.count) + data) }
            case kMusicEventType_Meta:
                let data = Array(event.payload)
                add(event.time, [0xFF, event.storage.bytes.load(as: UInt8.self) & 0x7F] + vlq(data.count) + data)
            case kMusicEventType_ExtendedTempo:
                let bpm = event.value(as: ExtendedTempoEvent.self).bpm
                let microseconds = bpm > 0 ? max(1, min(0xFF_FFFF, Int((60_000_000 / bpm).rounded()))) : 500_000
                add(event.time, [0xFF, 0x51, 0x03, UInt8(microseconds >> 16), UInt8(microseconds >> 8 & 0xFF), UInt8(microseconds & 0xFF)])
            default:
                continue   // user, parameter and preset events have no place in a MIDI file
            }
        }
        items.sort { ($0.tick, $0.rank, $0.order) < ($1.tick, $1.rank, $1.order) }
        var body: [UInt8] = []
        var last = 0
        var running: UInt8?
        for item in items {
            body += vlq(item.tick - last)
            last = item.tick
            let status = item.bytes[0]
            if status < 0xF0, status == running { body += item.bytes.dropFirst() } else { body += item.bytes }
            running = status < 0xF0 ? status : nil
        }
        body += vlq(max(0, tick(track.length) - last)) + [0xFF, 0x2F, 0x00]
        return body
    }

    /// A float pitch or velocity as a MIDI data byte (NaN is 0).
    static func midiByte(_ value: Float) -> UInt8 { value.isNaN ? 0 : UInt8(max(0, min(127, value.rounded()))) }

    static func vlq(_ value: Int) -> [UInt8] {
        var value = min(max(0, value), 0x0FFF_FFFF)
        var bytes = [UInt8(value & 0x7F)]
        value >>= 7
        while value > 0 {
            bytes.insert(UInt8(value & 0x7F) | 0x80, at: 0)
            value >>= 7
        }
        return bytes
    }

    private static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
