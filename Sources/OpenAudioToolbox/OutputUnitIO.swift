import MediaServer

/// How many of an app's I/O units run: the server hears when the first starts and the last
/// stops (`setIORunning`), as mediaserverd sees one client per app. A media-services reset
/// forgets the count, as the server forgot the app's I/O.
final class OutputUnitIO {
    private var running = 0
    private var epoch: Int

    private init(epoch: Int) { self.epoch = epoch }

    static func of(_ binding: AppBinding) -> OutputUnitIO {
        binding.server.attachment(for: binding.app, key: "OpenAudioToolbox.OutputUnitIO") {
            OutputUnitIO(epoch: binding.server.epoch)
        }
    }

    /// A unit starts I/O; the policy may refuse (`cannotStartPlaying` from the background…).
    func start(_ binding: AppBinding) throws(SessionError) {
        resetIfStale(binding)
        try binding.server.setIORunning(binding.app, true)
        running += 1
    }

    func stop(_ binding: AppBinding) {
        resetIfStale(binding)
        guard running > 0 else { return }
        running -= 1
        if running == 0 { try? binding.server.setIORunning(binding.app, false) }
    }

    private func resetIfStale(_ binding: AppBinding) {
        if epoch != binding.server.epoch { (epoch, running) = (binding.server.epoch, 0) }
    }
}
