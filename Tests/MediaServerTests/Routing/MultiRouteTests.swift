import Testing
import VirtualDevices
@testable import MediaServer

/// The MultiRoute category (WWDC 2012 session 505; AVAudioSession.Category.multiRoute).
@Suite("Routing: multiRoute")
struct MultiRouteTests {
    @Test("ROUTING-MULTIROUTE-ALL-OUTPUTS: headphones and HDMI form 4 output channels, headphones L/R then HDMI 1/2")
    func headphonesAndHDMI() throws {
        var bench = try RoutingBench("ipad")
        try bench.attach(.wiredHeadphones)
        try bench.attach(.hdmi(channels: 2))
        let route = bench.route(.multiRoute)
        #expect(route.outputTypes == [.headphones, .HDMI])
        #expect(route.outputChannelNames == ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"])
        #expect(route.inputTypes == [.builtInMic])
    }

    @Test("ROUTING-MULTIROUTE-STABLE-ORDER: the channel layout does not depend on plug order")
    func stableOrder() throws {
        var bench = try RoutingBench("ipad")
        try bench.attach(.hdmi(channels: 2))
        try bench.attach(.wiredHeadphones)
        #expect(bench.route(.multiRoute).outputChannelNames == ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"])
    }

    @Test("ROUTING-MULTIROUTE-INPUTS-WWDC12: by default (the WWDC 2012 reading) three inputs: built-in mic and two USB")
    func allEligibleInputs() throws {
        var bench = try RoutingBench("ipad")
        try bench.attach(.wiredHeadphones)
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        let route = bench.route(.multiRoute)
        #expect(route.inputTypes == [.builtInMic, .usbAudio])
        #expect(route.inputChannelNames == ["iPad Microphone", "Input 1", "Input 2"])
    }

    @Test("ROUTING-MULTIROUTE-SPEAKER-FALLBACK: the built-in speaker only when no other eligible output is attached")
    func speakerFallback() throws {
        var bench = try RoutingBench("iphone")
        #expect(bench.route(.multiRoute).outputTypes == [.builtInSpeaker])
        let headphones = try bench.attach(.wiredHeadphones)
        #expect(bench.route(.multiRoute).outputTypes == [.headphones])
        try bench.attach(.carAudio)
        #expect(bench.route(.multiRoute).outputTypes == [.headphones])
        try bench.detach(headphones)
        #expect(bench.route(.multiRoute).outputTypes == [.builtInSpeaker])
    }
}
