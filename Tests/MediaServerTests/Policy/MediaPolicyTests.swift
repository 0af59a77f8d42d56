import SimCore
import Testing
@testable import VirtualDevices
@testable import MediaServer

/// The one policy machine driven with plain values, effect by effect: no clock, no server, no
/// audio. Each test names the requirement it checks.
@Suite("MediaPolicy: one device, one truth")
struct MediaPolicyTests {
    /// A phone with `apps` launched in the foreground (with the audio background mode).
    struct Bench {
        var device: VirtualDevice
        var policy: MediaPolicy

        init(_ profile: String = "iphone", platform: PlatformProfile = .ios17, apps: [AppID] = []) throws {
            device = VirtualDevice(profile: try DeviceProfile.load(profile))
            policy = MediaPolicy(platform: platform, audioHardware: device.profile.hardware, ports: device.ports)
            for app in apps {
                policy.register(app, hasAudioBackgroundMode: true)
                _ = policy.lifecycleChanged(app, to: .foreground)
            }
        }

        mutating func configure(_ app: AppID, _ category: SessionCategory, mode: SessionMode = .default,
                                options: CategoryOptions = []) throws -> [PolicyEffect] {
            let configuration = try SessionConfiguration.make(category: category, mode: mode, policy: .default,
                                                              options: options, profile: policy.platform)
            return try policy.setConfiguration(app, configuration)
        }

        @discardableResult
        mutating func attach(_ kind: AccessoryKind) throws -> [PolicyEffect] {
            _ = try device.apply(.attach(kind, connector: nil))
            return policy.deviceChanged(ports: device.ports, system: device.system, cause: .portsAdded)
        }

        mutating func detachLast() throws -> [PolicyEffect] {
            _ = try device.apply(.detach(accessory: try #require(device.accessories.last).id))
            return policy.deviceChanged(ports: device.ports, system: device.system, cause: .portsRemoved)
        }

        var outputTypes: [PortType] { policy.route.outputs.map(\.portType) }
        var inputTypes: [PortType] { policy.route.inputs.map(\.portType) }
    }

    static func routeChanges(_ effects: [PolicyEffect], for app: AppID) -> [RouteChangeReason] {
        effects.compactMap { effect in
            if case let .notify(target, .routeChange(reason, _)) = effect, target == app { return reason }
            return nil
        }
    }

    @Test("SESSION-HW-ONE-ROUTE: with nothing active the device idles on the speaker at 48 kHz; a VoIP call moves it to the receiver at 16 kHz and every app reads that")
    func controllingSessionDecides() throws {
        var bench = try Bench(apps: [.game, .voip])
        #expect(bench.outputTypes == [.builtInSpeaker] && bench.inputTypes.isEmpty)
        #expect(bench.policy.hardware.sampleRate == 48_000)

        _ = try bench.configure(.game, .ambient)
        _ = try bench.policy.activate(.game)
        _ = try bench.configure(.voip, .playAndRecord, mode: .voiceChat)
        #expect(bench.outputTypes == [.builtInSpeaker], "an inactive session's category waits for its activation")
        _ = try bench.policy.setPreferredSampleRate(.voip, 16_000)
        #expect(bench.policy.hardware.sampleRate == 48_000, "an inactive session's preference is only a request")

        let effects = try bench.policy.activate(.voip)
        #expect(bench.policy.controllingApp == .voip)
        #expect(bench.outputTypes == [.builtInReceiver] && bench.inputTypes == [.builtInMic])
        #expect(bench.policy.hardware.sampleRate == 16_000)
        #expect(effects.contains(.routeChanged(bench.policy.route)))
        #expect(effects.contains(.hardwareChanged(bench.policy.hardware)))
        // The ambient game (mixable, active) is told; so is the app whose activation moved the route.
        #expect(Self.routeChanges(effects, for: .game) == [.categoryChange])
        #expect(Self.routeChanges(effects, for: .voip) == [.categoryChange])

        let (back, error) = bench.policy.deactivate(.voip, options: [])
        #expect(error == nil)
        #expect(bench.policy.controllingApp == .game)
        #expect(bench.outputTypes == [.builtInSpeaker] && bench.policy.hardware.sampleRate == 48_000)
        #expect(Self.routeChanges(back, for: .game) == [.categoryChange])
        #expect(Self.routeChanges(back, for: .voip).isEmpty, "an inactive session hears no other app's route change")
    }

    @Test("SESSION-ACTIVE-CHANGE-APPLIES: duckOthers added while active ducks at once and is a category change for the app")
    func activeChangeAppliesAtOnce() throws {
        var bench = try Bench(apps: [.music, .navigation])
        _ = try bench.configure(.music, .playback)
        _ = try bench.policy.activate(.music)
        _ = try bench.configure(.navigation, .playback, options: .mixWithOthers)
        _ = try bench.policy.activate(.navigation)
        let effects = try bench.configure(.navigation, .playback, options: [.mixWithOthers, .duckOthers])
        #expect(effects.first == .setDucked(.music, true))
        #expect(Self.routeChanges(effects, for: .navigation) == [.categoryChange])
        #expect(Self.routeChanges(effects, for: .music).isEmpty, "the route did not change")
        #expect(bench.policy.isDucked(.music))
    }

    @Test("ROUTING-SPEAKER-OVERRIDE-RESET: the override reverts on a plug, on an interruption, and not on its own change")
    func overrideReverts() throws {
        var bench = try Bench(apps: [.voip])
        _ = try bench.configure(.voip, .playAndRecord, mode: .voiceChat)
        _ = try bench.policy.activate(.voip)
        let override = try bench.policy.overrideOutputAudioPort(.voip, .speaker)
        #expect(!override.contains(.overrideReverted(.voip)))
        #expect(Self.routeChanges(override, for: .voip) == [.override])
        #expect(bench.outputTypes == [.builtInSpeaker])

        let plugged = try bench.attach(.wiredHeadset)
        #expect(plugged.first == .overrideReverted(.voip))
        #expect(bench.outputTypes == [.headphones])

        _ = try bench.policy.overrideOutputAudioPort(.voip, .speaker)
        var system = bench.device.system
        system.alarmRinging = true
        let alarm = bench.policy.systemInterruptionBegan(.alarm, system: system)
        let revert = try #require(alarm.firstIndex(of: .overrideReverted(.voip)))
        let began = try #require(alarm.firstIndex(of: .notify(.voip, .interruption(type: .began, reason: .default, options: nil))))
        #expect(revert < began, "the override is gone before the app hears began")
        #expect(bench.policy.routing(of: .voip).portOverride == .none)
    }

    @Test("ROUTING-NOW-PLAYING-DISCONNECT: iOS 17 interrupts the Now Playing session after oldDeviceUnavailable; a mixable game is not interrupted")
    func nowPlayingDisconnect() throws {
        var bench = try Bench(apps: [.game, .music])
        try bench.attach(.wiredHeadphones)
        bench.policy.setReceivesRemoteControlEvents(.music, true)
        _ = try bench.configure(.music, .playback)
        #expect(try bench.policy.activate(.music).contains(.nowPlaying(.music)))
        _ = try bench.configure(.game, .ambient)
        _ = try bench.policy.activate(.game)

        let effects = try bench.detachLast()
        let change = try #require(effects.firstIndex { effect in
            if case .notify(.music, .routeChange(.oldDeviceUnavailable, _)) = effect { return true }
            return false
        })
        let began = try #require(effects.firstIndex(of: .notify(.music, .interruption(type: .began, reason: .routeDisconnected, options: nil))))
        #expect(change < began)
        #expect(!bench.policy.isActive(.music) && bench.policy.isActive(.game))
    }

