import SimCore
import VirtualDevices

/// The session preferences of iOS 14.5 and later (`AVAudioSession`'s setters): each call is an
/// input to the policy, traced with its result like every session call; the policy owns the state.
extension AudioServer {
    public func prefersNoInterruptionsFromSystemAlerts(_ app: AppID) -> Bool { policy.prefersNoInterruptionsFromSystemAlerts(app) }

    public func setPrefersNoInterruptionsFromSystemAlerts(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try api(.apiSetPrefersNoInterruptionsFromSystemAlerts, app, ["prefers": .bool(prefers)]) { () throws(SessionError) in
            try policy.setPrefersNoInterruptionsFromSystemAlerts(app, prefers)
            return []
        }
    }

    public func prefersEchoCancelledInput(_ app: AppID) -> Bool { policy.prefersEchoCancelledInput(app) }
    public func isEchoCancelledInputAvailable(for app: AppID) -> Bool { policy.isEchoCancelledInputAvailable(for: app) }
    public func isEchoCancelledInputEnabled(for app: AppID) -> Bool { policy.isEchoCancelledInputEnabled(for: app) }

    public func setPrefersEchoCancelledInput(_ app: AppID, _ prefers: Bool) throws(SessionError) {
        try api(.apiSetPrefersEchoCancelledInput, app, ["prefers": .bool(prefers)]) { () throws(SessionError) in
            try policy.setPrefersEchoCancelledInput(app, prefers)
        }
    }

    public func supportsMultichannelContent(_ app: AppID) -> Bool { policy.supportsMultichannelContent(app) }
    public func renderingMode(of app: AppID) -> RenderingMode { policy.renderingMode(of: app) }
    public func isSpatialAudioEnabled(for app: AppID) -> Bool { policy.isSpatialAudioEnabled(for: app) }

    public func setSupportsMultichannelContent(_ app: AppID, _ supports: Bool) throws(SessionError) {
        try api(.apiSetSupportsMultichannelContent, app, ["supports": .bool(supports)]) { () throws(SessionError) in
            try policy.setSupportsMultichannelContent(app, supports)
        }
    }
}
