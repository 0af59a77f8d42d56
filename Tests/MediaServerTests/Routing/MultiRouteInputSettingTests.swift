import Testing
@testable import MediaServer
import VirtualDevices

/// MultiRoute records from every eligible input by default (the 2012 talk); limiting input to the
/// last-in port, as the SDK header describes it, is a setting.
@Suite("MultiRoute input setting")
struct MultiRouteInputSettingTests {
    @Test("ROUTING-MULTIROUTE-INPUTS-LAST-IN: with the last-in setting, headphones and a 2x2 USB interface give the two USB inputs only")
    func lastInSetting() throws {
        var bench = try RoutingBench("ipad")
        try bench.attach(.wiredHeadphones)
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        let lastIn = bench.route(.multiRoute, multiRouteInputs: .lastInPort)
        #expect(lastIn.inputTypes == [.usbAudio])
        #expect(lastIn.inputChannelNames == ["Input 1", "Input 2"])
        let all = bench.route(.multiRoute, multiRouteInputs: .allEligible)
        #expect(all.inputChannelNames == ["iPad Microphone", "Input 1", "Input 2"])
    }
}
