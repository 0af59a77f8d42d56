import Foundation
import MediaServer
import OpenAVFAudio
import Soundcheck
import VirtualDevices

/// Routes by category, mode and options, by accessory and plug order, as an app reads them: the
/// media server's routing tests (which ask the route selector directly) asked through AVAudioSession.
enum RouteFacadeChecks {
    static let all: [BuiltInCheck] = [
        BuiltInCheck(["ROUTING-A2DP-OUTPUT-ONLY-CATEGORIES"],
                     "playback uses A2DP without any option; HFP-only headsets are not used") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            p.expect(try bench.route(.playback).outputTypes == [.bluetoothA2DP], "try bench.route(.playback).outputTypes == [.bluetoothA2DP]")
            let hfpOnly = try RouteBench(platform: p.platform)
            try hfpOnly.attach(.bluetoothHFP)
            p.expect(try hfpOnly.route(.playback).outputTypes == [.builtInSpeaker], "try hfpOnly.route(.playback).outputTypes == [.builtInSpeaker]")
        },
        BuiltInCheck(["ROUTING-HFP-NEEDS-OPTION"],
                     "playAndRecord ignores an HFP headset without allowBluetoothHFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            let plain = try bench.route(.playAndRecord)
            p.expect(plain.outputTypes == [.builtInReceiver] && plain.inputTypes == [.builtInMic], "plain.outputTypes == [.builtInReceiver] && plain.inputTypes == [.builtInMic]")
            let allowed = try bench.route(.playAndRecord, options: .allowBluetoothHFP)
            p.expect(allowed.outputTypes == [.bluetoothHFP] && allowed.inputTypes == [.bluetoothHFP], "allowed.outputTypes == [.bluetoothHFP] && allowed.inputTypes == [.bluetoothHFP]")
        },
        BuiltInCheck(["ROUTING-HFP-VOICECHAT"],
                     "voiceChat mode implies HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            p.expect(try bench.route(.playAndRecord, mode: .voiceChat).outputTypes == [.bluetoothHFP], "try bench.route(.playAndRecord, mode: .voiceChat).outputTypes == [.bluetoothHFP]")
        },
        BuiltInCheck(["ROUTING-A2DP-NEEDS-OPTION"],
                     "playAndRecord uses A2DP output only with allowBluetoothA2DP, mic stays built-in") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothA2DP)
            p.expect(try bench.route(.playAndRecord).outputTypes == [.builtInReceiver], "try bench.route(.playAndRecord).outputTypes == [.builtInReceiver]")
            let allowed = try bench.route(.playAndRecord, options: .allowBluetoothA2DP)
            p.expect(allowed.outputTypes == [.bluetoothA2DP] && allowed.inputTypes == [.builtInMic], "allowed.outputTypes == [.bluetoothA2DP] && allowed.inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-HFP-OVER-A2DP-SAME-DEVICE"],
                     "one device with both profiles and both allowed routes over HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            let both = try bench.route(.playAndRecord, options: [.allowBluetoothHFP, .allowBluetoothA2DP])
            p.expect(both.outputTypes == [.bluetoothHFP] && both.inputTypes == [.bluetoothHFP], "both.outputTypes == [.bluetoothHFP] && both.inputTypes == [.bluetoothHFP]")
            let a2dpOnly = try bench.route(.playAndRecord, options: .allowBluetoothA2DP)
            p.expect(a2dpOnly.outputTypes == [.bluetoothA2DP] && a2dpOnly.inputTypes == [.builtInMic], "a2dpOnly.outputTypes == [.bluetoothA2DP] && a2dpOnly.inputTypes == [.builtInMic]")
            p.expect(try bench.route(.playback).outputTypes == [.bluetoothA2DP], "try bench.route(.playback).outputTypes == [.bluetoothA2DP]")
        },
        BuiltInCheck(["ROUTING-HFP-PAIR"],
                     "wired headphones after an HFP headset take the output, and the mic leaves HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHFP)
            try bench.attach(.wiredHeadphones)
            let route = try bench.route(.playAndRecord, options: .allowBluetoothHFP)
            p.expect(route.outputTypes == [.headphones] && route.inputTypes == [.builtInMic], "route.outputTypes == [.headphones] && route.inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-HFP-RECORD"],
                     "record uses an HFP microphone only with allowBluetoothHFP; never A2DP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            p.expect(try bench.route(.record).inputTypes == [.builtInMic], "try bench.route(.record).inputTypes == [.builtInMic]")
            p.expect(try bench.route(.record, options: .allowBluetoothHFP).inputTypes == [.bluetoothHFP], "try bench.route(.record, options: .allowBluetoothHFP).inputTypes == [.bluetoothHFP]")
            p.expect((try? bench.route(.record, options: .allowBluetoothA2DP)) == nil, "record refuses allowBluetoothA2DP")
            p.expect(try bench.route(.record).outputs.isEmpty, "record has no outputs, A2DP or other")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-NO-BLUETOOTH"],
                     "multiRoute uses neither A2DP nor HFP") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            let route = try bench.route(.multiRoute)
            p.expect(route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic], "route.outputTypes == [.builtInSpeaker] && route.inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-PLAYANDRECORD-DEFAULT-RECEIVER"],
                     "playAndRecord on a phone plays to the receiver, records from the built-in mic") { p in
            let route = try RouteBench(platform: p.platform).route(.playAndRecord)
            p.expect(route.outputTypes == [.builtInReceiver], "route.outputTypes == [.builtInReceiver]")
            p.expect(route.inputTypes == [.builtInMic], "route.inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-DEFAULT-TO-SPEAKER"],
                     "defaultToSpeaker uses the speaker when nothing is attached, headphones when they are") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker], "try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker]")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.headphones], "try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.headphones]")
            try bench.detach(headphones)
            p.expect(try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker], "try bench.route(.playAndRecord, options: .defaultToSpeaker).outputTypes == [.builtInSpeaker]")
        },
        BuiltInCheck(["ROUTING-VIDEOCHAT-SPEAKER"],
                     "videoChat mode defaults to the speaker") { p in
            p.expect(try RouteBench(platform: p.platform).route(.playAndRecord, mode: .videoChat).outputTypes == [.builtInSpeaker], "try RouteBench(platform: p.platform).route(.playAndRecord, mode: .videoChat).outputTypes == [.builtInSpeaker]")
        },
        BuiltInCheck(["ROUTING-RECORD-INPUT-ONLY"],
                     "record has inputs and no outputs") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            let route = try bench.route(.record)
            p.expect(route.outputs.isEmpty && route.inputTypes == [.headsetMic], "route.outputs.isEmpty && route.inputTypes == [.headsetMic]")
        },
        BuiltInCheck(["ROUTING-HDMI-OUTPUT"],
                     "HDMI takes the output of playback and playAndRecord") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.hdmi(channels: 6))
            p.expect(try bench.route(.playback).outputTypes == [.HDMI], "try bench.route(.playback).outputTypes == [.HDMI]")
            p.expect(try bench.route(.playAndRecord).outputTypes == [.HDMI], "try bench.route(.playAndRecord).outputTypes == [.HDMI]")
            p.expect(try bench.route(.playAndRecord).inputTypes == [.builtInMic], "try bench.route(.playAndRecord).inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS"],
                     "built-in mic first, then accessories' inputs in arrival order") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            try bench.attach(.wiredHeadset)
            try bench.attach(.carAudio)
            p.expect(try bench.availableInputs(.playAndRecord).map(\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio], "try bench.availableInputs(.playAndRecord).map(\\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio]")
            p.expect(try bench.availableInputs(.record).map(\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio], "try bench.availableInputs(.record).map(\\.portType) == [.builtInMic, .usbAudio, .headsetMic, .carAudio]")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS-HFP"],
                     "the HFP mic is available only with allowBluetoothHFP or a chat mode") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.bluetoothHeadphones)
            p.expect(try bench.availableInputs(.playAndRecord).map(\.portType) == [.builtInMic], "try bench.availableInputs(.playAndRecord).map(\\.portType) == [.builtInMic]")
            if p.platform.release >= 10 { // allowBluetoothA2DP came with iOS 10
                p.expect(try bench.availableInputs(.playAndRecord, options: .allowBluetoothA2DP).map(\.portType) == [.builtInMic], "A2DP brings no input")
            }
            p.expect(try bench.availableInputs(.playAndRecord, options: .allowBluetoothHFP).map(\.portType) == [.builtInMic, .bluetoothHFP], "try bench.availableInputs(.playAndRecord, options: .allowBluetoothHFP).map(\\.portType) == [.builtInMic, .bluetoothHFP]")
            p.expect(try bench.availableInputs(.playAndRecord, mode: .voiceChat).map(\.portType) == [.builtInMic, .bluetoothHFP], "try bench.availableInputs(.playAndRecord, mode: .voiceChat).map(\\.portType) == [.builtInMic, .bluetoothHFP]")
            p.expect(try bench.availableInputs(.record, options: .allowBluetoothHFP).map(\.portType) == [.builtInMic, .bluetoothHFP], "try bench.availableInputs(.record, options: .allowBluetoothHFP).map(\\.portType) == [.builtInMic, .bluetoothHFP]")
        },
        BuiltInCheck(["ROUTING-AVAILABLE-INPUTS-MULTIROUTE"],
                     "multiRoute offers built-in mic, headset mic and USB only") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            try bench.attach(.carAudio)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            try bench.attach(.bluetoothHFP)
            let types = try bench.availableInputs(.multiRoute).map(\.portType)
            p.expect(types == [.builtInMic, .headsetMic, .usbAudio], "types == [.builtInMic, .headsetMic, .usbAudio]")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS"],
                     "headphones, then USB, then HDMI each take the output; detaching the newest falls back") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.playback).outputTypes == [.builtInSpeaker], "try bench.route(.playback).outputTypes == [.builtInSpeaker]")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.playback).outputTypes == [.headphones], "try bench.route(.playback).outputTypes == [.headphones]")
            let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            p.expect(try bench.route(.playback).outputTypes == [.usbAudio], "try bench.route(.playback).outputTypes == [.usbAudio]")
            let hdmi = try bench.attach(.hdmi(channels: 2))
            p.expect(try bench.route(.playback).outputTypes == [.HDMI], "try bench.route(.playback).outputTypes == [.HDMI]")
            try bench.detach(hdmi)
            p.expect(try bench.route(.playback).outputTypes == [.usbAudio], "try bench.route(.playback).outputTypes == [.usbAudio]")
            try bench.detach(usb)
            p.expect(try bench.route(.playback).outputTypes == [.headphones], "try bench.route(.playback).outputTypes == [.headphones]")
            try bench.detach(headphones)
            p.expect(try bench.route(.playback).outputTypes == [.builtInSpeaker], "try bench.route(.playback).outputTypes == [.builtInSpeaker]")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS"],
                     "detaching an older accessory keeps the newest one") { p in
            let bench = try RouteBench(platform: p.platform)
            let headphones = try bench.attach(.wiredHeadphones)
            try bench.attach(.hdmi(channels: 2))
            try bench.detach(headphones)
            p.expect(try bench.route(.playback).outputTypes == [.HDMI], "try bench.route(.playback).outputTypes == [.HDMI]")
        },
        BuiltInCheck(["ROUTING-LAST-IN-WINS-INPUT"],
                     "the newest input accessory records; built-in mic after detaching") { p in
            let bench = try RouteBench(platform: p.platform)
            p.expect(try bench.route(.record).inputTypes == [.builtInMic], "try bench.route(.record).inputTypes == [.builtInMic]")
            let headset = try bench.attach(.wiredHeadset)
            p.expect(try bench.route(.record).inputTypes == [.headsetMic], "try bench.route(.record).inputTypes == [.headsetMic]")
            let usb = try bench.attach(.usbInterface(inputs: 2, outputs: 0, sampleRates: [48_000]))
            p.expect(try bench.route(.record).inputTypes == [.usbAudio], "try bench.route(.record).inputTypes == [.usbAudio]")
            try bench.detach(usb)
            p.expect(try bench.route(.record).inputTypes == [.headsetMic], "try bench.route(.record).inputTypes == [.headsetMic]")
            try bench.detach(headset)
            p.expect(try bench.route(.record).inputTypes == [.builtInMic], "try bench.route(.record).inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-HEADSET-MIC"],
                     "a wired headset's mic replaces the built-in mic, its headphones the receiver") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            let route = try bench.route(.playAndRecord)
            p.expect(route.inputUIDs == ["Wired Microphone"], "route.inputUIDs == [\"Wired Microphone\"]")
            p.expect(route.outputUIDs == ["Wired Headset"], "route.outputUIDs == [\"Wired Headset\"]")
        },
        BuiltInCheck(["ROUTING-PLAYANDRECORD-LAST-IN"],
                     "an output-only accessory takes the output, the mic stays the newest input") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.wiredHeadset)
            try bench.attach(.usbInterface(inputs: 0, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes == [.usbAudio], "route.outputTypes == [.usbAudio]")
            p.expect(route.inputTypes == [.headsetMic], "route.inputTypes == [.headsetMic]")
        },
        BuiltInCheck(["ROUTING-CAR-AUDIO"],
                     "car audio carries output and input") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.carAudio)
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes == [.carAudio] && route.inputTypes == [.carAudio], "route.outputTypes == [.carAudio] && route.inputTypes == [.carAudio]")
            p.expect(try bench.route(.playback).outputTypes == [.carAudio], "try bench.route(.playback).outputTypes == [.carAudio]")
        },
        BuiltInCheck(["ROUTING-USB-BOTH-DIRECTIONS"],
                     "a USB interface carries input and output in playAndRecord") { p in
            let bench = try RouteBench(platform: p.platform)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.playAndRecord)
            p.expect(route.outputTypes == [.usbAudio] && route.inputTypes == [.usbAudio], "route.outputTypes == [.usbAudio] && route.inputTypes == [.usbAudio]")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-ALL-OUTPUTS"],
                     "headphones and HDMI form 4 output channels, headphones L/R then HDMI 1/2") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadphones)
            try bench.attach(.hdmi(channels: 2))
            let route = try bench.route(.multiRoute)
            p.expect(route.outputTypes == [.headphones, .HDMI], "route.outputTypes == [.headphones, .HDMI]")
            p.expect(route.outputChannelNames == ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"], "route.outputChannelNames == [\"Headphones Left\", \"Headphones Right\", \"HDMI 1\", \"HDMI 2\"]")
            p.expect(route.inputTypes == [.builtInMic], "route.inputTypes == [.builtInMic]")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-STABLE-ORDER"],
                     "the channel layout does not depend on plug order") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.hdmi(channels: 2))
            try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.multiRoute).outputChannelNames == ["Headphones Left", "Headphones Right", "HDMI 1", "HDMI 2"], "try bench.route(.multiRoute).outputChannelNames == [\"Headphones Left\", \"Headphones Right\", \"HDMI 1\", \"HDMI 2\"]")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-INPUTS-WWDC12"],
                     "by default (the WWDC 2012 reading) three inputs: built-in mic and two USB") { p in
            let bench = try RouteBench("ipad", platform: p.platform)
            try bench.attach(.wiredHeadphones)
            try bench.attach(.usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000]))
            let route = try bench.route(.multiRoute)
            p.expect(route.inputTypes == [.builtInMic, .usbAudio], "route.inputTypes == [.builtInMic, .usbAudio]")
            p.expect(route.inputChannelNames == ["iPad Microphone", "Input 1", "Input 2"], "route.inputChannelNames == [\"iPad Microphone\", \"Input 1\", \"Input 2\"]")
        },
        BuiltInCheck(["ROUTING-MULTIROUTE-SPEAKER-FALLBACK"],
                     "the built-in speaker only when no other eligible output is attached") { p in
            let bench = try RouteBench("iphone", platform: p.platform)
            p.expect(try bench.route(.multiRoute).outputTypes == [.builtInSpeaker], "try bench.route(.multiRoute).outputTypes == [.builtInSpeaker]")
            let headphones = try bench.attach(.wiredHeadphones)
            p.expect(try bench.route(.multiRoute).outputTypes == [.headphones], "try bench.route(.multiRoute).outputTypes == [.headphones]")
            try bench.attach(.carAudio)
            p.expect(try bench.route(.multiRoute).outputTypes == [.headphones], "try bench.route(.multiRoute).outputTypes == [.headphones]")
            try bench.detach(headphones)
            p.expect(try bench.route(.multiRoute).outputTypes == [.builtInSpeaker], "try bench.route(.multiRoute).outputTypes == [.builtInSpeaker]")
        },
    ]
}
