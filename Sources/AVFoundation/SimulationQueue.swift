import MediaServer
import SimCore

/// How blocks an app hands to a `DispatchQueue` (`requestMediaDataWhenReady(on:)`, time
/// observers' `queue:`, completion handlers) run in the simulation.
///
/// They never reach Dispatch: no thread runs them. The queue is kept only as the app's label for
/// it; the block runs as a scheduler action on the one simulation clock, inside the app's
/// context (so its `AVAudioSession.sharedInstance()` is its own), at the instant the device
/// would call it. Blocks due at the same instant run in the order they were scheduled, which
/// is what a serial queue guarantees and what makes a run reproducible.
struct SimulationQueue {
    let binding: AppBinding

    /// Runs `block` as the app at `time` (now if earlier).
    func run(_ label: String, at time: HostTime, _ block: @escaping () -> Void) {
        let binding = binding
        try? binding.server.schedule(label, at: max(time, binding.server.now)) {
            AppContext.run(as: binding) { block() }
        }
    }

    /// Runs `block` as the app as soon as the scheduler gets to it ("possibly asynchronously").
    func async(_ label: String, _ block: @escaping () -> Void) { run(label, at: binding.server.now, block) }

    /// The app whose code created the object: facades are made inside an app's context.
    static func currentBinding(_ what: String) -> AppBinding {
        guard let binding = AppContext.current else {
            preconditionFailure("\(what) must be created by app code running on a simulated device")
        }
        return binding
    }
}