    @Test("ROUTING-MULTIROUTE-INPUTS-WWDC12: activating multiRoute is a category change, with every eligible input")
    func multiRouteActivation() throws {
        var bench = try Bench("ipad", apps: [.dj])
        try bench.attach(.wiredHeadphones)
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        _ = try bench.configure(.dj, .multiRoute)
        let effects = try bench.policy.activate(.dj)
        #expect(Self.routeChanges(effects, for: .dj) == [.categoryChange])
        #expect(bench.inputTypes == [.builtInMic, .usbAudio])
        #expect(bench.policy.hardware.maximumInputChannels == 3)
    }

    @Test("SESSION-CATEGORY-RECORD-SILENCES: an active record session silences others' output; deactivating gives it back")
    func recordSilences() throws {
        var bench = try Bench(apps: [.game, .recorder])
        _ = try bench.configure(.game, .playback, options: .mixWithOthers)
        _ = try bench.policy.activate(.game)
        _ = try bench.configure(.recorder, .record)
        let recording = try bench.policy.activate(.recorder)
        #expect(recording.contains(.silenced(.game, true)))
        #expect(recording.contains(.permissionDialog(.recorder)))
        #expect(bench.policy.isActive(.game), "silenced, not interrupted")
        #expect(bench.policy.deactivate(.recorder, options: []).effects.contains(.silenced(.game, false)))
    }

    @Test("SESSION-RESET-MEDIA-SERVICES-FAILED: routing and hardware calls fail while the media server is down and change nothing")
    func callsFailWhileDown() throws {
        var bench = try Bench(apps: [.voip])
        _ = try bench.configure(.voip, .playAndRecord)
        var system = bench.device.system
        system.mediaServerRunning = false
        _ = bench.policy.mediaServicesLost(system: system)
        #expect(throws: SessionError.self) { try bench.policy.overrideOutputAudioPort(.voip, .speaker) }
        #expect(throws: SessionError.self) { try bench.policy.setPreferredInput(.voip, uid: nil) }
        #expect(throws: SessionError.self) { try bench.policy.setPreferredSampleRate(.voip, 16_000) }
        #expect(throws: SessionError.self) { try bench.policy.setPreferredIOBufferDuration(.voip, .milliseconds(5)) }
        #expect(bench.policy.preferences(of: .voip).preferredSampleRate == nil)
        #expect(bench.policy.routing(of: .voip).portOverride == .none)
    }

    @Test("SESSION-HINT-RUNNING-IO: Music pausing ends the hint a foreground game hears")
    func hintFollowsIO() throws {
        var bench = try Bench(apps: [.game, .music])
        _ = try bench.configure(.game, .ambient)
        _ = try bench.policy.activate(.game)
        _ = try bench.configure(.music, .playback)
        _ = bench.policy.lifecycleChanged(.music, to: .background)
        bench.policy.setReceivesRemoteControlEvents(.music, true)
        bench.policy.activation.setNowPlaying(.music)
        _ = try bench.policy.activate(.music)
        #expect(try bench.policy.ioStarted(.music) == [.notify(.game, .silenceSecondaryAudioHint(.begin))])
        #expect(bench.policy.ioStopped(.music) == [.notify(.game, .silenceSecondaryAudioHint(.end))])
    }
}

extension AppID {
    static let dj = AppID("DJ")
}
