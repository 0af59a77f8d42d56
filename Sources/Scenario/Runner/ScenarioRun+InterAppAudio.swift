import MediaServer
import AudioToolbox

/// Inter-App Audio in a run: every app gets its entitlement and icon, the apps whose declarations
/// have `audio-components:` are installed with them, and when a host instantiates one the system launches that app into the background
/// and the run creates its code, as a `launch` step would.
extension ScenarioRun {
    func installAudioComponents() {
        let registry = InterAppAudio.of(server)
        for app in scenario.apps {
            let id = AppID(app.name)
            registry.setEntitlement(id, interAppAudio: app.configuration.entitlements?.contains("inter-app-audio") ?? true)
            if let icon = app.configuration.icon { registry.setIcon(icon, for: id) }
            if !app.configuration.audioComponents.isEmpty { registry.install(id, components: app.configuration.audioComponents) }
        }
        registry.launcher = { [weak self] app in self?.createApp(app.name) }
    }
}
