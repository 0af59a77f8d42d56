import Testing
import VirtualDevices
@testable import MediaServer

/// `availableInputs` depends on category and mode (AVAudioSession.currentRoute, routeChangeNotification).
@Suite("Routing: available inputs")
struct AvailableInputsTests {
    @Test("ROUTING-AVAILABLE-INPUTS: built-in mic first, then accessories' inputs in arrival order")
    func order() throws {
        var bench = try RoutingBench()
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        try bench.attach(.wiredHeadset)
        try bench.attach(.carAudio)
        #expect(bench.availableInputs(.playAndRecord).map(\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio])
        #expect(bench.availableInputs(.record).map(\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio])
    }

    @Test("ROUTING-AVAILABLE-INPUTS-HFP: the HFP mic is available only with allowBluetoothHFP or a chat mode")
    func hfp() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHeadphones)
        #expect(bench.availableInputs(.playAndRecord).map(\.portType) == [.builtInMic])
        #expect(bench.availableInputs(.playAndRecord, options: .allowBluetoothA2DP).map(\.portType) == [.builtInMic])
        #expect(bench.availableInputs(.playAndRecord, options: .allowBluetoothHFP).map(\.portType) == [.builtInMic, .bluetoothHFP])
        #expect(bench.availableInputs(.playAndRecord, mode: .voiceChat).map(\.portType) == [.builtInMic, .bluetoothHFP])
        #expect(bench.availableInputs(.record, options: .allowBluetoothHFP).map(\.portType) == [.builtInMic, .bluetoothHFP])
    }

    @Test("ROUTING-AVAILABLE-INPUTS-MULTIROUTE: multiRoute offers built-in mic, headset mic and USB only")
    func multiRoute() throws {
        var bench = try RoutingBench()
        try bench.attach(.wiredHeadset)
        try bench.attach(.carAudio)
        try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
        try bench.attach(.bluetoothHFP)
        let types = bench.availableInputs(.multiRoute, options: .allowBluetoothHFP).map(\.portType)
        #expect(types == [.builtInMic, .headsetMic, .usbAudio])
    }
}
