@testable import VirtualDevices
@testable import MediaServer

/// Apps and configurations the activation tests share. AppIDs sort by name, which is the order
/// of every action list: Game < Music < Navigation < Podcast < Radio < Recorder < VoIP.
extension AppID {
    static let game = AppID("Game")
    static let music = AppID("Music")
    static let navigation = AppID("Navigation")
    static let podcast = AppID("Podcast")
    static let radio = AppID("Radio")
    static let recorder = AppID("Recorder")
    static let voip = AppID("VoIP")
}

extension SessionTraits {
    /// A media player: playback, non-mixable.
    static let player = SessionTraits(category: .playback)
    /// A game: ambient (mixWithOthers is implied and normalised in).
    static let ambientGame = SessionTraits(category: .ambient, options: .mixWithOthers)
    static let soloGame = SessionTraits(category: .soloAmbient)
    static let spokenAudio = SessionTraits(category: .playback, mode: .spokenAudio)
    /// A turn-by-turn prompt (AVAudioSession.CategoryOptions.duckOthers, .interruptSpokenAudioAndMixWithOthers, SetActiveOptions.notifyOthersOnDeactivation): ducks music, pauses podcasts.
    static let navigationPrompt = SessionTraits(category: .playback, mode: .voicePrompt, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers])
    static let voiceCall = SessionTraits(category: .playAndRecord, mode: .voiceChat)
    static let recording = SessionTraits(category: .record)
}

extension PolicyNotification {
    static func began(_ reason: InterruptionReason? = .default) -> PolicyNotification {
        .interruption(type: .began, reason: reason, options: nil)
    }

    static let endedResume = PolicyNotification.interruption(type: .ended, reason: nil, options: .shouldResume)
    static let hintBegin = PolicyNotification.silenceSecondaryAudioHint(.begin)
    static let hintEnd = PolicyNotification.silenceSecondaryAudioHint(.end)
}

/// The device with nothing going on.
let idle = SystemState()

/// An arbiter with `apps` registered in the foreground (with the audio background mode).
func makeArbiter(
    _ apps: [AppID], profile: PlatformProfile = .default, settings: ActivationSettings = .init()
) -> ActivationArbiter {
    var arbiter = ActivationArbiter(profile: profile, settings: settings)
    for app in apps { arbiter.register(app, hasAudioBackgroundMode: true) }
    return arbiter
}

/// The error an activation throws, or nil when it succeeds.
func activationError(_ arbiter: inout ActivationArbiter, _ app: AppID, _ traits: SessionTraits, _ system: SystemState = idle) -> SessionError? {
    do {
        _ = try arbiter.activate(app, traits: traits, system: system)
        return nil
    } catch {
        return error
    }
}

/// The app activates its session and starts output I/O: what "plays" means to the policy (the
/// hint and isOtherAudioPlaying follow running I/O).
func play(_ arbiter: inout ActivationArbiter, _ app: AppID, _ traits: SessionTraits, _ system: SystemState = idle) throws -> [PolicyAction] {
    try arbiter.activate(app, traits: traits, system: system) + arbiter.ioStarted(app)
}
