import VirtualDevices

/// What the server owes apps' code (notifications, lifecycle changes), held until the input that
/// caused it has all its effects traced. An app's reaction — pausing its player on
/// `oldDeviceUnavailable` — is a new input; delivered at once, it would run, and be traced, in the
/// middle of the first input's effects (the `api.stopIO` line before the `route.changed` line
/// that caused it). Queued, the trace reads cause before reaction.
struct PendingDeliveries {
    /// Oldest first; a reaction's own deliveries join the end, after those already waiting.
    var queue: [() -> Void] = []
    /// How many server inputs are under way (an API call inside a device event's carry …).
    var depth = 0
    /// The queue is being delivered: an input that ends meanwhile leaves its deliveries to it.
    var draining = false
}

extension AudioServer {
    /// Runs one input to the server — a device event, an API call, the carrying out of one list
    /// of effects — and, when it is the outermost one, delivers what it queued afterwards, in order.
    /// Effects are traced as they happen; only app code waits.
    func afterEffects<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        deliveries.depth += 1
        defer {
            deliveries.depth -= 1
            if deliveries.depth == 0 { deliverQueued() }
        }
        return try body()
    }

    /// Records the notification now (it is the input's effect) and queues its delivery to the
    /// app's code (and to the watchers that must hear an interruption before the app does).
    func deliver(_ notification: PolicyNotification, to app: AppID) {
        record(.notification(app: app.name, SessionNotificationRecord(notification)))
        deliveries.queue.append { [unowned self] in
            if case .interruption(.began, _, _) = notification { watchers.notify(.interruptionBegan(app)) }
            endpoints[app]?.observer(notification)
        }
    }

    /// Queues telling the app's code, and the watchers, that it moved from `old` to `new`. A process
    /// that ended then loses the audio it did not stop itself (after its code had its say, as before).
    func deliverLifecycle(_ app: AppID, from old: AppLifecycle, to new: AppLifecycle) {
        deliveries.queue.append { [unowned self] in
            endpoints[app]?.lifecycleObserver(old, new)
            watchers.notify(.lifecycle(app, from: old, to: new))
            if new == .notRunning { removeAudio(of: app) }
        }
    }

    /// Delivers the queue, oldest first, including what reactions add to it meanwhile.
    private func deliverQueued() {
        guard !deliveries.draining else { return }
        deliveries.draining = true
        defer { deliveries.draining = false }
        while !deliveries.queue.isEmpty {
            let next = deliveries.queue.removeFirst()
            next()
        }
    }
}
