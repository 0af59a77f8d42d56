import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// Routes, ports and channels as apps read them, and how plugging and unplugging moves audio.
enum RoutingChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-ROUTE-DESCRIPTION", "ROUTING-ROUTE-HIERARCHY", "ROUTING-PORT-FOUR-PROPERTIES", "ROUTING-PORT-IS-ONE-IO",
                      "ROUTING-CHANNEL-DESCRIPTION"], "a route holds input and output ports; a port has a type, name, UID and its channels") { p in
            let device = try p.device()
            try device.launchApp("Memo", .playAndRecord)
            device.answerRecordPermission("Memo", granted: true)
            let route = device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute }
            p.expect(route.inputs.count == 1 && route.outputs.count == 1, "one input and one output port")
            for port in route.inputs + route.outputs {
                p.expect(!port.portName.isEmpty && !port.uid.isEmpty, "\(port.portType.rawValue) has a name and a UID")
                let channels = port.channels ?? []
                p.expect(!channels.isEmpty, "\(port.portType.rawValue) has channels")
                p.expect(channels.map(\.channelNumber) == Array(1...max(1, channels.count)), "\(port.portType.rawValue) numbers its channels from 1")
                p.expect(channels.allSatisfy { $0.owningPortUID == port.uid && !$0.channelName.isEmpty }, "\(port.portType.rawValue)'s channels name their port")
            }
            p.expect(route.inputs.allSatisfy { !route.outputs.map(\.uid).contains($0.uid) }, "a port is one input or one output, not both")
        },
        BuiltInCheck(["ROUTING-HEADPHONES-DESCRIPTION"], "headphones are one output port with left as channel 1 and right as channel 2") { p in
            let device = try p.device()
            try device.launchApp("Music", .playback)
            try device.attach("wired-headphones")
            let outputs = device.run(as: "Music") { AVAudioSession.sharedInstance().currentRoute.outputs }
            p.expect(outputs.map(\.portType), equals: [.headphones], "outputs")
            p.expect(outputs.first?.portName, equals: "Headphones", "port name")
            let channels = outputs.first?.channels ?? []
            p.expect(channels.count, equals: 2, "channels")
            p.expect(channels.first?.channelName.hasSuffix("Left") == true && channels.first?.channelNumber == 1, "channel 1 is the left one")
            p.expect(channels.last?.channelName.hasSuffix("Right") == true && channels.last?.channelNumber == 2, "channel 2 is the right one")
        },
        BuiltInCheck(["ROUTING-IPAD-MIC-DESCRIPTION"], "the iPad's built-in microphone is one input port with one channel numbered 1") { p in
            let device = try p.device("ipad")
            try device.launchApp("Memo", .record)
            let inputs = device.run(as: "Memo") { AVAudioSession.sharedInstance().currentRoute.inputs }
            p.expect(inputs.map(\.portType), equals: [.builtInMic], "inputs")
            p.expect(inputs.first?.channels?.map(\.channelNumber) ?? [], equals: [1], "channel numbers")
        },
        BuiltInCheck(["ROUTING-CHANGE-NOTIFICATION", "ROUTING-CHANGE-LISTENER-REASON", "ROUTING-PREVIOUS-ROUTE-TYPE", "ROUTING-PLUG-CONTINUES"],
                     "plugging headphones posts newDeviceAvailable with the previous route, and the sound moves on without a pause") { p in
            let device = try p.device()
            let log = try device.launchApp("Player", .playback)
            let voice = device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Player")
            _ = device.advance(by: .milliseconds(200))
            try device.attach("wired-headphones")
            _ = device.advance(by: .milliseconds(200))
            let change = log.of(AVAudioSession.routeChangeNotification).last
            p.expect(change?.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt == AVAudioSession.RouteChangeReason.newDeviceAvailable.rawValue,
                     "the reason key says newDeviceAvailable")
            let previous = change?.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
            p.expect(previous?.outputs.map(\.portType) == [.builtInSpeaker], "the previous route key holds a route description with the speaker")
            p.expect(device.session("Player").isActive, "the session stays active")
            p.expect(device.peakDBFS("Wired Headphones", last: .milliseconds(100)) > -20, "the tone goes on in the headphones")
            p.expect(device.peakDBFS("Speaker", last: .milliseconds(100)) < -90, "and left the speaker")
            device.stop(voice)
        },
        BuiltInCheck(["ROUTING-UNPLUG-PAUSES", "ROUTING-OLD-DEVICE-UNAVAILABLE"], "unplugging headphones routes back to the speaker, and Music pauses") { p in
            let device = try p.device()
            let headphones = try device.attach("wired-headphones")
            let music = try device.launchMusic()
            device.run(as: MusicApp.name) { music.play() }
            _ = device.advance(by: .milliseconds(200))
            try device.detach(headphones)
            _ = device.advance(by: .milliseconds(300))
            p.expect(device.session(MusicApp.name).outputTypes, equals: [.builtInSpeaker], "outputs after the unplug")
            let reasons = device.events("notify.routeChange", app: MusicApp.name).compactMap { $0.fields["reason"] }
            p.expect(reasons.last == "oldDeviceUnavailable", "the last route change says oldDeviceUnavailable")
            p.expect(!music.isPlaying, "Music paused")
            p.expect(device.peakDBFS("Speaker", last: .milliseconds(100)) < -90, "nothing sounds from the speaker")
        },
        BuiltInCheck(["ROUTING-ROUTE-DETERMINED-BY-LAST", "ROUTING-LAST-IN-WINS-2012"], "with two accessories the route follows the one plugged last") { p in
            for order in [["wired-headphones", "usb-interface:2x2"], ["usb-interface:2x2", "wired-headphones"]] {
                let device = try p.device()
                try device.launchApp("Player", .playback)
                for spec in order { try device.attach(spec) }
                let expected: AVAudioSession.Port = order.last == "wired-headphones" ? .headphones : .usbAudio
                p.expect(device.run(as: "Player") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }, equals: [expected],
                         "\(order.joined(separator: " then ")): outputs")
            }
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-EXCEPTION", "ROUTING-MULTIROUTE-ACTIVATE-CATEGORY-CHANGE"],
                     "MultiRoute uses every output at once and its activation is a categoryChange") { p in
            let device = try p.device()
            try device.attach("wired-headphones")
            try device.attach("usb-interface:2x2")
            let log = try device.launchApp("DJ", .multiRoute)
            let outputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }
            p.expect(Set(outputs.map(\.rawValue)), equals: ["Headphones", "USBAudio"], "outputs")
            let reason = log.of(AVAudioSession.routeChangeNotification).last?.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt
            p.expect(reason, equals: AVAudioSession.RouteChangeReason.categoryChange.rawValue, "the activation's route change reason")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-NO-AIRPLAY"], "MultiRoute never routes to AirPlay") { p in
            let device = try p.device()
            try device.attach("airplay")
            try device.attach("wired-headphones")
            try device.launchApp("DJ", .multiRoute)
            let outputs = device.run(as: "DJ") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }
            p.expect(!outputs.contains(.airPlay), "no AirPlay output under MultiRoute (outputs: \(outputs.map(\.rawValue)))")
            p.expect(outputs.contains(.headphones), "the headphones are used")
        },
    ] }
}
