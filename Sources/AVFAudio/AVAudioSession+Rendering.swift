import Foundation
import MediaServer

/// Rendering and spatial playback (iOS 15 and 17.2): what the system does with the session's
/// audio on the current route. The media server decides (MediaPolicy+Rendering.swift): nothing
/// playing is `notApplicable`; a session that declared multichannel content plays `spatialAudio`
/// on spatial-audio headphones and `surround` on HDMI 5.1 or 7.1; otherwise `monoStereo`. The
/// notifications go to sessions that declared multichannel content, when the value changes.
extension AVAudioSession {
    /// `AVAudioSession.RenderingMode` (raw values from AVAudioSessionTypes.h).
    public enum RenderingMode: Int, Sendable {
        case notApplicable = 0, monoStereo = 1, surround = 2, spatialAudio = 3, dolbyAudio = 4, dolbyAtmos = 5
    }

    /// iOS 17.2; userInfo `AVAudioSessionRenderingModeNewRenderingModeKey` (an NSNumber of the raw value).
    public static let renderingModeChangeNotification = NSNotification.Name("AVAudioSessionRenderingModeChangeNotification")
    /// iOS 15; userInfo `AVAudioSessionSpatialAudioEnabledKey` (an NSNumber of a Bool).
    public static let spatialPlaybackCapabilitiesChangedNotification =
        NSNotification.Name("AVAudioSessionSpatialPlaybackCapabilitiesChangedNotification")

    public var renderingMode: RenderingMode {
        read(.notApplicable) { server, app in RenderingMode(rawValue: server.renderingMode(of: app).rawValue) ?? .notApplicable }
    }

    public var supportsMultichannelContent: Bool { read(false) { $0.supportsMultichannelContent($1) } }

    /// Declares that the app plays multichannel content (iOS 15), so the system may render it
    /// surround or spatially and tells it when that changes.
    public func setSupportsMultichannelContent(_ inValue: Bool) throws {
        try call { server, app throws(SessionError) in try server.setSupportsMultichannelContent(app, inValue) }
    }

    // MARK: System alerts

    public var prefersNoInterruptionsFromSystemAlerts: Bool { read(false) { $0.prefersNoInterruptionsFromSystemAlerts($1) } }

    /// iOS 14.5: a ringing call no longer interrupts the session; answering it still does
    /// (MediaPolicy+SystemAlerts.swift).
    public func setPrefersNoInterruptionsFromSystemAlerts(_ inValue: Bool) throws {
        try call { server, app throws(SessionError) in try server.setPrefersNoInterruptionsFromSystemAlerts(app, inValue) }
    }
}

public let AVAudioSessionRenderingModeNewRenderingModeKey = "AVAudioSessionRenderingModeNewRenderingModeKey"
public let AVAudioSessionSpatialAudioEnabledKey = "AVAudioSessionSpatialAudioEnabledKey"

extension AVAudioSession {
    /// iOS 17.2: posted when `supportedOutputChannelLayouts` may have changed. The simulation does
    /// not post it yet; read the layouts after a route change instead.
    public static let renderingCapabilitiesChangeNotification =
        NSNotification.Name("AVAudioSessionRenderingCapabilitiesChangeNotification")

    /// iOS 17.2: the channel layouts the current output takes, which only CarPlay and AirPlay
    /// outputs report: one layout for each such output's channel count (stereo, 5.1 or 7.1).
    /// Empty for every other output and while the session is inactive, as Apple documents.
    public var supportedOutputChannelLayouts: [AVAudioChannelLayout] {
        let outputs = read([]) { server, app in server.isActive(app) ? server.currentRoute(for: app).outputs : [] }
        return outputs.filter { [.carAudio, .airPlay].contains(Port($0.portType)) }.compactMap { port in
            let tag: AudioChannelLayoutTag? = switch port.channels.count {
            case 1: kAudioChannelLayoutTag_Mono
            case 2: kAudioChannelLayoutTag_Stereo
            case 6: kAudioChannelLayoutTag_MPEG_5_1_A
            case 8: kAudioChannelLayoutTag_MPEG_7_1_A
            default: nil
            }
            return tag.flatMap(AVAudioChannelLayout.init(layoutTag:))
        }
    }
}
