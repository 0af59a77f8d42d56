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
}
