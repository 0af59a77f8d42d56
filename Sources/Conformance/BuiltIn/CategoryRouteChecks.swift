import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// Which ports a category, a device and the accessories give, read through AVAudioSession. The
/// media server's category-routing tests ask its route selector; these ask as an app does.
enum CategoryRouteChecks {
    static let outputOnly: [AVAudioSession.Category] = [.ambient, .soloAmbient, .playback]

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-OUTPUT-ONLY-CATEGORIES"], "ambient, soloAmbient and playback play to the speaker and take no input, even from a headset") { p in
            for category in outputOnly {
                let bench = try RouteBench(platform: p.platform)
                let route = try bench.route(category)
                p.expect(route.outputTypes == [.builtInSpeaker] && route.inputs.isEmpty, "\(category.rawValue): \(route.outputTypes) out, \(route.inputTypes) in")
                try bench.attach(.wiredHeadset)
                p.expect(try bench.route(category).inputs.isEmpty, "\(category.rawValue) with a headset has no input")
            }
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS-NONE"], "with a headset plugged in, output-only categories and audioProcessing offer no inputs") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            var categories = outputOnly
            if !p.platform.since(10) { categories.append(.audioProcessing) }
            for category in categories {
                p.expect(try bench.availableInputs(category).isEmpty, "\(category.rawValue)'s available inputs")
            }
            p.expect(!(try bench.availableInputs(.playAndRecord).isEmpty), "playAndRecord, for contrast, has some")
        },
        BuiltInCheck(["ROUTING-IPAD-NO-RECEIVER"], "an iPad has no receiver, so playAndRecord plays to its speaker; a phone's goes to the receiver") { p in
            let ipad = try RouteBench("ipad", platform: p.platform)
            let route = try ipad.route(.playAndRecord)
            p.expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic], "the iPad: \(route.outputTypes) out, \(route.inputTypes) in")
            p.expect(!ipad.device.device.ports.contains { $0.portType == .builtInReceiver }, "the iPad has no receiver port")
            p.expect(try RouteBench("iphone", platform: p.platform).route(.playAndRecord).outputTypes, equals: [.builtInReceiver], "the iPhone's outputs")
        },
        BuiltInCheck(["ROUTING-HFP-A2DP-SEPARATE-DEVICES"], "with separate HFP and A2DP devices the last one connected wins; A2DP output keeps the built-in mic") { p in
            let options: AVAudioSession.CategoryOptions = [.allowBluetoothHFP, .allowBluetoothA2DP]
            let hfpLast = try RouteBench(platform: p.platform)
            try hfpLast.attach(.bluetoothA2DP)
            try hfpLast.attach(.bluetoothHFP)
            let hfp = try hfpLast.route(.playAndRecord, options: options)
            p.expect(hfp.outputTypes == [.bluetoothHFP] && hfp.inputTypes == [.bluetoothHFP], "HFP last: \(hfp.outputTypes) out, \(hfp.inputTypes) in")
            let a2dpLast = try RouteBench(platform: p.platform)
            try a2dpLast.attach(.bluetoothHFP)
            try a2dpLast.attach(.bluetoothA2DP)
            let a2dp = try a2dpLast.route(.playAndRecord, options: options)
            // HFP is a two-way link: with A2DP output its microphone is not used.
            p.expect(a2dp.outputTypes == [.bluetoothA2DP] && a2dp.inputTypes == [.builtInMic], "A2DP last: \(a2dp.outputTypes) out, \(a2dp.inputTypes) in")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-USB", "ROUTING-MULTIROUTE-INPUTS-LAST-IN"],
                     "headphones and a 2x2 USB interface give four outputs; under the last-in setting only the two USB inputs") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadphones)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.multiRoute)
            p.expect(route.outputChannelNames, equals: ["Headphones Left", "Headphones Right", "Output 1", "Output 2"], "multiRoute's output channels")
            p.expect(route.inputChannelNames, equals: ["iPad Microphone", "Input 1", "Input 2"], "by default every eligible input")
            // The SDK header's reading is a setting of the route selector, not the default.
            let lastIn = RouteSelector.route(for: RouteRequest(category: .multiRoute, ports: bench.device.device.ports, multiRouteInputs: .lastInPort))
            p.expect(lastIn.inputs.map(\.portType), equals: [.usbAudio], "inputs under the last-in setting")
            p.expect(lastIn.inputs.flatMap { $0.channels.map(\.channelName) }, equals: ["Input 1", "Input 2"], "their channels")
            p.expect(lastIn.outputs.flatMap { $0.channels.map(\.channelName) }, equals: route.outputChannelNames, "the same four outputs")
        },
    ] }
}
