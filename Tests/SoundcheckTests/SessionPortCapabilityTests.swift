import AVFAudio
import CoreAudioTypes
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// What the session reports of its ports beyond the route (iOS 17.2 and 26), and a recorder's
/// interruption callbacks, on the simulated device.
@Suite("Session: output channel layouts, Bluetooth microphone capabilities, recorder interruptions")
struct SessionPortCapabilityTests {
    private func launch(_ device: SimulatedDevice, _ app: String, _ category: AVAudioSession.Category,
                        options: AVAudioSession.CategoryOptions = [], active: Bool = true) throws {
        try device.launch(app, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category, mode: .default, options: options)
            if active { try AVAudioSession.sharedInstance().setActive(true) }
        }
    }

    @Test("supportedOutputChannelLayouts: empty while inactive and on the speaker, CarPlay's stereo layout once the car takes the route")
    func outputChannelLayouts() throws {
        let device = try SimulatedDevice(seed: 5)
        try launch(device, "Maps", .playback, active: false)
        #expect(device.run(as: "Maps") { AVAudioSession.sharedInstance().supportedOutputChannelLayouts }.isEmpty)
        try device.run(as: "Maps") { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(device.run(as: "Maps") { AVAudioSession.sharedInstance().supportedOutputChannelLayouts }.isEmpty, "the speaker reports none")
        try device.perform(.attach(.carAudio, connector: nil))
        device.advance(by: .milliseconds(100))
        let route = device.run(as: "Maps") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }
        #expect(route == [.carAudio])
        let layouts = device.run(as: "Maps") { AVAudioSession.sharedInstance().supportedOutputChannelLayouts }
        #expect(layouts.map(\.layoutTag) == [kAudioChannelLayoutTag_Stereo])
    }

    @Test("a Bluetooth HFP input has a microphone extension offering neither high-quality recording nor far-field capture; the built-in mic has none")
    func bluetoothMicrophoneExtension() throws {
        let device = try SimulatedDevice(seed: 6)
        try launch(device, "Call", .playAndRecord, options: [.allowBluetoothHFP])
        let builtIn = device.run(as: "Call") { AVAudioSession.sharedInstance().currentRoute.inputs.first }
        #expect(builtIn?.portType == .builtInMic && builtIn?.bluetoothMicrophoneExtension == nil)
        try device.perform(.attach(.bluetoothHFP, connector: nil))
        device.advance(by: .milliseconds(100))
        let input = device.run(as: "Call") { AVAudioSession.sharedInstance().currentRoute.inputs.first }
        #expect(input?.portType == .bluetoothHFP)
        let microphone = input?.bluetoothMicrophoneExtension
        #expect(microphone != nil)
        #expect(microphone?.highQualityRecording.isSupported == false && microphone?.highQualityRecording.isEnabled == false)
        #expect(microphone?.farFieldCapture.isSupported == false && microphone?.farFieldCapture.isEnabled == false)
    }

    @Test("a call interrupts a recording: the recorder pauses and tells its delegate; declining the call ends it with shouldResume")
    func recorderInterruptionCallbacks() throws {
        final class Delegate: AVAudioRecorderDelegate, @unchecked Sendable {
            var events: [String] = []
            func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder) { events.append("began") }
            func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int) { events.append("ended \(flags)") }
        }
        let device = try SimulatedDevice(seed: 7)
        try launch(device, "Memo", .playAndRecord)
        device.answerRecordPermission("Memo", granted: true)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID().uuidString).wav")
        let delegate = Delegate()
        let recorder = try device.run(as: "Memo") {
            try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0, AVNumberOfChannelsKey: 1])
        }
        recorder.delegate = delegate
        #expect(device.run(as: "Memo") { recorder.record() })
        device.advance(by: .seconds(1))
        try device.perform(.incomingCall(caller: "Alice"))
        #expect(!recorder.isRecording, "an interruption pauses the recorder")
        try device.perform(.declineCall)
        device.advance(by: .milliseconds(100))
        #expect(delegate.events == ["began", "ended \(AVAudioSession.InterruptionOptions.shouldResume.rawValue)"])
        device.run(as: "Memo") { recorder.stop() }
        try? FileManager.default.removeItem(at: url)
    }
}
