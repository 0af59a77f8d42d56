import Foundation
import MediaServer
import AudioToolbox
import SimCore
import VirtualDevices

/// A scenario script, parsed and validated: what hardware is attached, which apps run, what
/// happens when, and what must be observed. See `Scenarios/README.md` for the grammar.
public struct Scenario: Sendable {
    public var name: String
    public var description: String
    public var requirements: [String]
    /// A built-in profile id (`iphone`) or a profile file.
    public var device: String
    /// The profile `device` names, as the parser read it (nil for a scenario made in code): the
    /// runner uses it instead of reading and parsing the file a second time.
    public var deviceProfile: DeviceProfile?
    public var platform: PlatformProfile
    public var seed: UInt64
    /// Attached before anything else happens, in order.
    public var accessories: [AccessoryKind]
    /// The run ends here; nothing may be scheduled or expected after it.
    public var duration: HostDuration
    /// Every notification and every failed API call must be expected (docs/architecture.md, Requirements).
    public var exhaustive: Bool
    /// The readings of the sources the run's media server follows (`activation-settings:`).
    public var activationSettings: ActivationSettings
    public var apps: [AppDeclaration]
    public var steps: [ScenarioStep]
    public var expectations: [Expectation]
    /// The file the scenario was read from, as given.
    public var file: String
    /// SHA-256 of the file's text: traces name the scenario by it, so they are the same bytes
    /// whatever path or working directory the scenario was run from.
    public var sourceHash = ""
    /// Every simulated device's share of a scenario that names several (`devices:`), first
    /// device first; empty for a one-device scenario. The scenario itself is the first's share.
    public var devices: [ScenarioDevice] = []

    public func app(named name: String) -> AppDeclaration? { apps.first { $0.name == name } }

    /// The scenario has at least one audio expectation, so its apps' sound must be rendered.
    public var checksAudio: Bool {
        expectations.contains { if case .audio = $0.kind { true } else { false } }
    }
}

/// An app taking part in a scenario: a model from the `ScenarioAppRegistry` with its settings.
public struct AppDeclaration: Sendable {
    public var name: String
    public var model: String
    public var configuration: AppConfiguration
    public var backgroundAudio: Bool
    public var line: Int
    public var column: Int
}

/// How a scenario configures a reference app: its session settings (nil: the model's own
/// choice) and the typical mistakes it should make.
public struct AppConfiguration: Sendable, Hashable {
    public var category: SessionCategory?
    public var mode: SessionMode?
    public var options: CategoryOptions?
    public var mistakes: [String]
    /// The frequency of the test tone the app plays while it plays, in hertz; nil: its model's.
    public var tone: Int?
    /// An audio file the app plays instead of its tone (`file:`, resolved next to the scenario).
    public var file: URL?
    /// Where the app's player sends its channels (`AVAudioPlayer.channelAssignments`): one
    /// output port channel per channel of what it plays; nil: the route's first channels.
    public var channelAssignments: [PortChannelReference]?
    /// The Info.plist `AudioComponents` entries the app declares (`audio-components:`): an
    /// Inter-App Audio node's components, installed with the app.
    public var audioComponents: [AppAudioComponent] = []
    /// The icon the app ships (`icon:`, PNG bytes), which Inter-App Audio peers show.
    public var icon: Data?
    /// The entitlements the app is built with (`entitlements:`); nil: the Inter-App Audio
    /// capability (`inter-app-audio`), which every app here has unless its declaration lists others.
    public var entitlements: [String]?

    public init(category: SessionCategory? = nil, mode: SessionMode? = nil, options: CategoryOptions? = nil,
                mistakes: [String] = [], tone: Int? = nil, file: URL? = nil,
                channelAssignments: [PortChannelReference]? = nil) {
        self.category = category
        self.mode = mode
        self.options = options
        self.mistakes = mistakes
        self.tone = tone
        self.file = file
        self.channelAssignments = channelAssignments
    }

    public func makes(_ mistake: String) -> Bool { mistakes.contains(mistake) }
}

/// A port channel named as a scenario names it: the port by name, UID or type, the channel
/// 1-based (`{ port: "USB Audio", channel: 3 }`).
public struct PortChannelReference: Sendable, Hashable {
    public var port: String
    public var channel: Int

    public init(port: String, channel: Int) {
        self.port = port
        self.channel = channel
    }
}

/// One timed step: a device event, or something an app does.
public struct ScenarioStep: Sendable {
    public var at: HostTime
    public var action: StepAction
    /// The `do:` word as written.
    public var verb: String
    public var line: Int
    public var column: Int
}

public enum StepAction: Sendable {
    case device(DeviceEvent)
    case app(String, AppAction)
    /// A virtual microphone: a sine of `frequency` hertz into `channel` (1-based) of an input
    /// port named by name, UID or type (`{ do: input-tone, port: MicrophoneBuiltIn, tone: 440 }`).
    case inputTone(port: String, channel: Int, frequency: Int)
    /// Something on the Bluetooth LE radio, or MIDI a Bluetooth peer plays.
    case bluetooth(BluetoothStep)
    /// The user picks AirPlay outputs (named by name, UID or type) for long-form audio.
    case pickRoute([String])
    /// A remote control (lock screen, Control Center, headset, car) sends a command to the Now Playing app.
    case remoteCommand(RemoteCommand, source: RemoteCommandSource)
}

/// What a step makes an app do, through its `AVAudioSession` (or, for `command`, through the
/// reference app's own controls: play, pause, record …).
public enum AppAction: Sendable, Hashable {
    case setCategory(SessionCategory, mode: SessionMode, policy: RouteSharingPolicy, options: CategoryOptions)
    case setMode(SessionMode)
    case activate
    case deactivate(notifyOthers: Bool)
    case command(String)
    case setPreferredInput(PortType?)
    case overrideOutput(PortOverride)
    case setPreferredSampleRate(Int)
    case setPreferredIOBufferDuration(HostDuration)
    case requestPermission
    case answerPermission(granted: Bool)
}
