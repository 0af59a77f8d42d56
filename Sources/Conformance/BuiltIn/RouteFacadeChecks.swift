import Foundation
import MediaServer
import AVFAudio
import Soundcheck
import VirtualDevices

/// Routes by category, mode and options, by accessory and plug order, as an app reads them: the
/// media server's routing tests (which ask the route selector directly) asked through AVAudioSession.
enum RouteFacadeChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-A2DP-OUTPUT-ONLY-CATEGORIES"],
                     "playback uses A2DP without any option; HFP-only headsets are not used") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            p.expect(try bench.route(.playback).outputTypes, equals: [.bluetoothA2DP], "the outputs of a playback session")
            let hfpOnly = try RouteBench(platform: p.platform)
            try hfpOnly.attach(.bluetoothHFP)
            p.expect(try hfpOnly.route(.playback).outputTypes, equals: [.builtInSpeaker], "the outputs of a playback session")
        },
        BuiltInCheck(["ROUTING-HFP-NEEDS-OPTION"],
                     "playAndRecord ignores an HFP headset without allowBluetoothHFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            let plain = try bench.route(.playAndRecord)
            p.expect(plain.outputTypes == [.builtInReceiver] && plain.inputTypes == [.builtInMic], "playAndRecord without allowBluetoothHFP has outputs \(plain.outputTypes) and inputs \(plain.inputTypes); expected [.builtInReceiver] and [.builtInMic]")
            let allowed = try bench.route(.playAndRecord, options: .allowBluetoothHFP)
            p.expect(allowed.outputTypes == [.bluetoothHFP] && allowed.inputTypes == [.bluetoothHFP], "playAndRecord with allowBluetoothHFP has outputs \(allowed.outputTypes) and inputs \(allowed.inputTypes); expected [.bluetoothHFP] and [.bluetoothHFP]")
        },
        BuiltInCheck(["ROUTING-HFP-VOICECHAT"],
                     "voiceChat mode implies HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            p.expect(try bench.route(.playAndRecord, mode: .voiceChat).outputTypes, equals: [.bluetoothHFP], "the outputs of a playAndRecord session in mode voiceChat")
        },
        BuiltInCheck(["ROUTING-A2DP-NEEDS-OPTION"],
                     "playAndRecord uses A2DP output only with allowBluetoothA2DP, mic stays built-in") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            p.expect(try bench.route(.playAndRecord).outputTypes, equals: [.builtInReceiver], "the outputs of a playAndRecord session")
            let allowed = try bench.route(.playAndRecord, options: .allowBluetoothA2DP)
            p.expect(allowed.outputTypes == [.bluetoothA2DP] && allowed.inputTypes == [.builtInMic], "playAndRecord with allowBluetoothA2DP has outputs \(allowed.outputTypes) and inputs \(allowed.inputTypes); expected [.bluetoothA2DP] and [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-HFP-OVER-A2DP-SAME-DEVICE"],
                     "one device with both profiles and both allowed routes over HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            let both = try bench.route(.playAndRecord, options: [.allowBluetoothHFP, .allowBluetoothA2DP])
            p.expect(both.outputTypes == [.bluetoothHFP] && both.inputTypes == [.bluetoothHFP], "playAndRecord allowing both Bluetooth profiles has outputs \(both.outputTypes) and inputs \(both.inputTypes); expected [.bluetoothHFP] and [.bluetoothHFP]")
            let a2dpOnly = try bench.route(.playAndRecord, options: .allowBluetoothA2DP)
            p.expect(a2dpOnly.outputTypes == [.bluetoothA2DP] && a2dpOnly.inputTypes == [.builtInMic], "playAndRecord allowing A2DP only has outputs \(a2dpOnly.outputTypes) and inputs \(a2dpOnly.inputTypes); expected [.bluetoothA2DP] and [.builtInMic]")
            p.expect(try bench.route(.playback).outputTypes, equals: [.bluetoothA2DP], "the outputs of a playback session")
        },
        BuiltInCheck(["ROUTING-HFP-PAIR"],
                     "wired headphones after an HFP headset take the output, and the mic leaves HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            try bench.attach(.wiredHeadphones)
            let route = try bench.route(.playAndRecord, options: .allowBluetoothHFP)
            p.expect(route.outputTypes == [.headphones] && route.inputTypes == [.builtInMic], "the route has outputs \(route.outputTypes) and inputs \(route.inputTypes); expected [.headphones] and [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-HFP-RECORD"],
                     "record uses an HFP microphone only with allowBluetoothHFP; never A2DP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            p.expect(try bench.route(.record).inputTypes, equals: [.builtInMic], "the inputs of a record session")
            p.expect(try bench.route(.record, options: .allowBluetoothHFP).inputTypes, equals: [.bluetoothHFP], "the inputs of a record session with allowBluetoothHFP")
            p.expect((try? bench.route(.record, options: .allowBluetoothA2DP)) == nil, "record refuses allowBluetoothA2DP")
            p.expect(try bench.route(.record).outputs.isEmpty, "record has no outputs, A2DP or other")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-NO-BLUETOOTH"],
                     "multiRoute uses neither A2DP nor HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            let route = try bench.route(.multiRoute)
            p.expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic], "the route has outputs \(route.outputTypes) and inputs \(route.inputTypes); expected [.builtInSpeaker] and [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-PLAYANDRECORD-DEFAULT-RECEIVER"],
                     "playAndRecord on a phone plays to the receiver, records from the built-in mic") { p in
            let route = try RouteBench(platform: p.platform).route(.playAndRecord)
            p.expect(route.outputTypes, equals: [.builtInReceiver], "the route's outputs")
            p.expect(route.inputTypes, equals: [.builtInMic], "the route's inputs")
        },
        BuiltInCheck(["ROUTING-DEFAULT-TO-SPEAKER"],
                     "defaultToSpeaker uses the speaker when nothing is attached, headphones when they are") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes, equals: [.builtInSpeaker], "the outputs of a playAndRecord session with defaultToSpeaker")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes, equals: [.headphones], "the outputs of a playAndRecord session with defaultToSpeaker")
            try bench.detach(headphones)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes, equals: [.builtInSpeaker], "the outputs of a playAndRecord session with defaultToSpeaker")
        },
        BuiltInCheck(["ROUTING-VIDEOCHAT-SPEAKER"],
                     "videoChat mode defaults to the speaker") { p in
            p.expect(try RouteBench(platform: p.platform).route(.playAndRecord, mode: .videoChat).outputTypes, equals: [.builtInSpeaker], "the outputs of a playAndRecord session in mode videoChat")
        },
        BuiltInCheck(["ROUTING-RECORD-INPUT-ONLY"],
                     "record has inputs and no outputs") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            let route = try bench.route(.record)
            p.expect(route.outputs.isEmpty && route.inputTypes == [.headsetMic], "a record session has outputs \(route.outputTypes) and inputs \(route.inputTypes); expected none and [.headsetMic]")
        },
        BuiltInCheck(["ROUTING-HDMI-OUTPUT"],
                     "HDMI takes the output of playback and playAndRecord") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.hdmi(channels: 6))
            p.expect(try bench.route(.playback).outputTypes, equals: [.HDMI], "the outputs of a playback session")
            p.expect(try bench.route(.playAndRecord).outputTypes, equals: [.HDMI], "the outputs of a playAndRecord session")
            p.expect(try bench.route(.playAndRecord).inputTypes, equals: [.builtInMic], "the inputs of a playAndRecord session")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS"],
                     "built-in mic first, then accessories' inputs in arrival order") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            try bench.attach(.wiredHeadset)
            try bench.attach(.carAudio)
            p.expect(try bench.availableInputs(.playAndRecord).map(\.portType), equals: [.builtInMic, .usbAudio, .headsetMic, .carAudio], "the available inputs of a playAndRecord session")
            p.expect(try bench.availableInputs(.record).map(\.portType), equals: [.builtInMic, .usbAudio, .headsetMic, .carAudio], "the available inputs of a record session")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS-HFP"],
                     "the HFP mic is available only with allowBluetoothHFP or a chat mode") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            p.expect(try bench.availableInputs(.playAndRecord).map(\.portType), equals: [.builtInMic], "the available inputs of a playAndRecord session")
            if p.platform.since(10) { // allowBluetoothA2DP came with iOS 10
                p.expect(try bench.availableInputs(.playAndRecord, options: .allowBluetoothA2DP).map(\.portType) == [.builtInMic], "A2DP brings no input")
            }
            p.expect(try bench.availableInputs(.playAndRecord, options: .allowBluetoothHFP).map(\.portType), equals: [.builtInMic, .bluetoothHFP], "the available inputs of a playAndRecord session with allowBluetoothHFP")
            p.expect(try bench.availableInputs(.playAndRecord, mode: .voiceChat).map(\.portType), equals: [.builtInMic, .bluetoothHFP], "the available inputs of a playAndRecord session in mode voiceChat")
            p.expect(try bench.availableInputs(.record, options: .allowBluetoothHFP).map(\.portType), equals: [.builtInMic, .bluetoothHFP], "the available inputs of a record session with allowBluetoothHFP")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS-MULTIROUTE"],
                     "multiRoute offers built-in mic, headset mic and USB only") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            try bench.attach(.carAudio)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            try bench.attach(.bluetoothHFP)
            let types = try bench.availableInputs(.multiRoute).map(\.portType)
            p.expect(types, equals: [.builtInMic, .headsetMic, .usbAudio], "the available inputs of a multiRoute session")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS"],
                     "headphones, then USB, then HDMI each take the output; detaching the newest falls back") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.playback).outputTypes, equals: [.builtInSpeaker], "the outputs of a playback session")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.playback).outputTypes, equals: [.headphones], "the outputs of a playback session")
            let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            p.expect(try bench.route(.playback).outputTypes, equals: [.usbAudio], "the outputs of a playback session")
            let hdmi = try bench.attach(.hdmi(channels: 2))
            p.expect(try bench.route(.playback).outputTypes, equals: [.HDMI], "the outputs of a playback session")
            try bench.detach(hdmi)
            p.expect(try bench.route(.playback).outputTypes, equals: [.usbAudio], "the outputs of a playback session")
            try bench.detach(usb)
            p.expect(try bench.route(.playback).outputTypes, equals: [.headphones], "the outputs of a playback session")
            try bench.detach(headphones)
            p.expect(try bench.route(.playback).outputTypes, equals: [.builtInSpeaker], "the outputs of a playback session")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS"],
                     "detaching an older accessory keeps the newest one") { p in
            let bench = try RouteBench(platform: p.platform)
            let headphones = try bench.attach(.wiredHeadphones)
            try bench.attach(.hdmi(channels: 2))
            try bench.detach(headphones)
            p.expect(try bench.route(.playback).outputTypes, equals: [.HDMI], "the outputs of a playback session")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS-INPUT"],
                     "the newest input accessory records; built-in mic after detaching") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.record).inputTypes, equals: [.builtInMic], "the inputs of a record session")
            let headset = try bench.attach(.wiredHeadset)
            p.expect(try bench.route(.record).inputTypes, equals: [.headsetMic], "the inputs of a record session")
            let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
            p.expect(try bench.route(.record).inputTypes, equals: [.usbAudio], "the inputs of a record session")
            try bench.detach(usb)
            p.expect(try bench.route(.record).inputTypes, equals: [.headsetMic], "the inputs of a record session")
            try bench.detach(headset)
            p.expect(try bench.route(.record).inputTypes, equals: [.builtInMic], "the inputs of a record session")
        },
        BuiltInCheck(["ROUTING-HEADSET-MIC"],
                     "a wired headset's mic replaces the built-in mic, its headphones the receiver") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            let route = try bench.route(.playAndRecord)
            p.expect(route.inputUIDs, equals: ["Wired Microphone"], "the route's input port UIDs")
            p.expect(route.outputUIDs, equals: ["Wired Headset"], "the route's output port UIDs")
        },
        BuiltInCheck(["ROUTING-PLAYANDRECORD-LAST-IN"],
                     "an output-only accessory takes the output, the mic stays the newest input") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            try bench.attach(.usbInterface(inputs: 0, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes, equals: [.usbAudio], "the route's outputs")
            p.expect(route.inputTypes, equals: [.headsetMic], "the route's inputs")
        },
        BuiltInCheck(["ROUTING-CAR-AUDIO"],
                     "car audio carries output and input") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.carAudio)
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes == [.carAudio] && route.inputTypes == [.carAudio], "the route has outputs \(route.outputTypes) and inputs \(route.inputTypes); expected [.carAudio] and [.carAudio]")
            p.expect(try bench.route(.playback).outputTypes, equals: [.carAudio], "the outputs of a playback session")
        },
        BuiltInCheck(["ROUTING-USB-BOTH-DIRECTIONS"],
                     "a USB interface carries input and output in playAndRecord") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes == [.usbAudio] && route.inputTypes == [.usbAudio], "the route has outputs \(route.outputTypes) and inputs \(route.inputTypes); expected [.usbAudio] and [.usbAudio]")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-ALL-OUTPUTS"],
                     "headphones and HDMI form 4 output channels, headphones L/R then HDMI 1/2") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadphones)
            try bench.attach(.hdmi(channels: 2))
            let route = try bench.route(.multiRoute)
            p.expect(route.outputTypes, equals: [.headphones, .HDMI], "the route's outputs")
            p.expect(route.outputChannelNames, equals: ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"], "the route's output channel names")
            p.expect(route.inputTypes, equals: [.builtInMic], "the route's inputs")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-STABLE-ORDER"],
                     "the channel layout does not depend on plug order") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.hdmi(channels: 2))
            try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.multiRoute).outputChannelNames, equals: ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"], "the output channel names of a multiRoute session")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-INPUTS-WWDC12"],
                     "by default (the WWDC 2012 reading) three inputs: built-in mic and two USB") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadphones)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.multiRoute)
            p.expect(route.inputTypes, equals: [.builtInMic, .usbAudio], "the route's inputs")
            p.expect(route.inputChannelNames, equals: ["iPad Microphone", "Input 1", "Input 2"], "the route's input channel names")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-SPEAKER-FALLBACK"],
                     "the built-in speaker only when no other eligible output is attached") { p in
            let bench = try RouteBench("iphone", platform: p.platform)
            p.expect(try bench.route(.multiRoute).outputTypes, equals: [.builtInSpeaker], "the outputs of a multiRoute session")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.multiRoute).outputTypes, equals: [.headphones], "the outputs of a multiRoute session")
            try bench.attach(.carAudio)
            p.expect(try bench.route(.multiRoute).outputTypes, equals: [.headphones], "the outputs of a multiRoute session")
            try bench.detach(headphones)
            p.expect(try bench.route(.multiRoute).outputTypes, equals: [.builtInSpeaker], "the outputs of a multiRoute session")
        },
    ] }
}
