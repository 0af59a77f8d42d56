/// Which categories each mode is valid with, and when it appeared (AVAudioSession.Mode, AVFAudio).
///
/// A mode the category does not support is not an error: Apple documents that the session then
/// uses the default mode's behaviour, so `SessionConfiguration.effectiveMode` falls back to default.
extension SessionMode {
    /// Categories the mode is documented for (AVAudioSession.Mode docs table, ASPG table B-2, header comments).
    /// videoChat follows the header (playAndRecord only) over a documentation page that adds record;
    /// voicePrompt is not in ASPG B-2 and follows its typical use (playback).
    public var validCategories: [SessionCategory] {
        switch self {
        case .default: SessionCategory.allCases
        case .voiceChat, .gameChat, .videoChat: [.playAndRecord]
        case .videoRecording: [.record, .playAndRecord]
        case .measurement: [.playback, .record, .playAndRecord]
        case .moviePlayback, .spokenAudio, .voicePrompt, .shortFormVideo: [.playback]
        case .dualRoute: [.multiRoute]
        }
    }

    public func isValid(with category: SessionCategory) -> Bool { validCategories.contains(category) }

    /// The iOS major release that introduced the mode (AVAudioSession.Mode docs "Avail."; dualRoute is 26.2).
    var introducedIn: Int {
        switch self {
        case .default, .voiceChat, .gameChat, .videoRecording, .measurement: 5
        case .moviePlayback: 6
        case .videoChat: 7
        case .spokenAudio: 9
        case .voicePrompt: 12
        case .shortFormVideo, .dualRoute: 26
        }
    }
}
