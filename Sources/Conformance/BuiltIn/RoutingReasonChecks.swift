import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// When a route change is posted and with which reason, and which ports count as lost. Where a
/// device can cause the change (plugging, overriding) the checks read the app's notifications;
/// where it cannot (waking from sleep, a device without a microphone, "no change" for every
/// cause) they ask the media server's classifier with routes read from a simulated device.
enum RoutingReasonChecks {
    /// The session's route as the media server holds it, with `category` active.
    static func route(_ bench: RouteBench, _ category: AVAudioSession.Category) throws -> AudioRoute {
        _ = try bench.route(category)
        return bench.device.session(RouteBench.app).route
    }

    /// The phone's output ports only: a device without a microphone.
    static func speakerOnly(_ bench: RouteBench) -> [VirtualDevices.Port] { bench.device.device.ports(.output) }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-REASON-UNUSED-PORT"], "a USB microphone plugged into a playback app, or the speaker override on an iPad, posts nothing") { p in
            let device = try p.device()
            let log = try device.launchApp("Player", .playback)
            try device.attach(AccessoryKind.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]).spec)
            _ = device.advance(by: .milliseconds(100))
            p.expect(RouteChoiceChecks.reasons(log).isEmpty, "route changes after plugging an input-only USB interface (\(RouteChoiceChecks.reasons(log)))")
            let ipad = try p.device("ipad")
            let chat = try ipad.launchApp("Chat", .playAndRecord)
            p.expect(ipad.run(as: "Chat") { AVAudioSession.sharedInstance().currentRoute.outputTypes }, equals: [.builtInSpeaker], "the iPad's outputs")
            let activation = RouteChoiceChecks.reasons(chat)
            try ipad.run(as: "Chat") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            p.expect(RouteChoiceChecks.reasons(chat), equals: activation, "route changes after overriding to the speaker already in use")
        },
        BuiltInCheck(["ROUTING-REASON-NONE"], "no cause gives a reason when the route stayed the same; the same override twice posts once") { p in
            let bench = try RouteBench(platform: p.platform)
            let same = try route(bench, .playAndRecord)
            for cause in RouteChangeCause.allCases where cause != .categoryChanged {
                p.expect(RouteChangeClassifier.reason(for: cause, category: .playAndRecord, previous: same, current: same) == nil,
                         "\(cause.rawValue) with the route unchanged gives no reason")
            }
            let device = try p.device()
            let log = try device.launchApp("Chat", .playAndRecord)
            let activation = RouteChoiceChecks.reasons(log).count
            for _ in 0..<2 { try device.run(as: "Chat") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) } }
            p.expect(RouteChoiceChecks.reasons(log).count - activation, equals: 1, "route changes after the same override twice")
        },
        BuiltInCheck(["ROUTING-REASON-WAKE"], "waking from sleep to find Bluetooth headphones gives wakeFromSleep") { p in
            let bench = try RouteBench(platform: p.platform)
            let asleep = try route(bench, .playback)
            try bench.attach(.bluetoothA2DP)
            let awake = try route(bench, .playback)
            p.expect(awake.outputs.map(\.portType), equals: [.bluetoothA2DP], "the route after waking")
            p.expect(RouteChangeClassifier.reason(for: .wakeFromSleep, category: .playback, previous: asleep, current: awake), equals: .wakeFromSleep,
                     "the reason")
        },
        BuiltInCheck(["ROUTING-REASON-NO-SUITABLE-ROUTE", "ROUTING-NO-INPUT-DEVICE"],
                     "record on a device without a microphone has an empty route and gives noSuitableRouteForCategory; so does losing the only USB input") { p in
            let bench = try RouteBench(platform: p.platform)
            let ports = speakerOnly(bench)
            let playing = RouteSelector.route(for: RouteRequest(category: .playback, ports: ports))
            let recording = RouteSelector.route(for: RouteRequest(category: .record, ports: ports))
            p.expect(recording, equals: .empty, "record's route without a microphone")
            let both = RouteSelector.route(for: RouteRequest(category: .playAndRecord, ports: ports))
            p.expect(both.inputs.isEmpty && both.outputs.map(\.portType) == [.builtInReceiver], "playAndRecord without a microphone plays to the receiver")
            p.expect(RouteChangeClassifier.reason(for: .categoryChanged, category: .record, previous: playing, current: recording),
                     equals: .noSuitableRouteForCategory, "switching to record")
            let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
            let noMic = { bench.device.device.ports.filter { $0.portType != .builtInMic } }
            let withUSB = RouteSelector.route(for: RouteRequest(category: .record, ports: noMic()))
            try bench.detach(usb)
            let without = RouteSelector.route(for: RouteRequest(category: .record, ports: noMic()))
            p.expect(RouteChangeClassifier.reason(for: .portsRemoved, category: .record, previous: withUSB, current: without),
                     equals: .noSuitableRouteForCategory, "unplugging the only input")
        },
        BuiltInCheck(["ROUTING-LOST-OUTPUTS"], "a speaker still attached is not lost when a headset goes; a recorder's headset mic is") { p in
            let bench = try RouteBench(platform: p.platform)
            let headset = try bench.attach(.wiredHeadset)
            _ = try bench.route(.playAndRecord)
            try bench.device.run(as: RouteBench.app) { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
            let overridden = bench.device.session(RouteBench.app).route
            p.expect(overridden.outputs.map(\.portType), equals: [.builtInSpeaker], "the overridden outputs")
            try bench.detach(headset)
            p.expect(RouteSelector.lostOutputs(previous: overridden, ports: bench.device.device.ports).isEmpty, "outputs lost")
            let recorder = try RouteBench(platform: p.platform)
            let mic = try recorder.attach(.wiredHeadset)
            let recording = try route(recorder, .record)
            try recorder.detach(mic)
            p.expect(RouteSelector.lostInputs(previous: recording, ports: recorder.device.device.ports).map(\.portType), equals: [.headsetMic], "inputs lost")
            p.expect(RouteSelector.lostOutputs(previous: recording, ports: recorder.device.device.ports).isEmpty, "a recording loses no output")
        },
    ] }
}
