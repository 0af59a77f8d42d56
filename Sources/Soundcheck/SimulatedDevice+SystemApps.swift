extension SimulatedDevice {
    /// Launches the Music app (a system participant) and returns it.
    @discardableResult
    public func launchMusic() throws -> MusicApp {
        try launch(MusicApp.name, backgroundAudio: true) { MusicApp() }
    }
}
