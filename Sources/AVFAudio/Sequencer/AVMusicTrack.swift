@_spi(Soundcheck) import AudioToolbox
import CoreMIDI
import Foundation

/// `AVMusicTrack`: one track of a sequencer (or its tempo track), over the MusicTrack beneath.
///
/// Loops: the events in `loopRange` play `numberOfLoops` times in all (`forever`, the default,
/// loops without end) when `isLoopingEnabled`; a note that runs past the range's end is cut
/// there. Edits take effect at the next `prepareToPlay`/`start` (or position change).
open class AVMusicTrack: NSObject, @unchecked Sendable {
    let track: SequenceTrack
    weak var sequencer: AVAudioSequencer?

    init(track: SequenceTrack, sequencer: AVAudioSequencer) {
        self.track = track
        self.sequencer = sequencer
        super.init()
    }

    private var isTempoTrack: Bool { sequencer?.model.tempoTrack === track }

    /// The instrument the track plays; nil plays the engine's first MIDI instrument.
    public var destinationAudioUnit: AVAudioUnit? {
        get { track.destinationObject as? AVAudioUnit }
        set { track.destinationObject = newValue }
    }

    /// A Core MIDI destination the track sends to instead of an audio unit (0: none).
    public var destinationMIDIEndpoint: MIDIEndpointRef {
        get { track.destinationEndpoint }
        set { track.destinationEndpoint = newValue }
    }

    public var loopRange: AVBeatRange {
        get { track.loopLength > 0 ? AVBeatRange(start: track.loopStart, length: track.loopLength) : AVBeatRange(start: 0, length: track.length) }
        set {
            track.loopStart = max(0, newValue.start)
            track.loopLength = max(0, newValue.length)
        }
    }

    public var isLoopingEnabled: Bool {
        get { track.isLooping }
        set {
            if newValue, track.loopLength <= 0 { track.loopLength = track.length }
            track.isLooping = newValue
        }
    }

    /// How often the loop range plays; `AVMusicTrackLoopCount.forever` (-1) for ever.
    public var numberOfLoops: Int {
        get { track.loopCount == 0 ? AVMusicTrackLoopCount.forever.rawValue : track.loopCount }
        set { track.loopCount = newValue <= 0 ? 0 : newValue }
    }

    public var offsetTime: AVMusicTimeStamp {
        get { track.offsetTime }
        set { track.offsetTime = newValue }
    }

    public var isMuted: Bool {
        get { track.isMuted }
        set { track.isMuted = newValue }
    }

    public var isSoloed: Bool {
        get { track.isSoloed }
        set { track.isSoloed = newValue }
    }

    public var lengthInBeats: AVMusicTimeStamp {
        get { track.length }
        set { track.length = max(0, newValue) }
    }

    public var lengthInSeconds: TimeInterval {
        get { sequencer?.seconds(forBeats: track.length) ?? track.length / 2 }
        set { track.length = max(0, sequencer?.beats(forSeconds: newValue) ?? newValue * 2) }
    }

    /// Ticks per quarter note of the file the sequence came from (480 otherwise).
    public var timeResolution: Int { sequencer?.model.resolution ?? 480 }

    public var usesAutomatedParameters: Bool {
        get { track.usesAutomatedParameters }
        set { track.usesAutomatedParameters = newValue }
    }

    // MARK: Events

    /// Adds `event` at `beat`. Tempo events go on the tempo track only, notes and channel
    /// messages on the other tracks; anything else is recorded as Apple's exception and ignored.
    public func addEvent(_ event: AVMusicEvent, at beat: AVMusicTimeStamp) {
        guard beat >= 0, beat.isFinite, let stored = event.sequenceEvent(at: beat) else {
            return AVAudioEngine.recordException("addEvent: not an event a track holds, or a negative beat", binding: sequencer?.engine?.binding)
        }
        let tempoOnly = stored.type == kMusicEventType_ExtendedTempo
        let allowedOnTempoTrack = tempoOnly || stored.type == kMusicEventType_Meta
        guard tempoOnly ? isTempoTrack : (!isTempoTrack || allowedOnTempoTrack) else {
            return AVAudioEngine.recordException("addEvent: tempo events belong on the tempo track, and only they and meta events there",
                                                 binding: sequencer?.engine?.binding)
        }
        track.add(stored)
    }

    public func moveEvents(in range: AVBeatRange, by beatAmount: AVMusicTimeStamp) {
        track.move(from: range.start, to: range.end, by: beatAmount)
    }

    public func clearEvents(in range: AVBeatRange) { track.clear(from: range.start, to: range.end) }

    public func cutEvents(in range: AVBeatRange) { track.cut(from: range.start, to: range.end) }

    public func copyEvents(in range: AVBeatRange, from sourceTrack: AVMusicTrack, insertAt insertStartBeat: AVMusicTimeStamp) {
        track.insert(from: sourceTrack.track, start: range.start, end: range.end, at: insertStartBeat, merge: false)
    }

    public func copyAndMergeEvents(in range: AVBeatRange, from sourceTrack: AVMusicTrack, mergeAt mergeStartBeat: AVMusicTimeStamp) {
        track.insert(from: sourceTrack.track, start: range.start, end: range.end, at: mergeStartBeat, merge: true)
    }

    /// Calls `block` for each event in `range` in time order with the event, its beat (which the
    /// block may change, moving the event) and a flag that removes it. Changes the block makes to
    /// the event object are stored too.
    public func enumerateEvents(in range: AVBeatRange, using block: (AVMusicEvent, UnsafeMutablePointer<AVMusicTimeStamp>, UnsafeMutablePointer<ObjCBool>) -> Void) {
        let chosen = track.events.enumerated().filter { $0.element.time >= range.start && $0.element.time < range.end }
        var replacements: [(index: Int, event: SequenceEvent?)] = []
        for (index, stored) in chosen {
            guard let event = AVMusicEvent.make(from: stored) else { continue }
            var beat = stored.time
            var remove = ObjCBool(false)
            block(event, &beat, &remove)
            if remove.boolValue {
                replacements.append((index, nil))
            } else if let updated = event.sequenceEvent(at: max(0, beat)), updated.time != stored.time || !updated.sameBytes(as: stored) {
                replacements.append((index, updated))
            }
        }
        for (index, _) in replacements.reversed() { track.remove(at: index) }
        for case (_, let event?) in replacements { track.add(event) }
    }
}

extension SequenceEvent {
    func sameBytes(as other: SequenceEvent) -> Bool {
        type == other.type && storage.size == other.storage.size && memcmp(storage.bytes, other.storage.bytes, storage.size) == 0
    }
}
