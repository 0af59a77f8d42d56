import Testing
import VirtualDevices
@testable import MediaServer

/// Default routes and which directions each category uses (AVAudioSession.Category (AVFAudio); Audio Session Programming Guide: categories, QA1754).
@Suite("Routing: categories and defaults")
struct CategoryRoutingTests {
    @Test("ROUTING-PLAYANDRECORD-DEFAULT-RECEIVER: playAndRecord on a phone plays to the receiver, records from the built-in mic")
    func receiverDefault() throws {
        let route = try RoutingBench().route(.playAndRecord)
        #expect(route.outputTypes == [.builtInReceiver])
        #expect(route.inputTypes == [.builtInMic])
    }

    @Test("ROUTING-DEFAULT-TO-SPEAKER: defaultToSpeaker uses the speaker when nothing is attached, headphones when they are")
    func defaultToSpeaker() throws {
        var bench = try RoutingBench()
        #expect(bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker])
        let headphones = try bench.attach(.wiredHeadphones)
        #expect(bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.headphones])
        try bench.detach(headphones)
        #expect(bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker])
    }

    @Test("ROUTING-VIDEOCHAT-SPEAKER: videoChat mode defaults to the speaker")
    func videoChatSpeaker() throws {
        #expect(try RoutingBench().route(.playAndRecord, mode: .videoChat).outputTypes == [.builtInSpeaker])
    }

    @Test("ROUTING-IPAD-NO-RECEIVER: an iPad has no receiver, so playAndRecord plays to the speaker")
    func ipad() throws {
        let bench = try RoutingBench("ipad")
        #expect(!bench.request(.playAndRecord).hasReceiver)
        #expect(try RoutingBench("iphone").request(.playAndRecord).hasReceiver)
        let route = bench.route(.playAndRecord)
        #expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic])
    }

    @Test("ROUTING-OUTPUT-ONLY-CATEGORIES: ambient, soloAmbient and playback use the speaker and no input",
          arguments: [SessionCategory.ambient, .soloAmbient, .playback])
    func outputOnly(category: SessionCategory) throws {
        var bench = try RoutingBench()
        let route = bench.route(category)
        #expect(route.outputTypes == [.builtInSpeaker] && route.inputs.isEmpty)
        try bench.attach(.wiredHeadset)
        #expect(bench.route(category).inputs.isEmpty)
        #expect(bench.availableInputs(category).isEmpty)
    }

    @Test("ROUTING-RECORD-INPUT-ONLY: record has inputs and no outputs")
    func recordOnly() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        let route = bench.route(.record)
        #expect(route.outputs.isEmpty && route.inputTypes == [.headsetMic])
    }

    @Test("ROUTING-AUDIOPROCESSING-NO-IO: audioProcessing uses no ports")
    func audioProcessing() throws {
        #expect(try RoutingBench().route(.audioProcessing) == .empty)
    }

    @Test("ROUTING-HDMI-OUTPUT: HDMI takes the output of playback and playAndRecord")
    func hdmi() throws {
        var bench = try RoutingBench()
        try bench.attach(.hdmi(channels: 6))
        #expect(bench.route(.playback).outputTypes == [.HDMI])
        #expect(bench.route(.playAndRecord).outputTypes == [.HDMI])
        #expect(bench.route(.playAndRecord).inputTypes == [.builtInMic])
    }

    @Test("ROUTING-NO-INPUT-DEVICE: record on a device without a microphone has an empty route")
    func noMicrophone() throws {
        let speakerOnly = try RoutingBench().ports.filter { $0.direction == .output }
        let route = RouteSelector.route(for: RouteRequest(category: .record, ports: speakerOnly))
        #expect(route == .empty)
        let playAndRecord = RouteSelector.route(for: RouteRequest(category: .playAndRecord, ports: speakerOnly))
        #expect(playAndRecord.inputs.isEmpty && playAndRecord.outputTypes == [.builtInReceiver])
    }
}
