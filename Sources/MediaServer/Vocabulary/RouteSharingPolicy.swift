/// `AVAudioSession.RouteSharingPolicy` (raw values AVAudioSession.RouteSharingPolicy docs; `longForm` is a deprecated alias of 1).
public enum RouteSharingPolicy: UInt, CaseIterable, Hashable, Sendable {
    case `default` = 0
    case longFormAudio = 1
    case independent = 2
    case longFormVideo = 3

    public var name: String { "\(self)" }
}
