import VirtualDevices

/// Whether an app's audio is heard, given its category and the device: the "silenced by"
/// columns of the category table (AVAudioSession.Category (AVFAudio); Audio Session Programming Guide: categories, ASPG Table B-1, 2010 talk). The session may be
/// active and its I/O running while the app is silenced; a user hears nothing.
public enum SilencePolicy {
    public static func isSilenced(category: SessionCategory, system: SystemState, lifecycle: AppLifecycle, hasAudioBackgroundMode: Bool) -> Bool {
        switch lifecycle {
        case .suspended, .notRunning:
            return true // "a suspended app makes no sound"
        case .background:
            if !hasAudioBackgroundMode || !category.canRunInBackground { return true }
        case .foreground:
            break
        }
        if category.isSilencedBySwitchAndLock, system.ringerSilent || system.screenLocked { return true }
        // ASPG p.48: to keep playing with the screen locked the app needs the audio background
        // mode "in addition to using the correct category" (locking sends the app to the background).
        return system.screenLocked && !hasAudioBackgroundMode
    }

    /// Input stops reaching an app that leaves the foreground without the audio background mode
    /// (it is about to be suspended; 2013 talk: recording from the background needs the mode), and
    /// a suspended app records nothing. The ring/silent switch and the lock do not mute input.
    public static func isInputSilenced(lifecycle: AppLifecycle, hasAudioBackgroundMode: Bool) -> Bool {
        switch lifecycle {
        case .foreground: false
        case .background: !hasAudioBackgroundMode
        case .suspended, .notRunning: true
        }
    }
}
