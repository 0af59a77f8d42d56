import VirtualDevices

/// What each app is told about its own state after every input, derived like the route: its input
/// mute state (`AVAudioApplication.inputMuteStateChangeNotification`), its rendering mode
/// (`renderingModeChangeNotification`, iOS 17.2) and whether its route renders spatial audio
/// (`spatialPlaybackCapabilitiesChangedNotification`, iOS 15). Each session keeps what it was last
/// told, so no input can forget to tell it, and nothing is told twice.
extension MediaPolicy {
    /// The rendering mode of `app`'s audio now. Nothing playing is `notApplicable` ("no asset
    /// loaded or playing"). Playing, a session that declared multichannel content
    /// (`setSupportsMultichannelContent(true)`) is rendered `spatialAudio` on spatial-audio
    /// headphones and `surround` on an output of more than two channels (HDMI 5.1, 7.1); anything
    /// else is `monoStereo`. Tying the richer modes to the declaration is our reading: Apple says
    /// the property is for apps with multichannel content and documents no rule for others.
    public func renderingMode(of app: AppID) -> RenderingMode {
        guard platform.reportsRenderingMode, isActive(app), isIORunning(app) else { return .notApplicable }
        guard supportsMultichannelContent(app), let output = route(for: app).outputs.first else { return .monoStereo }
        if output.supportsSpatialAudio { return .spatialAudio }
        return output.channels.count > 2 ? .surround : .monoStereo
    }

    /// Whether `app`'s route renders spatial audio now (`isSpatialAudioEnabled` on its output port).
    public func isSpatialAudioEnabled(for app: AppID) -> Bool {
        platform.reportsSpatialPlayback && route(for: app).outputs.contains { $0.supportsSpatialAudio }
    }

    func route(for app: AppID) -> AudioRoute { longFormRoute(for: app) ?? route }

    /// The notifications owed since each session was last told. Output mute (iOS 26) is told at
    /// once, and on iOS 26 a recording session hears when its available inputs change
    /// (MediaPolicy+OutputMute.swift). Input mute is told only while a
    /// recording session is active ("dispatched only while a record session is active"; a state
    /// set while inactive is told on activation). Rendering and spatial changes are told to the
    /// sessions that declared multichannel content: they are the apps Apple addresses, and an
    /// app that never asks hears nothing new, so runs written before these notifications keep
    /// their traces.
    mutating func toldStateChanges() -> [PolicyEffect] {
        var effects: [PolicyEffect] = []
        for index in sessions.indices where lifecycle(of: sessions[index].app) != .notRunning {
            let app = sessions[index].app
            effects += toldOutputMuteChange(index) + toldAvailableInputsChange(index)
            let muted = sessions[index].inputMuted
            if muted != sessions[index].toldInputMuted, isActive(app), sessions[index].configuration.category.allowsInput {
                sessions[index].toldInputMuted = muted
                effects.append(.notify(app, .inputMuteStateChange(muted: muted)))
            }
            guard sessions[index].supportsMultichannelContent else { continue }
            let mode = renderingMode(of: app)
            if mode != sessions[index].toldRenderingMode {
                sessions[index].toldRenderingMode = mode
                effects.append(.notify(app, .renderingModeChange(mode)))
            }
            let spatial = isSpatialAudioEnabled(for: app)
            if spatial != sessions[index].toldSpatialAudio {
                sessions[index].toldSpatialAudio = spatial
                effects.append(.notify(app, .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: spatial)))
            }
        }
        return effects
    }

    public mutating func setSupportsMultichannelContent(_ app: AppID, _ supports: Bool) throws(SessionError) -> [PolicyEffect] {
        try input { policy throws(SessionError) in
            try policy.requireMediaServices()
            policy.withSession(app) { session in
                session.supportsMultichannelContent = supports
                // What the app was told before it declared is not news it asked for: start from now.
                if !supports { session.toldRenderingMode = .notApplicable; session.toldSpatialAudio = false }
            }
            if supports {
                let mode = policy.renderingMode(of: app)
                let spatial = policy.isSpatialAudioEnabled(for: app)
                policy.withSession(app) { $0.toldRenderingMode = mode; $0.toldSpatialAudio = spatial }
            }
            return []
        }
    }
}

extension PlatformProfile {
    /// `renderingMode` and its notification arrived in iOS 17.2 (the `ios17` profile stands for
    /// 17's last point release); earlier releases report `notApplicable` and post nothing.
    public var reportsRenderingMode: Bool { since(17) }
    /// Spatial playback (`isSpatialAudioEnabled`, its notification) arrived in iOS 15.
    public var reportsSpatialPlayback: Bool { since(15) }
}
