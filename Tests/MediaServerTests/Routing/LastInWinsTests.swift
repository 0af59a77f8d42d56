import Testing
import VirtualDevices
@testable import MediaServer

/// "Last in wins" (WWDC 2010 session 412 and WWDC 2012 session 505; Audio Session Programming Guide: audio routing, last in wins, ASPG, responding to route changes).
@Suite("Routing: last in wins")
struct LastInWinsTests {
    @Test("ROUTING-LAST-IN-WINS: headphones, then USB, then HDMI each take the output; detaching the newest falls back")
    func attachDetachSequence() throws {
        var bench = try RoutingBench()
        #expect(bench.route(.playback).outputTypes == [.builtInSpeaker])
        let headphones = try bench.attach(.wiredHeadphones)
        #expect(bench.route(.playback).outputTypes == [.headphones])
        let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        #expect(bench.route(.playback).outputTypes == [.usbAudio])
        let hdmi = try bench.attach(.hdmi(channels: 2))
        #expect(bench.route(.playback).outputTypes == [.HDMI])
        try bench.detach(hdmi)
        #expect(bench.route(.playback).outputTypes == [.usbAudio])
        try bench.detach(usb)
        #expect(bench.route(.playback).outputTypes == [.headphones])
        try bench.detach(headphones)
        #expect(bench.route(.playback).outputTypes == [.builtInSpeaker])
    }

    @Test("ROUTING-LAST-IN-WINS: detaching an older accessory keeps the newest one")
    func detachOlder() throws {
        var bench = try RoutingBench()
        let headphones = try bench.attach(.wiredHeadphones)
        try bench.attach(.hdmi(channels: 2))
        try bench.detach(headphones)
        #expect(bench.route(.playback).outputTypes == [.HDMI])
    }

    @Test("ROUTING-LAST-IN-WINS-INPUT: the newest input accessory records; built-in mic after detaching")
    func inputsLastIn() throws {
        var bench = try RoutingBench()
        #expect(bench.route(.record).inputTypes == [.builtInMic])
        let headset = try bench.attach(.wiredHeadset)
        #expect(bench.route(.record).inputTypes == [.headsetMic])
        let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
        #expect(bench.route(.record).inputTypes == [.usbAudio])
        try bench.detach(usb)
        #expect(bench.route(.record).inputTypes == [.headsetMic])
        try bench.detach(headset)
        #expect(bench.route(.record).inputTypes == [.builtInMic])
    }

    @Test("ROUTING-HEADSET-MIC: a wired headset's mic replaces the built-in mic, its headphones the receiver")
    func headsetMic() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        let route = bench.route(.playAndRecord)
        #expect(route.inputUIDs == ["Wired Microphone"])
        #expect(route.outputUIDs == ["Wired Headset"])
    }

    @Test("ROUTING-PLAYANDRECORD-LAST-IN: an output-only accessory takes the output, the mic stays the newest input")
    func outputOnlyAccessoryKeepsInput() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        try bench.attach(.usbInterface(inputs: 0, outputs: 2, sampleRates: [48_000]))
        let route = bench.route(.playAndRecord)
        #expect(route.outputTypes == [.usbAudio])
        #expect(route.inputTypes == [.headsetMic])
    }

    @Test("ROUTING-CAR-AUDIO: car audio carries output and input")
    func carAudio() throws {
        var bench = try RoutingBench()
        try bench.attach(.carAudio)
        let route = bench.route(.playAndRecord)
        #expect(route.outputTypes == [.carAudio] && route.inputTypes == [.carAudio])
        #expect(bench.route(.playback).outputTypes == [.carAudio])
    }

    @Test("ROUTING-USB-BOTH-DIRECTIONS: a USB interface carries input and output in playAndRecord")
    func usbBothWays() throws {
        var bench = try RoutingBench()
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        let route = bench.route(.playAndRecord)
        #expect(route.outputTypes == [.usbAudio] && route.inputTypes == [.usbAudio])
    }
}
