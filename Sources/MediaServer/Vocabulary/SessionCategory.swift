/// An audio session category (`AVAudioSession.Category`). The raw value is the string the
/// constant holds on a device (its symbol name; AVAudioSession.Category).
public enum SessionCategory: String, CaseIterable, Hashable, Sendable {
    case ambient = "AVAudioSessionCategoryAmbient"
    case soloAmbient = "AVAudioSessionCategorySoloAmbient"
    case playback = "AVAudioSessionCategoryPlayback"
    case record = "AVAudioSessionCategoryRecord"
    case playAndRecord = "AVAudioSessionCategoryPlayAndRecord"
    /// Deprecated in iOS 10 ("No longer supported"); no input, no output.
    case audioProcessing = "AVAudioSessionCategoryAudioProcessing"
    case multiRoute = "AVAudioSessionCategoryMultiRoute"

    /// The Swift case name (`playAndRecord`), as scenario files and reports spell it.
    public var name: String { "\(self)" }

    // Switches, not array literals: these are read for every app on every policy input.
    public var allowsInput: Bool {
        switch self {
        case .record, .playAndRecord, .multiRoute: true
        case .ambient, .soloAmbient, .playback, .audioProcessing: false
        }
    }

    public var allowsOutput: Bool {
        switch self {
        case .record, .audioProcessing: false
        case .ambient, .soloAmbient, .playback, .playAndRecord, .multiRoute: true
        }
    }

    /// Silenced by the Ring/Silent switch and by screen lock (ASPG table B-1).
    public var isSilencedBySwitchAndLock: Bool { self == .ambient || self == .soloAmbient }

    /// Can keep playing or recording in the background, given the `audio` background mode.
    public var canRunInBackground: Bool {
        switch self {
        case .ambient, .soloAmbient, .audioProcessing: false
        case .playback, .record, .playAndRecord, .multiRoute: true
        }
    }
}
