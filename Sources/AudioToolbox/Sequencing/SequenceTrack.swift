import CoreAudioTypes
import CoreMIDI

/// A track of a sequence (`MusicTrack`): events kept in time order (events at one time keep the
/// order they were added in), the track's properties and its destination.
@_spi(Soundcheck) public final class SequenceTrack {
    public private(set) var events: [SequenceEvent] = []
    public weak var sequence: SequenceModel?

    /// The loop: `loopLength` beats from `loopStart` play `loopCount` times (0: for ever), when
    /// `isLooping`.
    public var isLooping = false
    public var loopStart: MusicTimeStamp = 0
    public var loopLength: MusicTimeStamp = 0
    public var loopCount: Int = 0
    public var offsetTime: MusicTimeStamp = 0
    public var isMuted = false
    public var isSoloed = false
    public var usesAutomatedParameters = false
    /// Set by the app (`kSequenceTrackProperty_TrackLength`); else the end of the last event.
    public var explicitLength: MusicTimeStamp?
    /// A Core MIDI destination, or an AUGraph node, or (for AVAudioSequencer) an engine node the
    /// layer above names through `destinationObject`.
    public var destinationEndpoint: MIDIEndpointRef = 0
    public var destinationNode: AUNode?
    public var destinationObject: AnyObject?
    /// The handle apps hold, made on first use.
    var handle: MusicTrack?

    public init() {}

    public var length: MusicTimeStamp {
        get { explicitLength ?? events.reduce(0) { max($0, $1.end) } }
        set { explicitLength = newValue }
    }

    /// Inserts `event` after the events at or before its time.
    public func add(_ event: SequenceEvent) {
        var index = events.count
        while index > 0, events[index - 1].time > event.time { index -= 1 }
        events.insert(event, at: index)
    }

    public func remove(at index: Int) { events.remove(at: index) }

    public func replace(at index: Int, with event: SequenceEvent) {
        events.remove(at: index)
        add(event)
    }

    /// The same slot, new data at the same time (the iterator's `SetEventInfo`).
    public func replaceInPlace(at index: Int, with event: SequenceEvent) { events[index] = event }

    public func removeAll() { events.removeAll() }

    /// The events in `start ..< end`.
    public func events(from start: MusicTimeStamp, to end: MusicTimeStamp) -> [SequenceEvent] {
        events.filter { $0.time >= start && $0.time < end }
    }

    /// Removes the events in `start ..< end` (`MusicTrackClear`).
    public func clear(from start: MusicTimeStamp, to end: MusicTimeStamp) {
        events.removeAll { $0.time >= start && $0.time < end }
    }

    /// Removes the events in `start ..< end` and moves the later ones back by its length (`MusicTrackCut`).
    public func cut(from start: MusicTimeStamp, to end: MusicTimeStamp) {
        clear(from: start, to: end)
        events = events.map { $0.time >= end ? $0.moved(to: $0.time - (end - start)) : $0 }
    }

    /// Moves the events in `start ..< end` by `amount` beats (events before beat 0 stop there).
    public func move(from start: MusicTimeStamp, to end: MusicTimeStamp, by amount: MusicTimeStamp) {
        let moving = events(from: start, to: end)
        clear(from: start, to: end)
        for event in moving { add(event.moved(to: max(0, event.time + amount))) }
    }

    /// Copies `source`'s events in `start ..< end` to `at`, moving this track's events from `at`
    /// on later by the range's length (`MusicTrackCopyInsert`) or merging them (`MusicTrackMerge`).
    public func insert(from source: SequenceTrack, start: MusicTimeStamp, end: MusicTimeStamp, at: MusicTimeStamp, merge: Bool) {
        let copied = source.events(from: start, to: end)
        if !merge { events = events.map { $0.time >= at ? $0.moved(to: $0.time + (end - start)) : $0 } }
        for event in copied { add(event.moved(to: event.time - start + at)) }
    }

    /// Every event at `length - end` (`MusicSequenceReverse`); notes keep their duration, so a
    /// note now starts where it used to end.
    public func reverse(within total: MusicTimeStamp) {
        let old = events
        events.removeAll()
        for event in old.reversed() { add(event.moved(to: max(0, total - event.end))) }
    }
}
