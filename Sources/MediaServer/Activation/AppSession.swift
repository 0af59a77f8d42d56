import VirtualDevices

/// One app's audio session as the arbiter sees it. The lifecycle, background mode and Now Playing
/// facts belong to the app and survive a media-services reset; the rest is session state.
struct AppSession: Hashable, Sendable {
    /// The activation state. A session is never active and interrupted at once: an interrupted
    /// session is already inactive when "began" arrives (AVAudioSession notifications and their userInfo keys, AVFAudio).
    enum State: Hashable, Sendable {
        case inactive
        case active
        /// `held`: the interrupter may still end the interruption (an app that has not
        /// deactivated yet, a call still in progress). Once released without "ended", the app
        /// stays interrupted until it reactivates on its own.
        case interrupted(by: Interrupter, held: Bool)
    }

    var state = State.inactive
    var traits = SessionTraits.default
    /// The app's own facts, kept here once for the whole policy (`SessionState` keeps none of
    /// them): its `audio` background mode (UIBackgroundModes), where it is in its lifecycle as
    /// the server last reported it (the device keeps the process's own, `VirtualDevice`), and
    /// whether its I/O runs.
    var hasAudioBackgroundMode: Bool
    var lifecycle: AppLifecycle
    /// The app's I/O runs: its audio objects said so (`ioStarted`) and have not all stopped
    /// (`ioStopped`). An interruption does not clear it: the system pauses the app's players,
    /// and the fact clears when they report it, so there is one answer at every moment. Not the
    /// same fact as `AppIOUsers`' count (how many of the app's objects run; the server hears only
    /// the first start and the last stop) nor as being audible (`MediaPolicy.audibility(of:)`).
    var ioRunning = false
    /// iOS 10–15: a "began" (appWasSuspended) owed to the app for when it runs again.
    var owesSuspensionNotice = false

    init(hasAudioBackgroundMode: Bool, lifecycle: AppLifecycle) {
        self.hasAudioBackgroundMode = hasAudioBackgroundMode
        self.lifecycle = lifecycle
    }

    var isActive: Bool { state == .active }
    var isForeground: Bool { lifecycle == .foreground }

    var interrupter: Interrupter? {
        if case .interrupted(let by, _) = state { by } else { nil }
    }

    /// Still waiting for `interrupter` to end the interruption.
    func isHeld(by interrupter: Interrupter) -> Bool {
        state == .interrupted(by: interrupter, held: true)
    }

    /// Back to a fresh session, as after a media-services reset or a relaunch (QA1749: reset
    /// category, options, mode "as if the application was starting up for the first time").
    mutating func resetSession() {
        state = .inactive
        traits = .default
        ioRunning = false
        owesSuspensionNotice = false
    }
}
