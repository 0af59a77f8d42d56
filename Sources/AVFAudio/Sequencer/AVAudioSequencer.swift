@_spi(Soundcheck) import AudioToolbox
import Foundation

/// `AVAudioSequencer`: plays a MIDI sequence (a Standard MIDI File, or tracks built in code)
/// into an engine's instruments. The sequence is a MusicSequence underneath (`SequenceModel`);
/// playing is driven by the engine's render: before each render pass the sequencer hands every
/// instrument the events due in that pass at their exact frames, as the tempo map and the rate
/// place them (AVAudioSequencer+Render.swift). So a note is heard at the output at the time the
/// tempo map gives, to the sample, whether the engine renders on the device or manually.
open class AVAudioSequencer: NSObject, @unchecked Sendable {
    let model = SequenceModel()
    /// The engine whose render drives playing (nil for a sequencer made with `init()`, which
    /// holds and edits sequences only).
    private(set) weak var engine: AVAudioEngine?
    private var trackObjects: [AVMusicTrack] = []
    private var tempoTrackObject: AVMusicTrack?
    var userCallback: AVAudioSequencerUserCallback?

    // Playing (AVAudioSequencer+Render.swift).
    let playback = SequencePlayback()
    var isPrepared = false
    public internal(set) var isPlaying = false
    /// The position while stopped.
    var stoppedBeat: AVMusicTimeStamp = 0
    var playRate: Float = 1
    /// Per track, where its events go (made at prepare).
    var destinations: [AVAudioUnitMIDIInstrument?] = []
    /// Per track, the Core MIDI destination it plays to instead (0: none).
    var endpoints: [MIDIEndpointRef] = []
    var midiOutput = SequencerMIDIOutput()
    /// The host time of the render pass that began at playback frame `lastPassFrame`.
    var lastPassHostTime: UInt64?
    var lastPassFrame: Int64 = 0
    /// User events played in the last passes, for the callback after them.
    var pendingUserEvents: [(track: Int, payload: Int32, beat: Double)] = []
    var pendingUserCount = 0

    public override init() {
        super.init()
    }

    public init(audioEngine engine: AVAudioEngine) {
        self.engine = engine
        super.init()
        pendingUserEvents = Array(repeating: (0, 0, 0), count: 64)
        engine.register(self)
    }

    deinit { engine?.unregister(self) }

    // MARK: Tracks

    public var tracks: [AVMusicTrack] {
        trackObjects = model.tracks.map { track in
            trackObjects.first { $0.track === track } ?? AVMusicTrack(track: track, sequencer: self)
        }
        return trackObjects
    }

    public var tempoTrack: AVMusicTrack {
        if let tempoTrackObject { return tempoTrackObject }
        let made = AVMusicTrack(track: model.tempoTrack, sequencer: self)
        tempoTrackObject = made
        return made
    }

    public func createAndAppendTrack() -> AVMusicTrack {
        _ = model.newTrack()
        return tracks[tracks.count - 1]
    }

    public func removeTrack(_ track: AVMusicTrack) -> Bool {
        guard model.remove(track.track) else { return false }
        trackObjects.removeAll { $0 === track }
        return true
    }

    /// Reverses every track in time over the sequence's length.
    public func reverseEvents() {
        let length = model.length
        for track in model.tracks + [model.tempoTrack] { track.reverse(within: length) }
    }

    public func setUserCallback(_ userCallback: AVAudioSequencerUserCallback?) { self.userCallback = userCallback }

    /// The file's facts: tempo, time signature, copyright and title as found, and the
    /// approximate duration in seconds.
    public var userInfo: [String: Any] { model.infoDictionary }

    // MARK: Files

    /// Replaces the sequence with a Standard MIDI File's. Errors carry Core Audio's status:
    /// `kAudioFileInvalidFileError` for bytes that are no well-formed SMF, and so on
    /// (`StandardMIDIFile`).
    public func load(from fileURL: URL, options: AVMusicSequenceLoadOptions = []) throws {
        guard let data = FileManager.default.contents(atPath: fileURL.path) else {
            throw Self.error(kAudioFileFileNotFoundError, "\(fileURL.path): no such file")
        }
        try load(from: data, options: options)
    }

    public func load(from data: Data, options: AVMusicSequenceLoadOptions = []) throws {
        do {
            try model.load(smf: data, channelsToTracks: options.contains(.smf_ChannelsToTracks))
        } catch {
            throw Self.error(error.status, error.reason)
        }
        stop()
        stoppedBeat = 0
        trackObjects = []
        isPrepared = false
    }

    /// Writes the sequence as a format 1 SMF with `resolution` ticks per quarter note (0: 480).
    /// An existing file is replaced only when `replace` is true (else `kAudioFilePermissionsError`).
    public func write(to fileURL: URL, smpteResolution resolution: Int, replaceExisting replace: Bool) throws {
        if FileManager.default.fileExists(atPath: fileURL.path), !replace {
            throw Self.error(kAudioFilePermissionsError, "\(fileURL.path) exists")
        }
        let bytes: [UInt8]
        do { bytes = try model.smfData(resolution: resolution) } catch { throw Self.error(error.status, error.reason) }
        guard FileManager.default.createFile(atPath: fileURL.path, contents: Data(bytes)) else {
            throw Self.error(kAudioFilePermissionsError, "\(fileURL.path) cannot be written")
        }
    }

    public func data(withSMPTEResolution SMPTEResolution: Int, error outError: NSErrorPointer) -> Data {
        do {
            return Data(try model.smfData(resolution: SMPTEResolution))
        } catch {
            outError?.pointee = Self.error(error.status, error.reason)
            return Data()
        }
    }

    // MARK: Time

    public func seconds(forBeats beats: AVMusicTimeStamp) -> TimeInterval { model.tempoMap.seconds(forBeats: beats) }

    public func beats(forSeconds seconds: TimeInterval) -> AVMusicTimeStamp { model.tempoMap.beats(forSeconds: seconds) }

    static func error(_ status: OSStatus, _ reason: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(status), userInfo: [NSLocalizedDescriptionKey: reason])
    }
}
