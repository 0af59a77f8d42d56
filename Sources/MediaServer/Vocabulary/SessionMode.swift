/// An audio session mode (`AVAudioSession.Mode`); raw values are the constants' strings.
public enum SessionMode: String, CaseIterable, Hashable, Sendable {
    case `default` = "AVAudioSessionModeDefault"
    case voiceChat = "AVAudioSessionModeVoiceChat"
    case gameChat = "AVAudioSessionModeGameChat"
    case videoRecording = "AVAudioSessionModeVideoRecording"
    case measurement = "AVAudioSessionModeMeasurement"
    case moviePlayback = "AVAudioSessionModeMoviePlayback"
    case videoChat = "AVAudioSessionModeVideoChat"
    case spokenAudio = "AVAudioSessionModeSpokenAudio"
    case voicePrompt = "AVAudioSessionModeVoicePrompt"
    case shortFormVideo = "AVAudioSessionModeShortFormVideo"
    case dualRoute = "AVAudioSessionModeDualRoute"

    public var name: String { "\(self)" }
}
