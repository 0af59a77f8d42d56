/// Ducking and the secondary-audio hint are functions of who is active, so the arbiter never
/// stores them: each input snapshots them before it changes anything and reports the differences
/// afterwards. That keeps them right whatever path (activation, interruption, lifecycle) changed them.
extension ActivationArbiter {
    struct DerivedEntry: Hashable {
        let app: AppID
        let ducked: Bool
        /// The hint as the app would hear it: nil unless the app is in the foreground with an
        /// active session, the only apps the notification goes to (duckOthers and notifyOthersOnDeactivation docs, the iOS 26 SDK header; 2014 talk).
        let hint: Bool?
    }

    /// One pass to count who ducks and who plays primary audio, one pass to judge each app, so
    /// an input costs O(apps), not O(apps²) (1,000 apps stay fast).
    func derivedState() -> [DerivedEntry] {
        let active = order.map { app in sessions[app].flatMap { $0.isActive ? $0 : nil } }
        var duckers = 0
        var primaryPlaying = 0
        for session in active {
            guard let session else { continue }
            if session.traits.ducksOthers { duckers += 1 }
            if isPlaying(session), !session.traits.isMixable { primaryPlaying += 1 }
        }
        return zip(order, active).map { app, session in
            guard let session else { return DerivedEntry(app: app, ducked: false, hint: nil) }
            let otherDuckers = duckers - (session.traits.ducksOthers ? 1 : 0)
            let otherPrimary = primaryPlaying - (isPlaying(session) && !session.traits.isMixable ? 1 : 0)
            return DerivedEntry(app: app, ducked: otherDuckers > 0, hint: session.isForeground ? otherPrimary > 0 : nil)
        }
    }

    /// `setDucked` for every app whose ducking changed, in app order.
    func duckingChanges(since before: [DerivedEntry]) -> [PolicyAction] {
        paired(with: before).compactMap { was, now in
            (was?.ducked ?? false) == now.ducked ? nil : .setDucked(now.app, now.ducked)
        }
    }

    /// Each app's entry now with its entry before the input (nil for an app registered since).
    /// Inputs do not reorder apps, so entries pair up by position; the lookup is the fallback.
    private func paired(with before: [DerivedEntry]) -> [(was: DerivedEntry?, now: DerivedEntry)] {
        let now = derivedState()
        if now.count == before.count, zip(now, before).allSatisfy({ $0.app == $1.app }) {
            return zip(before, now).map { ($0, $1) }
        }
        return now.map { entry in (before.first { $0.app == entry.app }, entry) }
    }

    /// Hint notifications for apps that were and still are foreground-active and whose hint flipped.
    /// An app that just became active or foreground reads the property instead (2014 talk:
    /// "check this property in applicationDidBecomeActive"). The release is asked only when a hint
    /// flipped, so a run whose hints never flip reads the same on iOS 7 as on 8 (`RuleQuestions`).
    func hintChanges(since before: [DerivedEntry]) -> [PolicyAction] {
        let changes: [PolicyAction] = paired(with: before).compactMap { was, now in
            guard let hint = now.hint, let previous = was?.hint, previous != hint else { return nil }
            return .notify(now.app, .silenceSecondaryAudioHint(hint ? .begin : .end))
        }
        return changes.isEmpty || !profile.postsSilenceSecondaryAudioHint ? [] : changes
    }

    /// Both kinds of change, ducking first.
    func derivedChanges(since before: [DerivedEntry]) -> [PolicyAction] {
        duckingChanges(since: before) + hintChanges(since: before)
    }
}
