/// `AVPlayerAudiovisualBackgroundPlaybackPolicy`: what a player playing video does when the app
/// goes to the background. The simulated players play audio only, which goes on in the
/// background as the app's session allows (a playback category and the audio background mode),
/// whatever the policy; it is kept as set.
public enum AVPlayerAudiovisualBackgroundPlaybackPolicy: Int, Sendable {
    case automatic = 1
    case pauses = 2
    case continuesIfPossible = 3
}
