/// An audio session category (`AVAudioSession.Category`). The raw value is the string the
/// constant holds on a device (its symbol name; reference avaudiosession.md §2).
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

    public var allowsInput: Bool { [.record, .playAndRecord, .multiRoute].contains(self) }
    public var allowsOutput: Bool { ![.record, .audioProcessing].contains(self) }

    /// Silenced by the Ring/Silent switch and by screen lock (ASPG table B-1).
    public var isSilencedBySwitchAndLock: Bool { self == .ambient || self == .soloAmbient }

    /// Can keep playing or recording in the background, given the `audio` background mode.
    public var canRunInBackground: Bool { ![.ambient, .soloAmbient, .audioProcessing].contains(self) }
}
