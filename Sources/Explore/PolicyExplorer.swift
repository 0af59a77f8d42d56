import MediaServer
import SimCore
import VirtualDevices

/// Exploration of the policy machine alone: random inputs straight into a `MediaPolicy` (session
/// calls, I/O, lifecycle, ports coming and going, calls, alarms, Siri, media-server loss and
/// reset), with the platform invariants checked over its state and effects after every input.
/// No clock, no audio, no apps: the benchmark's "policy-only" figure, and the fastest way to
/// find a broken rule in a copy of the policy (`ActivationSettings.plantedFault`).
public struct PolicyExplorer: Sendable {
    public let platform: PlatformProfile
    public let settings: ActivationSettings
    let hardware: AudioHardware
    /// The device's ports with no accessory, then with each accessory of `ScenarioGenerator.accessories` attached.
    let portSets: [[Port]]
    static let apps = [AppID("A"), AppID("B"), AppID("C")]
    static let categories: [SessionCategory] = [.ambient, .soloAmbient, .playback, .record, .playAndRecord]
    static let options: [CategoryOptions] = [[], .mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers]
    /// `configurations[c][o]`: the configuration of `categories[c]` with `options[o]` on this
    /// platform, nil where the platform refuses it; made once, not at every input.
    let configurations: [[SessionConfiguration?]]

    public init(profile: DeviceProfile, platform: PlatformProfile = .ios17, settings: ActivationSettings = .init()) {
        self.platform = platform
        self.settings = settings
        hardware = profile.hardware
        var sets = [VirtualDevice(profile: profile).ports]
        for spec in ScenarioGenerator.accessories {
            var device = VirtualDevice(profile: profile)
            if let kind = try? AccessoryKind(spec: spec), (try? device.apply(.attach(kind, connector: nil))) != nil {
                sets.append(device.ports)
            }
        }
        portSets = sets
        configurations = Self.categories.map { category in
            Self.options.map { try? SessionConfiguration.make(category: category, options: $0, profile: platform) }
        }
    }

    /// A failure: the input number and what broke.
    public struct Failure: Sendable, Hashable {
        public let step: Int
        public let invariant: String
        public let message: String
        public let inputs: [String]
    }

    /// Runs `steps` random inputs from `seed`; returns the first broken invariant, if any.
    public func run(seed: UInt64, steps: Int) -> Failure? {
        var random = SimRandom(seed: seed)
        var policy = MediaPolicy(platform: platform, audioHardware: hardware, ports: portSets[0], settings: settings)
        var world = World()
        for app in Self.apps { policy.register(app, hasAudioBackgroundMode: true, lifecycle: .foreground) }
        var inputs: [PolicyInput] = []
        inputs.reserveCapacity(steps)
        for step in 0..<steps {
            world.justReset = false
            let (name, effects, release) = input(&policy, &world, &random)
            inputs.append(name)
            if let (invariant, message) = Self.check(policy, effects: effects, releases: release, afterReset: world.justReset) {
                return Failure(step: step + 1, invariant: invariant, message: message, inputs: inputs.map(\.description))
            }
        }
        return nil
    }

    /// What the world outside the policy is doing: the ports attached, the system's state.
    struct World {
        var portSet = 0
        var system = SystemState()
        var interruption: SystemInterruptionSource?
        /// The last input was a reset: every session must be fresh now.
        var justReset = false
    }

    /// One random input; `release` says whether it may legitimately send "ended" with shouldResume.
    func input(_ policy: inout MediaPolicy, _ world: inout World, _ random: inout SimRandom)
        -> (PolicyInput, [PolicyEffect], Bool) {
        let app = random.pick(Self.apps)
        switch random.uniform(below: 12) {
        case 0, 1:
            let category = Int(random.uniform(below: UInt64(Self.categories.count)))
            guard let configuration = configurations[category][Int(random.uniform(below: UInt64(Self.options.count)))]
            else { return (.setCategory(app, nil), [], false) }
            return (.setCategory(app, Self.categories[category]), (try? policy.setConfiguration(app, configuration)) ?? [], false)
        case 2, 3: return (.activate(app), (try? policy.activate(app)) ?? [], false)
        case 4:
            let notify = random.chance(1, in: 2)
            return (.deactivate(app, notify: notify), policy.deactivate(app, options: notify ? .notifyOthersOnDeactivation : []).effects, notify)
        case 5: return (.ioStarted(app), (try? policy.ioStarted(app)) ?? [], false)
        case 6: return (.ioStopped(app), policy.ioStopped(app), false)
        case 7:
            let lifecycle: AppLifecycle = random.chance(1, in: 2) ? .foreground : .background
            return (.lifecycle(app, lifecycle), policy.lifecycleChanged(app, to: lifecycle), false)
        case 8:
            let next = Int(random.uniform(below: UInt64(portSets.count)))
            let cause: RouteChangeCause = next == 0 || (world.portSet != 0 && next != world.portSet) ? .portsRemoved : .portsAdded
            world.portSet = next
            return (.ports(next), policy.deviceChanged(ports: portSets[next], system: world.system, cause: cause), false)
        case 9, 10:
            if let source = world.interruption {
                world.interruption = nil
                return (.interruptionEnded(source), policy.systemInterruptionEnded(source, outcome: .declined, system: world.system), true)
            }
            let source: SystemInterruptionSource = random.pick([.phoneCall, .alarm, .siri])
            world.interruption = source
            return (.interruptionBegan(source), policy.systemInterruptionBegan(source, system: world.system), false)
        default:
            world.system.mediaServerRunning = false
            var effects = policy.mediaServicesLost(system: world.system)
            world.system.mediaServerRunning = true
            world.interruption = nil
            effects += policy.mediaServicesReset(system: world.system)
            world.justReset = true
            return (.mediaServicesReset, effects, false)
        }
    }

    /// The platform invariants over the policy's state and the effects of the last input.
    static func check(_ policy: MediaPolicy, effects: [PolicyEffect], releases: Bool, afterReset: Bool) -> (String, String)? {
        if afterReset, let stale = apps.first(where: {
            policy.isActive($0) || policy.isInterrupted($0) || policy.configuration(of: $0) != .default
        }) {
            return ("reset-leaves-zombies", "\(stale)'s session survived the media-services reset")
        }
        for effect in effects {
            guard case let .notify(app, .interruption(type, _, options)) = effect else { continue }
            if type == .began, policy.isActive(app) { return ("interrupted-session-inactive", "\(app) heard began while active") }
            if type == .ended, options?.contains(.shouldResume) == true, !releases {
                return ("should-resume-only-when-released", "\(app) heard ended with shouldResume though nobody released it")
            }
        }
        // Counted first; the names are only gathered for the message.
        let isExclusive = { (app: AppID) in policy.isActive(app) && !policy.configuration(of: app).isMixable }
        if apps.lazy.filter(isExclusive).count > 1 {
            return ("one-non-mixable-active", "\(apps.filter(isExclusive).map(\.name)) active together")
        }
        for app in apps {
            if policy.isInterrupted(app), policy.isActive(app) { return ("interrupted-session-inactive", "\(app) interrupted and active") }
            if policy.isDucked(app), !apps.contains(where: { $0 != app && policy.isActive($0) && policy.configuration(of: $0).ducksOthers }) {
                return ("unducked-when-duckers-leave", "\(app) ducked with no ducker active")
            }
            if policy.recordPermission(of: app) != .granted, !policy.isInputSilencedByPermission(app) {
                return ("no-input-before-permission", "\(app)'s input is live without permission")
            }
        }
        return nil
    }
}
