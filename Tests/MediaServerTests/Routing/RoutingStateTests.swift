import Testing
import VirtualDevices
@testable import MediaServer

/// One session's routing choices: speaker override, preferred input, data sources (reference
/// currentRoute and isOtherAudioPlaying docs, AVAudioSessionPortDescription docs, QA1754, setPreferredInput docs; QA1754).
@Suite("Routing: session choices")
struct RoutingStateTests {
    @Test("ROUTING-SPEAKER-OVERRIDE: the speaker override routes to the built-in speaker and built-in mic, even with a headset")
    func override() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        let cause = try bench.state.overrideOutputAudioPort(.speaker, category: .playAndRecord)
        #expect(cause == .overrideChanged)
        let route = bench.route(.playAndRecord)
        #expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic])
        #expect(try bench.state.overrideOutputAudioPort(.speaker, category: .playAndRecord) == nil)
        #expect(try bench.state.overrideOutputAudioPort(.none, category: .playAndRecord) == .overrideChanged)
        #expect(bench.route(.playAndRecord).outputTypes == [.headphones])
    }

    @Test("revertSpeakerOverride clears the override, and the route falls back to last in wins")
    func overrideReset() throws {
        var bench = try RoutingBench()
        try bench.state.overrideOutputAudioPort(.speaker, category: .playAndRecord)
        #expect(bench.route(.playAndRecord).outputTypes == [.builtInSpeaker])
        try bench.attach(.wiredHeadphones)
        let wasOverridden = bench.state.revertSpeakerOverride()
        #expect(wasOverridden && bench.state.portOverride == .none)
        #expect(bench.route(.playAndRecord).outputTypes == [.headphones])
        let again = bench.state.revertSpeakerOverride()
        #expect(!again)
    }

    @Test("ROUTING-SPEAKER-OVERRIDE-CATEGORY: overriding outside playAndRecord fails with badParam (-50)",
          arguments: [SessionCategory.ambient, .soloAmbient, .playback, .record, .multiRoute])
    func overrideWrongCategory(category: SessionCategory) throws {
        var state = RoutingState()
        let error = #expect(throws: SessionError.self) { try state.overrideOutputAudioPort(.speaker, category: category) }
        #expect(error?.code == .badParam && error?.code.rawValue == -50)
        #expect(error?.rule.contains("playAndRecord") == true)
        #expect(state.portOverride == .none)
    }

    @Test("ROUTING-PREFERRED-INPUT: a preferred input among availableInputs is used; nil returns to last in wins")
    func preferredInput() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        #expect(bench.route(.playAndRecord).inputTypes == [.usbAudio])
        let cause = try bench.state.setPreferredInput("Built-In Microphone", available: bench.availableInputs(.playAndRecord))
        #expect(cause == .preferredInputChanged)
        let route = bench.route(.playAndRecord)
        #expect(route.inputTypes == [.builtInMic] && route.outputTypes == [.usbAudio])
        #expect(try bench.state.setPreferredInput("Built-In Microphone", available: bench.availableInputs(.playAndRecord)) == nil)
        try bench.state.setPreferredInput(nil, available: [])
        #expect(bench.route(.playAndRecord).inputTypes == [.usbAudio])
    }

    @Test("ROUTING-PREFERRED-INPUT-UNKNOWN: preferring a port that is not an available input fails with badParam")
    func preferredInputUnknown() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        let available = bench.availableInputs(.playAndRecord)
        Self.expectBadParam { try bench.state.setPreferredInput("Nope", available: available) }
        // An output port is not an input, and output-only categories have no inputs at all.
        Self.expectBadParam { try bench.state.setPreferredInput("Wired Headset", available: available) }
        let none = bench.availableInputs(.playback)
        Self.expectBadParam { try bench.state.setPreferredInput("Built-In Microphone", available: none) }
        #expect(bench.state.preferredInputUID == nil)
    }

    @Test("ROUTING-PREFERRED-INPUT-DETACHED: a preferred input that detaches is not used, and is used again when it returns")
    func preferredInputDetached() throws {
        var bench = try RoutingBench()
        let headset = try bench.attach(.wiredHeadset)
        try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
        try bench.state.setPreferredInput("Wired Microphone", available: bench.availableInputs(.record))
        #expect(bench.route(.record).inputTypes == [.headsetMic])
        try bench.detach(headset)
        #expect(bench.route(.record).inputTypes == [.usbAudio])
        try bench.attach(.wiredHeadset)
        #expect(bench.route(.record).inputTypes == [.headsetMic])
    }

    @Test("ROUTING-PREFERRED-INPUT-HFP: preferring the HFP mic brings its HFP output; preferring the built-in mic moves output to A2DP")
    func preferredInputHFPPair() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHeadphones)
        let options: CategoryOptions = [.allowBluetoothHFP, .allowBluetoothA2DP]
        let available = bench.availableInputs(.playAndRecord, options: options)
        try bench.state.setPreferredInput("Built-In Microphone", available: available)
        let builtIn = bench.route(.playAndRecord, options: options)
        #expect(builtIn.inputTypes == [.builtInMic] && builtIn.outputTypes == [.bluetoothA2DP])
        let hfp = try #require(available.first { $0.portType == .bluetoothHFP })
        try bench.state.setPreferredInput(hfp.uid, available: available)
        let paired = bench.route(.playAndRecord, options: options)
        #expect(paired.inputTypes == [.bluetoothHFP] && paired.outputTypes == [.bluetoothHFP])
    }

    @Test("ROUTING-DATA-SOURCE: a preferred built-in mic data source is selected in the route; unknown IDs fail")
    func dataSource() throws {
        var bench = try RoutingBench()
        let mic = try #require(bench.ports.first { $0.portType == .builtInMic })
        #expect(bench.route(.record).inputs.first?.selectedDataSource?.dataSourceName == "Bottom")
        let front = try #require(mic.dataSources?.first { $0.dataSourceName == "Front" })
        let cause = try bench.state.setPreferredDataSource(front.dataSourceID, forPortUID: mic.uid, ports: bench.ports)
        #expect(cause == .dataSourceChanged)
        #expect(bench.route(.record).inputs.first?.selectedDataSource?.dataSourceName == "Front")
        #expect(try bench.state.setPreferredDataSource(front.dataSourceID, forPortUID: mic.uid, ports: bench.ports) == nil)
        let ports = bench.ports
        Self.expectBadParam { try bench.state.setPreferredDataSource(7, forPortUID: mic.uid, ports: ports) }
        Self.expectBadParam { try bench.state.setPreferredDataSource(nil, forPortUID: "Nope", ports: ports) }
        try bench.state.setPreferredDataSource(nil, forPortUID: mic.uid, ports: bench.ports)
        #expect(bench.route(.record).inputs.first?.selectedDataSource?.dataSourceName == "Bottom")
    }

    /// Expects `body` to fail with `badParam` (-50).
    static func expectBadParam(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = #expect(throws: SessionError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.code == .badParam, sourceLocation: sourceLocation)
    }
}
