import Testing
import VirtualDevices
@testable import MediaServer

/// One session's routing choices: speaker override, preferred input, data sources (reference
/// currentRoute and isOtherAudioPlaying docs, AVAudioSessionPortDescription docs, QA1754, setPreferredInput docs; QA1754).
@Suite("Routing: session choices")
struct RoutingStateTests {
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
}
