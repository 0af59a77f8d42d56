import OpenAVFAudio

/// A DJ app: the multiRoute category, with the cue (preview) on the headphones and the house
/// mix on a USB interface or HDMI. Routing only for now: it logs which port carries what.
public final class DJApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .multiRoute }
    override public class var defaultTone: Int? { 2_000 }

    override public func perform(_ command: String) {
        switch command {
        case "play":
            play(because: "user")
            logRouting()
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    override public func routeChanged(reason: AVAudioSession.RouteChangeReason) {
        if isPlaying { logRouting() }
    }

    private func logRouting() {
        let outputs = session.currentRoute.outputs.map(\.portType)
        let cue = outputs.first { $0 == .headphones }
        let house = outputs.first { $0 == .usbAudio || $0 == .HDMI } ?? outputs.first { $0 != cue }
        log("routing", ["cue": cue?.rawValue ?? "none", "house": house?.rawValue ?? "none"])
    }
}
