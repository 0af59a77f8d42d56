/// How many of an app's audio objects run I/O — players, recorders, I/O units, engines — counted
/// in one place: the server is told when the first starts and when the last stops
/// (`setIORunning`), as mediaserverd sees one client per app whatever API its objects use.
///
/// The count is the app's side of the story, not a copy of the policy's fact: whether the app's
/// I/O runs is kept once, in the policy (`MediaPolicy.isIORunning`, stored in the arbiter's
/// `AppSession`), and follows the first start and the last stop counted here.
public final class AppIOUsers {
    private var running = 0
    private var epoch: Int

    private init(epoch: Int) { self.epoch = epoch }

    /// The app's one counter.
    public static func of(_ binding: AppBinding) -> AppIOUsers {
        binding.server.attachment(for: binding.app, key: "MediaServer.AppIOUsers") {
            AppIOUsers(epoch: binding.server.epoch)
        }
    }

    /// An object starts I/O; the policy may refuse (e.g. `cannotStartPlaying` from the background).
    public func start(_ binding: AppBinding) throws(SessionError) {
        resetIfStale(binding)
        try binding.server.setIORunning(binding.app, true)
        running += 1
    }

    /// An object stops I/O; the app's I/O stops with its last object.
    public func stop(_ binding: AppBinding) {
        resetIfStale(binding)
        guard running > 0 else { return }
        running -= 1
        if running == 0 { try? binding.server.setIORunning(binding.app, false) }
    }

    /// A media-services reset forgot every app's I/O; objects from before it no longer count.
    private func resetIfStale(_ binding: AppBinding) {
        if epoch != binding.server.epoch { (epoch, running) = (binding.server.epoch, 0) }
    }
}
