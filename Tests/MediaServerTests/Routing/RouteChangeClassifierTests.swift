import Testing
import VirtualDevices
@testable import MediaServer

/// Which reason a route change notification carries, if any (AVAudioSession.routeChangeNotification, AVAudioSession.RouteChangeReason).
@Suite("Routing: route change reasons")
struct RouteChangeClassifierTests {
    private func reason(_ cause: RouteChangeCause, _ category: SessionCategory,
                        _ previous: AudioRoute, _ current: AudioRoute) -> RouteChangeReason? {
        RouteChangeClassifier.reason(for: cause, category: category, previous: previous, current: current)
    }

    @Test("ROUTING-REASON-NEW-DEVICE: plugging headphones in posts newDeviceAvailable")
    func newDevice() throws {
        var bench = try RoutingBench()
        let before = bench.route(.playback)
        try bench.attach(.wiredHeadphones)
        #expect(reason(.portsAdded, .playback, before, bench.route(.playback)) == .newDeviceAvailable)
    }

    @Test("ROUTING-REASON-OLD-DEVICE: unplugging headphones posts oldDeviceUnavailable, and their output is lost")
    func oldDevice() throws {
        var bench = try RoutingBench()
        let headphones = try bench.attach(.wiredHeadphones)
        let before = bench.route(.playback)
        try bench.detach(headphones)
        let after = bench.route(.playback)
        #expect(reason(.portsRemoved, .playback, before, after) == .oldDeviceUnavailable)
        #expect(RouteSelector.lostOutputs(previous: before, ports: bench.ports).map(\.uid) == ["Wired Headphones"])
    }

    @Test("ROUTING-LOST-OUTPUTS: an output that is still attached is not lost; lost inputs are reported too")
    func lostOutputs() throws {
        var bench = try RoutingBench()
        let headset = try bench.attach(.wiredHeadset)
        try bench.state.overrideOutputAudioPort(.speaker, category: .playAndRecord)
        let overridden = bench.route(.playAndRecord)
        try bench.detach(headset)
        bench.state.revertSpeakerOverride()
        #expect(RouteSelector.lostOutputs(previous: overridden, ports: bench.ports).isEmpty)
        var recorder = try RoutingBench()
        let mic = try recorder.attach(.wiredHeadset)
        let recording = recorder.route(.record)
        try recorder.detach(mic)
        #expect(RouteSelector.lostInputs(previous: recording, ports: recorder.ports).map(\.portType) == [.headsetMic])
        #expect(RouteSelector.lostOutputs(previous: recording, ports: recorder.ports).isEmpty)
    }

    @Test("ROUTING-REASON-CATEGORY-CHANGE: a category change posts categoryChange, even when the ports stay the same")
    func categoryChange() throws {
        let bench = try RoutingBench()
        #expect(reason(.categoryChanged, .playAndRecord, bench.route(.playback), bench.route(.playAndRecord)) == .categoryChange)
        #expect(reason(.categoryChanged, .ambient, bench.route(.playback), bench.route(.ambient)) == .categoryChange)
    }

    @Test("ROUTING-REASON-OVERRIDE: the speaker override posts override; so does a preferred input that reroutes")
    func override() throws {
        var bench = try RoutingBench()
        let before = bench.route(.playAndRecord)
        try bench.state.overrideOutputAudioPort(.speaker, category: .playAndRecord)
        #expect(reason(.overrideChanged, .playAndRecord, before, bench.route(.playAndRecord)) == .override)
        var preferring = try RoutingBench()
        try preferring.attach(.wiredHeadset)
        let headsetRoute = preferring.route(.playAndRecord)
        try preferring.state.setPreferredInput("Built-In Microphone", available: preferring.availableInputs(.playAndRecord))
        #expect(reason(.preferredInputChanged, .playAndRecord, headsetRoute, preferring.route(.playAndRecord)) == .override)
    }

    @Test("ROUTING-REASON-CONFIGURATION: a new data source on the same ports posts routeConfigurationChange")
    func configuration() throws {
        var bench = try RoutingBench()
        let before = bench.route(.record)
        let mic = try #require(before.inputs.first)
        let back = try #require(mic.dataSources?.last?.dataSourceID)
        try bench.state.setPreferredDataSource(back, forPortUID: mic.uid, ports: bench.ports)
        #expect(reason(.dataSourceChanged, .record, before, bench.route(.record)) == .routeConfigurationChange)
        var fewerChannels = before
        fewerChannels.inputs[0].channels.removeAll()
        #expect(reason(.portsAdded, .record, before, fewerChannels) == .routeConfigurationChange)
    }

    @Test("ROUTING-REASON-NO-SUITABLE-ROUTE: record with no input available posts noSuitableRouteForCategory")
    func noSuitableRoute() throws {
        let speakerOnly = try RoutingBench().ports.filter { $0.direction == .output }
        let playing = RouteSelector.route(for: RouteRequest(category: .playback, ports: speakerOnly))
        let recording = RouteSelector.route(for: RouteRequest(category: .record, ports: speakerOnly))
        #expect(reason(.categoryChanged, .record, playing, recording) == .noSuitableRouteForCategory)
        var usbOnly = try RoutingBench()
        let usb = try usbOnly.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
        let withUSB = RouteRequest(category: .record, ports: usbOnly.ports.filter { $0.portType != .builtInMic })
        try usbOnly.detach(usb)
        let without = RouteRequest(category: .record, ports: usbOnly.ports.filter { $0.portType != .builtInMic })
        #expect(reason(.portsRemoved, .record, RouteSelector.route(for: withUSB), RouteSelector.route(for: without))
            == .noSuitableRouteForCategory)
    }

    @Test("ROUTING-REASON-WAKE: waking from sleep with a different route posts wakeFromSleep")
    func wake() throws {
        var bench = try RoutingBench()
        let asleep = bench.route(.playback)
        try bench.attach(.bluetoothA2DP)
        #expect(reason(.wakeFromSleep, .playback, asleep, bench.route(.playback)) == .wakeFromSleep)
    }

    @Test("ROUTING-REASON-NONE: no notification when the route did not change", arguments: RouteChangeCause.allCases.filter { $0 != .categoryChanged })
    func noChange(cause: RouteChangeCause) throws {
        let route = try RoutingBench().route(.playAndRecord)
        #expect(reason(cause, .playAndRecord, route, route) == nil)
    }

    @Test("ROUTING-REASON-UNUSED-PORT: attaching a port the session cannot use posts nothing")
    func unusedPort() throws {
        var bench = try RoutingBench()
        let before = bench.route(.playback)
        try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
        #expect(reason(.portsAdded, .playback, before, bench.route(.playback)) == nil)
        let overridden = try RoutingBench("ipad")
        var state = overridden.state
        let plain = overridden.route(.playAndRecord)
        try state.overrideOutputAudioPort(.speaker, category: .playAndRecord)
        let speaker = RouteSelector.route(for: state.request(category: .playAndRecord, mode: .default, options: [],
                                                             ports: overridden.ports))
        #expect(reason(.overrideChanged, .playAndRecord, plain, speaker) == nil)
    }
}
