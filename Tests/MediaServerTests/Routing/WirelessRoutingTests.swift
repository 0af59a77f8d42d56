import Testing
import VirtualDevices
@testable import MediaServer

/// Bluetooth HFP/A2DP and AirPlay by category, mode and options (AVAudioSession.CategoryOptions.allowBluetooth, .allowBluetoothA2DP, QA1803).
@Suite("Routing: Bluetooth and AirPlay")
struct WirelessRoutingTests {
    @Test("ROUTING-A2DP-OUTPUT-ONLY-CATEGORIES: playback uses A2DP without any option; HFP-only headsets are not used")
    func a2dpPlayback() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothA2DP)
        #expect(bench.route(.playback).outputTypes == [.bluetoothA2DP])
        var hfpOnly = try RoutingBench()
        try hfpOnly.attach(.bluetoothHFP)
        #expect(hfpOnly.route(.playback).outputTypes == [.builtInSpeaker])
    }

    @Test("ROUTING-HFP-NEEDS-OPTION: playAndRecord ignores an HFP headset without allowBluetoothHFP")
    func hfpNeedsOption() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHFP)
        let plain = bench.route(.playAndRecord)
        #expect(plain.outputTypes == [.builtInReceiver] && plain.inputTypes == [.builtInMic])
        let allowed = bench.route(.playAndRecord, options: .allowBluetoothHFP)
        #expect(allowed.outputTypes == [.bluetoothHFP] && allowed.inputTypes == [.bluetoothHFP])
    }

    @Test("ROUTING-HFP-VOICECHAT: voiceChat mode implies HFP")
    func voiceChatImpliesHFP() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHFP)
        #expect(bench.route(.playAndRecord, mode: .voiceChat).outputTypes == [.bluetoothHFP])
    }

    @Test("ROUTING-A2DP-NEEDS-OPTION: playAndRecord uses A2DP output only with allowBluetoothA2DP, mic stays built-in")
    func a2dpPlayAndRecord() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothA2DP)
        #expect(bench.route(.playAndRecord).outputTypes == [.builtInReceiver])
        let allowed = bench.route(.playAndRecord, options: .allowBluetoothA2DP)
        #expect(allowed.outputTypes == [.bluetoothA2DP] && allowed.inputTypes == [.builtInMic])
    }

    @Test("ROUTING-HFP-OVER-A2DP-SAME-DEVICE: one device with both profiles and both allowed routes over HFP")
    func hfpWinsOnOneDevice() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHeadphones)
        let both = bench.route(.playAndRecord, options: [.allowBluetoothHFP, .allowBluetoothA2DP])
        #expect(both.outputTypes == [.bluetoothHFP] && both.inputTypes == [.bluetoothHFP])
        let a2dpOnly = bench.route(.playAndRecord, options: .allowBluetoothA2DP)
        #expect(a2dpOnly.outputTypes == [.bluetoothA2DP] && a2dpOnly.inputTypes == [.builtInMic])
        #expect(bench.route(.playback).outputTypes == [.bluetoothA2DP])
    }

    @Test("ROUTING-HFP-OVER-A2DP-SAME-DEVICE: HFP wins even when the device lists its A2DP port last")
    func hfpWinsInAnyPortOrder() throws {
        let bench = try RoutingBench()
        let buds = Accessory(kind: .bluetoothHeadphones).ports
        let a2dpLast = buds.filter { $0.portType == .bluetoothHFP } + buds.filter { $0.portType == .bluetoothA2DP }
        let request = RouteRequest(category: .playAndRecord, options: [.allowBluetoothHFP, .allowBluetoothA2DP],
                                   ports: bench.ports + a2dpLast)
        let route = RouteSelector.route(for: request)
        #expect(route.outputTypes == [.bluetoothHFP] && route.inputTypes == [.bluetoothHFP])
    }

    @Test("ROUTING-HFP-PAIR: wired headphones after an HFP headset take the output, and the mic leaves HFP")
    func hfpPairBroken() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHFP)
        try bench.attach(.wiredHeadphones)
        let route = bench.route(.playAndRecord, options: .allowBluetoothHFP)
        #expect(route.outputTypes == [.headphones] && route.inputTypes == [.builtInMic])
    }

    @Test("ROUTING-HFP-RECORD: record uses an HFP microphone only with allowBluetoothHFP; never A2DP")
    func recordBluetooth() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHeadphones)
        #expect(bench.route(.record).inputTypes == [.builtInMic])
        #expect(bench.route(.record, options: .allowBluetoothHFP).inputTypes == [.bluetoothHFP])
        #expect(bench.route(.record, options: .allowBluetoothA2DP).outputs.isEmpty)
    }

    @Test("ROUTING-MULTIROUTE-NO-BLUETOOTH: multiRoute uses neither A2DP nor HFP")
    func multiRouteNoBluetooth() throws {
        var bench = try RoutingBench()
        try bench.attach(.bluetoothHeadphones)
        let route = bench.route(.multiRoute, options: [.allowBluetoothHFP])
        #expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic])
    }
}
