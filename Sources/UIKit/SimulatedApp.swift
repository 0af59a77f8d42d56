import MediaServer
@_spi(Soundcheck) import AVFAudio

/// The one way an app joins the simulated device, for the harness (`SimulatedDevice.launch`) and
/// the scenario runner alike: the media server learns the app, its session notifications reach
/// `AVAudioSession` observers and its lifecycle changes reach `UIApplication` observers, each
/// posted inside the app's own context.
@_spi(Soundcheck)
public enum SimulatedApp {
    public static func register(_ app: AppID, on server: AudioServer, hasAudioBackgroundMode: Bool) {
        let binding = AppBinding(server: server, app: app)
        ControlCenterNotifications.follow(server)
        server.register(app, hasAudioBackgroundMode: hasAudioBackgroundMode,
                        observer: { AVAudioSession.post($0, to: binding) },
                        lifecycleObserver: { old, new in
                            UIApplication.postLifecycle(LifecycleNotifications.names(from: old, to: new), to: binding)
                        })
    }
}
