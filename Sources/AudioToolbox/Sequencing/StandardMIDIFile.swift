import CoreAudioTypes

/// A Standard MIDI File (the MIDI Manufacturers Association's SMF 1.0): a header chunk, then
/// track chunks of delta-timed events (channel messages with running status, System Exclusive,
/// meta events), timed in ticks per quarter note. Reads untrusted bytes: every length is
/// checked against what is left, and anything that is not a well-formed file is an error with
/// the status Core Audio's reader answers (`SequenceFileError`), never a trap.
///
/// What the reader refuses: bytes without an `MThd` header, chunks or events cut short, a status
/// byte where none may be (running status with no status before it, a system common or real-time
/// message inside a track), data bytes above 0x7F, a division of 0: `kAudioFileInvalidFileError`;
/// format 2 files and SMPTE (frames per second) divisions: `kAudioFileUnsupportedDataFormatError`.
/// Unknown chunks are skipped, as the specification asks.
@_spi(Soundcheck) public struct StandardMIDIFile {
    public enum Message: Equatable {
        case channel(status: UInt8, data1: UInt8, data2: UInt8)
        /// A System Exclusive message as it goes to a device: F0 … F7 for an `F0` event, the bytes
        /// as they are for an `F7` (escape) event.
        case sysEx([UInt8])
        case meta(type: UInt8, data: [UInt8])
    }

    public struct Event: Equatable {
        public var tick: Int
        public var message: Message
    }

    public struct Track: Equatable {
        public var events: [Event] = []
        /// The tick of its End of Track event (the last event's when it has none).
        public var endTick = 0
    }

    public var format: Int
    public var ticksPerQuarterNote: Int
    public var tracks: [Track]

    public init(format: Int, ticksPerQuarterNote: Int, tracks: [Track]) {
        self.format = format
        self.ticksPerQuarterNote = ticksPerQuarterNote
        self.tracks = tracks
    }

    static func invalid(_ reason: String) -> SequenceFileError { SequenceFileError(kAudioFileInvalidFileError, reason) }

    public init(reading bytes: [UInt8]) throws(SequenceFileError) {
        var reader = ByteReader(bytes)
        guard bytes.count >= 14, try reader.tag() == "MThd" else { throw Self.invalid("not a Standard MIDI File: no MThd header") }
        let headerLength = try reader.uint32()
        guard headerLength >= 6, headerLength <= UInt32(reader.remaining) else { throw Self.invalid("a header chunk of \(headerLength) bytes") }
        format = Int(try reader.uint16())
        let declaredTracks = Int(try reader.uint16())
        let division = try reader.uint16()
        try reader.skip(Int(headerLength) - 6)
        guard format <= 2 else { throw Self.invalid("format \(format)") }
        guard format != 2 else { throw SequenceFileError(kAudioFileUnsupportedDataFormatError, "format 2 (independent sequences) is not read") }
        guard division & 0x8000 == 0 else {
            throw SequenceFileError(kAudioFileUnsupportedDataFormatError, "SMPTE division (frames per second) is not read")
        }
        guard division > 0 else { throw Self.invalid("a division of 0 ticks per quarter note") }
        ticksPerQuarterNote = Int(division)
        tracks = []
        while reader.remaining >= 8 {
            let tag = try reader.tag()
            let length = Int(try reader.uint32())
            guard length <= reader.remaining else { throw Self.invalid("chunk \(tag) of \(length) bytes with \(reader.remaining) left") }
            let body = try reader.take(length)
            if tag == "MTrk" { tracks.append(try Self.readTrack(body, index: tracks.count)) }
        }
        guard !tracks.isEmpty || declaredTracks == 0 else { throw Self.invalid("no track chunk") }
        if format == 0, tracks.count > 1 { throw Self.invalid("a format 0 file with \(tracks.count) tracks") }
    }

    private static func readTrack(_ bytes: ArraySlice<UInt8>, index: Int) throws(SequenceFileError) -> Track {
        var reader = ByteReader(bytes)
        var track = Track()
        var tick = 0
        var runningStatus: UInt8?
        while reader.remaining > 0 {
            tick += try reader.variableLength()
            var status = try reader.byte()
            var firstData: UInt8?
            if status < 0x80 {
                guard let running = runningStatus else { throw invalid("track \(index): a data byte with no running status at tick \(tick)") }
                firstData = status
                status = running
            }
            switch status {
            case 0x80...0xEF:
                runningStatus = status
                let data1: UInt8
                if let firstData { data1 = firstData } else { data1 = try reader.dataByte() }
                var data2: UInt8 = 0
                if !(0xC0...0xDF).contains(status) { data2 = try reader.dataByte() }
                track.events.append(Event(tick: tick, message: .channel(status: status, data1: data1, data2: data2)))
            case 0xF0, 0xF7:
                runningStatus = nil
                let length = try reader.variableLength()
                let data = Array(try reader.take(length))
                track.events.append(Event(tick: tick, message: .sysEx(status == 0xF0 ? [0xF0] + data : data)))
            case 0xFF:
                runningStatus = nil
                let type = try reader.byte()
                let length = try reader.variableLength()
                let data = Array(try reader.take(length))
                guard type < 0x80 else { throw invalid("track \(index): meta event type \(type)") }
                if type == 0x2F {
                    track.endTick = tick
                    return track
                }
                track.events.append(Event(tick: tick, message: .meta(type: type, data: data)))
            default:
                throw invalid("track \(index): status \(status) is not allowed in a file (tick \(tick))")
            }
            track.endTick = tick
        }
        return track
    }
}

/// Big-endian reading within a slice; running past the end is `kAudioFileInvalidFileError`.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: [UInt8]) { self.init(bytes[...]) }
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - position }

    mutating func byte() throws(SequenceFileError) -> UInt8 {
        guard position < bytes.endIndex else { throw StandardMIDIFile.invalid("the data ends inside an event") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func dataByte() throws(SequenceFileError) -> UInt8 {
        let value = try byte()
        guard value < 0x80 else { throw StandardMIDIFile.invalid("a status byte \(value) where a data byte belongs") }
        return value
    }

    mutating func take(_ count: Int) throws(SequenceFileError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw StandardMIDIFile.invalid("\(count) bytes wanted, \(remaining) left") }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func skip(_ count: Int) throws(SequenceFileError) { _ = try take(count) }

    mutating func uint16() throws(SequenceFileError) -> UInt16 {
        UInt16(try byte()) << 8 | UInt16(try byte())
    }

    mutating func uint32() throws(SequenceFileError) -> UInt32 {
        UInt32(try uint16()) << 16 | UInt32(try uint16())
    }

    mutating func tag() throws(SequenceFileError) -> String {
        String(decoding: try take(4), as: UTF8.self)
    }

    /// A variable-length quantity: at most four bytes, seven bits each (0 … 0x0FFFFFFF).
    mutating func variableLength() throws(SequenceFileError) -> Int {
        var value = 0
        for _ in 0..<4 {
            let next = try byte()
            value = value << 7 | Int(next & 0x7F)
            if next & 0x80 == 0 { return value }
        }
        throw StandardMIDIFile.invalid("a variable-length quantity longer than four bytes")
    }
}
