import Foundation
import AVFAudio
import Soundcheck

/// What the voiceChat and measurement modes change for an app, read from the route it is given,
/// the level its input receives and the latency the session reports.
enum ModeChecks {
    /// The route of a playAndRecord app in `mode` on a device with `accessories`: (outputs, inputs).
    static func route(_ p: CheckProbe, mode: AVAudioSession.Mode, accessories: [String] = []) throws
        -> (outputs: [AVAudioSession.Port], inputs: [AVAudioSession.Port]) {
        let device = try p.device()
        for accessory in accessories { _ = try device.attach(accessory) }
        return try device.launch("App", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: mode)
            try AVAudioSession.sharedInstance().setActive(true)
            let route = AVAudioSession.sharedInstance().currentRoute
            return (route.outputs.map(\.portType), route.inputs.map(\.portType))
        }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-MODE-VOICECHAT-ROUTES"],
                     "voiceChat routes a call like the phone: receiver and built-in mic, or a Bluetooth headset without asking for it") { p in
            let plain = try Self.route(p, mode: .voiceChat)
            p.expect(plain.outputs, equals: [.builtInReceiver], "a voiceChat app's outputs on a bare phone")
            p.expect(plain.inputs, equals: [.builtInMic], "a voiceChat app's inputs on a bare phone")
            let headset = try Self.route(p, mode: .voiceChat, accessories: ["bluetooth-hfp"])
            p.expect(headset.outputs, equals: [.bluetoothHFP], "a voiceChat app's outputs with an HFP headset (no allowBluetoothHFP option given)")
            p.expect(headset.inputs, equals: [.bluetoothHFP], "a voiceChat app's inputs with an HFP headset")
            let recorder = try Self.route(p, mode: .default, accessories: ["bluetooth-hfp"])
            p.expect(recorder.outputs, equals: [.builtInReceiver], "a default-mode playAndRecord app's outputs with the same headset (it did not ask for HFP)")
        },
        BuiltInCheck(["SESSION-MODE-MEASUREMENT-RAW"],
                     "in measurement mode the app's input is the microphone's signal, unaltered in level") { p in
            let device = try p.device()
            try device.launch("Meter", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.record, mode: .measurement)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            device.answerRecordPermission("Meter", granted: true)
            // The tone at the mic is 0.5 full scale: −6.02 dBFS.
            let peak = device.inputPeak("Meter")
            p.expect(abs(peak - 20 * log10(0.5)) < 0.1, "a 440 Hz tone of −6.02 dBFS at the mic reached the measurement-mode app at \(peak) dBFS; expected it unaltered")
        },
        BuiltInCheck(["SESSION-HW-REMOTEIO-LOW-LATENCY"],
                     "with a 3 ms IO buffer on the built-in route, input to output takes under 10 ms") { p in
            let device = try p.device()
            let (input, output, buffer) = try device.launch("Loop", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, options: .defaultToSpeaker)
                try session.setPreferredIOBufferDuration(0.003)
                try session.setActive(true)
                return (session.inputLatency, session.outputLatency, session.ioBufferDuration)
            }
            // One buffer to capture, one to play, plus what the converters add on each side.
            let roundTrip = input + output + 2 * buffer
            p.expect(roundTrip < 0.010,
                     "input-to-output latency is \(roundTrip * 1000) ms (input \(input * 1000) ms + output \(output * 1000) ms + 2 × IO buffer \(buffer * 1000) ms); expected under 10 ms")
        },
    ] }
}
