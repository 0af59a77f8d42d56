import MediaServer
import OpenAudioToolbox

/// Inter-App Audio in a run: the apps whose declarations have `audio-components:` are installed
/// with them, and when a host instantiates one the system launches that app into the background
/// and the run creates its code, as a `launch` step would.
extension ScenarioRun {
    func installAudioComponents() {
        let registry = InterAppAudio.of(server)
        for app in scenario.apps where !app.configuration.audioComponents.isEmpty {
            registry.install(AppID(app.name), components: app.configuration.audioComponents)
        }
        registry.launcher = { [weak self] app in self?.createApp(app.name) }
    }
}
