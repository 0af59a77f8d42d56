import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// One session's routing choices as an app makes them: the speaker override, a preferred input,
/// a preferred data source. The media server's routing-state tests set them on its state
/// directly; these call AVAudioSession and read the route and the notifications.
enum RouteChoiceChecks {
    /// The app's route-change reasons so far.
    static func reasons(_ log: NotificationLog) -> [UInt] {
        log.of(AVAudioSession.routeChangeNotification).compactMap { $0.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt }
    }

    /// The error `body` throws inside `app`, or nil.
    static func error(_ device: SimulatedDevice, _ app: String, _ body: () throws -> Void) -> NSError? {
        device.run(as: app) {
            do { try body(); return nil } catch { return error as NSError }
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-SPEAKER-OVERRIDE"], "the speaker override plays to the speaker and records from the built-in mic, even with a headset") { p in
            let device = try p.device()
            try device.attach("wired-headset")
            let log = try device.launchApp("Chat", .playAndRecord)
            let activation = reasons(log).count // categoryChange as it went active
            let session = { device.run(as: "Chat") { AVAudioSession.sharedInstance() } }
            try device.run(as: "Chat") { try session().overrideOutputAudioPort(.speaker) }
            let route = device.run(as: "Chat") { session().currentRoute }
            p.expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic], "overridden: \(route.outputTypes) and \(route.inputTypes)")
            p.expect(Array(reasons(log).dropFirst(activation)), equals: [AVAudioSession.RouteChangeReason.override.rawValue], "route changes after the override")
            try device.run(as: "Chat") { try session().overrideOutputAudioPort(.speaker) }
            p.expect(reasons(log).count - activation, equals: 1, "route changes after overriding again to the same port")
            try device.run(as: "Chat") { try session().overrideOutputAudioPort(.none) }
            p.expect(device.run(as: "Chat") { session().currentRoute.outputTypes }, equals: [.headphones], "outputs after the override is removed")
            p.expect(reasons(log).count - activation, equals: 2, "route changes after removing the override")
        },
        BuiltInCheck(["ROUTING-SPEAKER-OVERRIDE-CATEGORY"], "overriding to the speaker outside playAndRecord fails with badParam (-50) and changes nothing") { p in
            for category in [AVAudioSession.Category.ambient, .soloAmbient, .playback, .record, .multiRoute] {
                let device = try p.device()
                try device.attach("wired-headset")
                try device.launchApp("App", category)
                let before = device.run(as: "App") { AVAudioSession.sharedInstance().currentRoute.outputTypes }
                let error = Self.error(device, "App") { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) }
                p.expect(error?.code, equals: -50, "\(category.rawValue): the error code")
                p.expect(error?.localizedDescription.contains("playAndRecord") == true, "\(category.rawValue): the error names playAndRecord")
                p.expect(device.run(as: "App") { AVAudioSession.sharedInstance().currentRoute.outputTypes }, equals: before, "\(category.rawValue): the outputs")
            }
        },
        BuiltInCheck(["ROUTING-PREFERRED-INPUT-UNKNOWN"], "preferring an unknown port, an output port, or an input a category cannot use, fails with badParam") { p in
            let device = try p.device()
            try device.attach("wired-headset")
            try device.launchApp("Memo", .playAndRecord)
            let (outputs, mic) = device.run(as: "Memo") {
                (AVAudioSession.sharedInstance().currentRoute.outputs, AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == .builtInMic })
            }
            let headphones = try p.require(outputs.first, "the headset's output port")
            let builtIn = try p.require(mic, "the built-in mic among the available inputs")
            var unknown: SessionError?
            do { try device.server.setPreferredInput(AppID("Memo"), uid: "Nope") } catch { unknown = error as? SessionError }
            p.expect(unknown?.code, equals: .badParam, "preferring a port no device has")
            p.expect(Self.error(device, "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(headphones) }?.code, equals: -50, "preferring an output port")
            try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setCategory(.playback) }
            p.expect(Self.error(device, "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(builtIn) }?.code, equals: -50,
                     "preferring the built-in mic in playback, which has no inputs")
            p.expect(device.run(as: "Memo") { AVAudioSession.sharedInstance().preferredInput } == nil, "no preferred input")
        },
        BuiltInCheck(["ROUTING-PREFERRED-INPUT-DETACHED"], "a preferred headset mic that is unplugged gives way to USB, and is used again when it returns") { p in
            let bench = try RouteBench(platform: p.platform)
            let headset = try bench.attach(.wiredHeadset)
            try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
            let inputs = try bench.availableInputs(.record)
            let mic = try p.require(inputs.first { $0.portType == .headsetMic }, "the headset mic among \(inputs.map(\.portType))")
            try bench.device.run(as: RouteBench.app) { try AVAudioSession.sharedInstance().setPreferredInput(mic) }
            p.expect(try bench.route(.record).inputTypes, equals: [.headsetMic], "inputs while preferred")
            try bench.detach(headset)
            p.expect(try bench.route(.record).inputTypes, equals: [.usbAudio], "inputs with the headset unplugged")
            try bench.attach(.wiredHeadset)
            p.expect(try bench.route(.record).inputTypes, equals: [.headsetMic], "inputs with the headset back")
        },
        BuiltInCheck(["ROUTING-PREFERRED-INPUT-HFP"], "preferring the HFP mic brings its HFP output; preferring the built-in mic moves output to A2DP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            let options: AVAudioSession.CategoryOptions = [.allowBluetoothHFP, .allowBluetoothA2DP]
            let inputs = try bench.availableInputs(.playAndRecord, options: options)
            let builtIn = try p.require(inputs.first { $0.portType == .builtInMic }, "the built-in mic")
            let hfp = try p.require(inputs.first { $0.portType == .bluetoothHFP }, "the HFP mic")
            try bench.device.run(as: RouteBench.app) { try AVAudioSession.sharedInstance().setPreferredInput(builtIn) }
            let split = try bench.route(.playAndRecord, options: options)
            p.expect(split.inputTypes == [.builtInMic] && split.outputTypes == [.bluetoothA2DP], "built-in mic preferred: \(split.inputTypes) in, \(split.outputTypes) out")
            try bench.device.run(as: RouteBench.app) { try AVAudioSession.sharedInstance().setPreferredInput(hfp) }
            let paired = try bench.route(.playAndRecord, options: options)
            p.expect(paired.inputTypes == [.bluetoothHFP] && paired.outputTypes == [.bluetoothHFP], "HFP mic preferred: \(paired.inputTypes) in, \(paired.outputTypes) out")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-PREFERRED-INPUT"], "under multiRoute a preferred headset mic replaces the other inputs") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadset)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let inputs = try bench.availableInputs(.multiRoute)
            let mic = try p.require(inputs.first { $0.portType == .headsetMic }, "the headset mic among \(inputs.map(\.portType))")
            try bench.device.run(as: RouteBench.app) { try AVAudioSession.sharedInstance().setPreferredInput(mic) }
            p.expect(try bench.route(.multiRoute).inputTypes, equals: [.headsetMic], "multiRoute's inputs")
        },
        BuiltInCheck(["ROUTING-DATA-SOURCE"], "choosing the front microphone selects it in the route; unknown data sources and ports fail") { p in
            let bench = try RouteBench(platform: p.platform)
            func mic() throws -> AVAudioSessionPortDescription { try CheckProbe.required(try bench.route(.record).inputs.first, "the routed microphone") }
            p.expect(try mic().selectedDataSource?.dataSourceName, equals: "Bottom", "the data source before choosing")
            let front = try p.require(try mic().dataSources?.first { $0.dataSourceName == "Front" }, "the Front data source")
            try mic().setPreferredDataSource(front)
            p.expect(try mic().selectedDataSource?.dataSourceName, equals: "Front", "the data source after choosing Front")
            let app = AppID(RouteBench.app)
            var unknown: SessionError?
            do { try bench.device.server.setPreferredDataSource(app, portUID: DataSourceChecks.mic, id: 7) } catch { unknown = error as? SessionError }
            p.expect(unknown?.code, equals: .badParam, "data source ID 7")
            var noPort: SessionError?
            do { try bench.device.server.setPreferredDataSource(app, portUID: "Nope", id: nil) } catch { noPort = error as? SessionError }
            p.expect(noPort?.code, equals: .badParam, "a port that does not exist")
            try mic().setPreferredDataSource(nil)
            p.expect(try mic().selectedDataSource?.dataSourceName, equals: "Bottom", "the data source after clearing the choice")
        },
    ] }
}
