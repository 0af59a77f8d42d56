import Foundation
import AVFAudio
import UIKit
import Soundcheck
import Testing

/// Source compatibility with Apple's Swift API. `Apps/SpellingProbe.swift` is written only with
/// Apple's spellings, so a facade name that drifts stops the build; these tests then check that
/// each spelled value behaves as on a device.
@Suite("Apple's Swift spellings build and behave")
struct AppleSpellingTests {
    @Test("AVAudioApplication.recordPermission is both the type and the property, and follows the user's answer")
    func recordPermission() throws {
        let device = try SimulatedDevice()
        let probe = try device.launch("Memo") { SpellingProbe() }
        let before: AVAudioApplication.recordPermission = device.run(as: "Memo") { probe.recordPermission }
        #expect(before == .undetermined)
        device.run(as: "Memo") { probe.askForPermission() }
        device.answerRecordPermission("Memo", granted: true)
        let after = device.run(as: "Memo") { probe.recordPermission }
        #expect(after == .granted)
        #expect(after.rawValue == 0x6772_6E74) // 'grnt'
        let legacy: AVAudioSession.RecordPermission = device.run(as: "Memo") { probe.legacyRecordPermission }
        #expect(legacy == .granted)
        #expect(legacy.rawValue == 0x6772_6E74)
    }

    @Test("Port, channel and data-source descriptions carry Apple's names and the phone's values")
    func routeDescriptions() throws {
        let device = try SimulatedDevice()
        let probe = try device.launch("Memo") { SpellingProbe() }
        let route = try device.run(as: "Memo") { try probe.configure() }
        let mic = try #require(route.inputs.first)
        #expect(mic.portType == AVAudioSession.Port.builtInMic)
        #expect(mic.portType.rawValue == "MicrophoneBuiltIn")
        #expect(mic.uid == "Built-In Microphone")
        #expect(mic.portName == "iPhone Microphone")
        #expect(!mic.hasHardwareVoiceCallProcessing && !mic.isSpatialAudioEnabled)
        let channel = try #require(mic.channels?.first)
        let label: AudioChannelLabel = channel.channelLabel
        #expect(label == kAudioChannelLabel_Mono)
        #expect(channel.owningPortUID == mic.uid && channel.channelNumber == 1 && channel.channelName == "iPhone Microphone")
        #expect(route.outputs.map(\.portType) == [.builtInSpeaker])

        let (port, front) = try #require(device.run(as: "Memo") { probe.microphone(facing: .front) })
        let id: NSNumber = front.dataSourceID
        #expect(id.intValue == 1_835_216_946)
        #expect(front.dataSourceName == "Front")
        #expect(front.location == AVAudioSession.Location.upper)
        let patterns: [AVAudioSession.PolarPattern]? = front.supportedPolarPatterns
        #expect(patterns == [.omnidirectional, .cardioid, .subcardioid])
        #expect(front.selectedPolarPattern == AVAudioSession.PolarPattern.omnidirectional)
        #expect(front.preferredPolarPattern == nil)
        #expect(port.preferredDataSource == nil)
        #expect(port.selectedDataSource?.dataSourceName == "Bottom")
        #expect(AVAudioSession.Port("Headphones") == .headphones)
        #expect(AVAudioSession.Category("AVAudioSessionCategoryPlayback") == .playback)
    }

    @Test("Route-change and interruption userInfo decode with Apple's keys and types")
    func notificationUserInfo() throws {
        let device = try SimulatedDevice()
        let probe = try device.launch("Memo", backgroundAudio: true) { SpellingProbe() }
        _ = try device.run(as: "Memo") { try probe.configure() }
        try device.run(as: "Memo") { try probe.overrideToSpeaker() }
        try device.attach("wired-headphones")
        try device.perform(.incomingCall(caller: "Alice"))
        try device.perform(.declineCall)
        #expect(probe.routeChanges.contains { $0.reason == .newDeviceAvailable && $0.previousOutput == .builtInSpeaker })
        let began = try #require(probe.interruptions.first)
        #expect(began.type == .began && began.reason == AVAudioSession.InterruptionReason.default)
        let ended = try #require(probe.interruptions.last)
        #expect(ended.type == .ended && ended.options.contains(.shouldResume))
    }

    @Test("UIApplication.State and lifecycle notifications keep UIKit's names")
    func applicationState() throws {
        let device = try SimulatedDevice()
        let probe = try device.launch("Memo") { SpellingProbe() }
        #expect(device.run(as: "Memo") { probe.applicationState } == UIApplication.State.active)
        try device.perform(.background(app: "Memo"))
        #expect(device.run(as: "Memo") { probe.applicationState } == .background)
        #expect(probe.lifecycle == [UIApplication.didEnterBackgroundNotification])
    }

    @Test("Buffers, formats and the streaming converter take Apple's spellings: 0.1 s at 48 kHz becomes 0.1 s at 44.1 kHz")
    func converterIdiom() throws {
        let input = try #require(SpellingProbe.sine(frequency: 440, frames: 4_800))
        let (output, status) = try #require(SpellingProbe.resample(input, to: 44_100))
        #expect(output.format.sampleRate == 44_100 && output.format.isStandard)
        #expect(status == .endOfStream || status == .haveData)
        #expect(abs(Int(output.frameLength) - 4_410) <= 64, "\(output.frameLength) frames")
    }

    @Test("Core Audio structs take Apple's memberwise spellings")
    func coreAudioTypes() throws {
        var description = AudioChannelLayout(mChannelLayoutTag: kAudioChannelLayoutTag_Stereo, mChannelBitmap: AudioChannelBitmap(),
                                             mNumberChannelDescriptions: 0, mChannelDescriptions: AudioChannelDescription())
        let layout = AVAudioChannelLayout(layout: &description)
        #expect(layout.layoutTag == kAudioChannelLayoutTag_Stereo && layout.channelCount == 2)
        let time = AVAudioTime(hostTime: 1_000, sampleTime: 480, atRate: 48_000)
        #expect(time.audioTimeStamp.mFlags.contains(AudioTimeStampFlags.sampleHostTimeValid))
        #expect(AudioChannelBitmap.bit_Left.rawValue == 1 && AudioChannelFlags.meters.rawValue == 4)
        let smpte = SMPTETime(mSubframes: 0, mSubframeDivisor: 80, mCounter: 0, mType: .type25, mFlags: [.valid],
                              mHours: 1, mMinutes: 2, mSeconds: 3, mFrames: 4)
        #expect(smpte.mType.rawValue == 1 && smpte.mFlags.contains(SMPTETimeFlags.valid))
        var samples = [Float](repeating: 0, count: 8)
        let buffer = samples.withUnsafeMutableBufferPointer { AudioBuffer($0, numberOfChannels: 2) }
        #expect(buffer.mNumberChannels == 2 && buffer.mDataByteSize == 32)
    }
}
