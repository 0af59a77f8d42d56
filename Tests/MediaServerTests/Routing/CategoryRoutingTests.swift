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

    @Test("ROUTING-RECORD-INPUT-ONLY: record has inputs and no outputs")
    func recordOnly() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        let route = bench.route(.record)
        #expect(route.outputs.isEmpty && route.inputTypes == [.headsetMic])
    }

    @Test("ROUTING-HDMI-OUTPUT: HDMI takes the output of playback and playAndRecord")
    func hdmi() throws {
        var bench = try RoutingBench()
        try bench.attach(.hdmi(channels: 6))
        #expect(bench.route(.playback).outputTypes == [.HDMI])
        #expect(bench.route(.playAndRecord).outputTypes == [.HDMI])
        #expect(bench.route(.playAndRecord).inputTypes == [.builtInMic])
    }
}
