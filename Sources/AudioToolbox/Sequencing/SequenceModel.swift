import CoreAudioTypes
import CoreMIDI
import Foundation

/// A sequence (`MusicSequence`): its tracks, the tempo track whose tempo events make the tempo
/// map, and where the tracks play by default (an AUGraph, or a Core MIDI endpoint).
@_spi(Soundcheck) public final class SequenceModel {
    public private(set) var tracks: [SequenceTrack] = []
    public let tempoTrack = SequenceTrack()
    public var type: MusicSequenceType = .beats
    public var graph: AUGraph?
    public var endpoint: MIDIEndpointRef = 0
    /// Ticks per quarter note of the file loaded last (480 for a sequence made in memory).
    public var resolution = 480
    public var userCallback: (callback: MusicSequenceUserCallback, clientData: UnsafeMutableRawPointer?)?
    /// The handle apps hold, made on first use.
    var handle: MusicSequence?

    public init() {
        tempoTrack.sequence = self
    }

    public func newTrack() -> SequenceTrack {
        let track = SequenceTrack()
        track.sequence = self
        tracks.append(track)
        return track
    }

    public func remove(_ track: SequenceTrack) -> Bool {
        guard let index = tracks.firstIndex(where: { $0 === track }) else { return false }
        tracks.remove(at: index)
        track.sequence = nil
        return true
    }

    /// Forgets every track and the tempo track's events (a file load replaces the sequence).
    public func removeAll() {
        for track in tracks { track.sequence = nil }
        tracks.removeAll()
        tempoTrack.removeAll()
    }

    public var tempoMap: TempoMap {
        TempoMap(tempoEvents: tempoTrack.events.compactMap { event in
            event.type == kMusicEventType_ExtendedTempo ? (event.time, event.value(as: ExtendedTempoEvent.self).bpm) : nil
        })
    }

    /// The end of the longest track, in beats.
    public var length: MusicTimeStamp { tracks.reduce(0) { max($0, $1.length) } }

    // MARK: Files

    /// Replaces the sequence with a Standard MIDI File's tracks.
    public func load(smf data: some Collection<UInt8>, channelsToTracks: Bool = false) throws(SequenceFileError) {
        let file = try StandardMIDIFile(reading: Array(data))
        removeAll()
        resolution = file.ticksPerQuarterNote
        file.fill(self, channelsToTracks: channelsToTracks)
    }

    /// The sequence as a format 1 Standard MIDI File with `resolution` ticks per quarter note
    /// (0 means 480, as Core Audio's writer does).
    public func smfData(resolution: Int) throws(SequenceFileError) -> [UInt8] {
        guard resolution >= 0, resolution <= 0x7FFF else { throw SequenceFileError(kAudio_ParamError, "a resolution of \(resolution) ticks per quarter note") }
        return StandardMIDIFile.write(self, ticksPerQuarterNote: resolution == 0 ? 480 : resolution)
    }

    /// The file's facts for `MusicSequenceGetInfoDictionary`: its tempo, time signature,
    /// copyright and title from the tempo track and the first track, and its length in seconds.
    public var infoDictionary: [String: Any] {
        var info: [String: Any] = ["approximate duration in seconds": tempoMap.seconds(forBeats: length)]
        info["tempo"] = tempoMap.bpm(at: 0)
        for event in tempoTrack.events + (tracks.first?.events ?? []) where event.type == kMusicEventType_Meta {
            let metaType = event.storage.bytes.load(as: UInt8.self)
            let payload = Array(event.payload)
            switch metaType {
            case 0x58 where payload.count >= 2 && info["time signature"] == nil:
                info["time signature"] = "\(payload[0])/\(1 << min(Int(payload[1]), 16))"
            case 0x02 where info["copyright"] == nil: info["copyright"] = String(decoding: payload, as: UTF8.self)
            case 0x03 where info["title"] == nil: info["title"] = String(decoding: payload, as: UTF8.self)
            default: break
            }
        }
        return info
    }
}

/// A file that cannot be read or written, with the OSStatus Core Audio answers.
@_spi(Soundcheck) public struct SequenceFileError: Error, CustomStringConvertible {
    public let status: OSStatus
    public let reason: String
    public init(_ status: OSStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
    public var description: String { "\(reason) (OSStatus \(status))" }
}
