import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// The input mute of `AVAudioApplication`, echo-cancelled input and the rendering mode, checked on
/// the signal: what an app records, and what the session is told.
@Suite("Session preferences: input mute, echo-cancelled input, rendering mode")
struct SessionCaptureAndRenderingTests {
    static func isMute(_ notification: SessionNotification) -> Bool {
        if case .inputMuteStateChange = notification { true } else { false }
    }

    /// Records `app` into a float WAV from now; the caller stops it.
    private func startRecording(_ device: SimulatedDevice, _ app: String) throws -> (AVAudioRecorder, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("session-prefs-\(UUID().uuidString).wav")
        let recorder = try device.run(as: app) {
            try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0,
                                                     AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true])
        }
        #expect(device.run(as: app) { recorder.record() })
        return (recorder, url)
    }

    @Test("muting input silences the tone at the microphone in the recording, unmuting brings it back, and each change is posted once")
    func inputMuteSilencesTheRecording() throws {
        let device = try SimulatedDevice(seed: 11)
        try device.launch("Memo", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Memo", granted: true)
        nonisolated(unsafe) var posted: [Bool] = []
        device.run(as: "Memo") {
            _ = NotificationCenter.default.addObserver(forName: AVAudioApplication.inputMuteStateChangeNotification,
                                                       object: AVAudioApplication.shared, queue: nil) { note in
                posted.append((note.userInfo?[AVAudioApplication.muteStateKey] as? NSNumber)?.boolValue ?? false)
            }
        }
        device.attachInputSource("Built-In Microphone", .sine(frequency: 1000, amplitude: 0.25))
        let (recorder, url) = try startRecording(device, "Memo")
        defer { try? FileManager.default.removeItem(at: url) }
        device.advance(to: .seconds(1))
        try device.run(as: "Memo") { try AVAudioApplication.shared.setInputMuted(true) }
        device.advance(to: .seconds(2))
        try device.run(as: "Memo") { try AVAudioApplication.shared.setInputMuted(false) }
        device.advance(to: .seconds(3))
        device.run(as: "Memo") { recorder.stop() }

        #expect(try device.recording(of: "Memo", from: .milliseconds(200), to: .milliseconds(900)).contains(tone: 1000))
        #expect(try device.recording(of: "Memo", from: .milliseconds(1100), to: .milliseconds(1900)).isSilent)
        #expect(try device.recording(of: "Memo", from: .milliseconds(2200), to: .milliseconds(2900)).contains(tone: 1000))
        #expect(posted == [true, false])
        #expect(device.notifications(for: "Memo").filter(Self.isMute) == [.inputMuteStateChange(muted: true), .inputMuteStateChange(muted: false)])
    }

    @Test("on the Mac the input mute handler is asked first: a refused change throws and leaves the input heard, an accepted one silences it; iOS has no such call")
    func macMuteHandlerIsHonoured() throws {
        let device = try SimulatedDevice(profile: "mac", seed: 16)
        try device.launch("Call", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.answerRecordPermission("Call", granted: true)
        let mic = try #require(device.server.currentRoute.inputs.first?.uid)
        device.attachInputSource(mic, .sine(frequency: 1000, amplitude: 0.25))
        nonisolated(unsafe) var asked: [Bool] = []
        nonisolated(unsafe) var accept = false
        try device.run(as: "Call") {
            try AVAudioApplication.shared.setInputMuteStateChangeHandler { shouldMute in
                asked.append(shouldMute)
                return accept
            }
        }
        let (recorder, url) = try startRecording(device, "Call")
        defer { try? FileManager.default.removeItem(at: url) }
        device.advance(to: .seconds(1))
        #expect(throws: NSError.self) { try device.run(as: "Call") { try AVAudioApplication.shared.setInputMuted(true) } }
        #expect(!device.run(as: "Call") { AVAudioApplication.shared.isInputMuted }, "a refused mute does not happen")
        device.advance(to: .seconds(2))
        accept = true
        try device.run(as: "Call") { try AVAudioApplication.shared.setInputMuted(true) }
        device.advance(to: .seconds(3))
        device.run(as: "Call") { recorder.stop() }

        #expect(asked == [true, true])
        #expect(try device.recording(of: "Call", from: .milliseconds(1100), to: .milliseconds(1900)).contains(tone: 1000))
        #expect(try device.recording(of: "Call", from: .milliseconds(2100), to: .milliseconds(2900)).isSilent)
        #expect(device.notifications(for: "Call").filter(Self.isMute) == [.inputMuteStateChange(muted: true)])

        let phone = try SimulatedDevice(seed: 16)
        try phone.launch("Call") {
            #expect(throws: NSError.self) { try AVAudioApplication.shared.setInputMuteStateChangeHandler { _ in true } }
        }
    }

    @Test("a mute set while the recording session is inactive is posted when it activates, not before")
    func muteWhileInactiveIsPostedOnActivation() throws {
        let device = try SimulatedDevice(seed: 12)
        try device.launch("Memo", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioApplication.shared.setInputMuted(true)
        }
        #expect(device.notifications(for: "Memo").filter(Self.isMute).isEmpty)
        device.advance(to: .seconds(1))
        try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setActive(true) }
        let mutes = device.postedNotifications(for: "Memo").filter { Self.isMute($0.notification) }
        #expect(mutes.map(\.notification) == [.inputMuteStateChange(muted: true)])
        #expect(mutes.first?.time == .seconds(1))
        #expect(device.run(as: "Memo") { AVAudioApplication.shared.isInputMuted })
    }

    /// An app on an iPhone 16 Pro (echo-cancelled input) playing a 440 Hz tone on the speaker
    /// while a 1 kHz tone sounds into the microphone, recording both.
    private func playAndRecord(prefersEchoCancellation: Bool) throws -> (SimulatedDevice, Bool) {
        var profile = try DeviceProfile.load("iphone")
        profile.model = "iPhone 16 Pro"
        let device = SimulatedDevice(profile: profile, platform: .ios26, seed: 13)
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 4)
        try device.launch("Studio", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playAndRecord, options: .defaultToSpeaker)
            try session.setPrefersEchoCancelledInput(prefersEchoCancellation)
            try session.setActive(true)
        }
        device.answerRecordPermission("Studio", granted: true)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 1000, amplitude: 0.25))
        let player = try device.run(as: "Studio") { try AVAudioPlayer(contentsOf: url) }
        let (recorder, file) = try startRecording(device, "Studio")
        defer { try? FileManager.default.removeItem(at: file) }
        device.run(as: "Studio") { _ = player.play() }
        device.advance(to: .seconds(2))
        let enabled = device.run(as: "Studio") { AVAudioSession.sharedInstance().isEchoCancelledInputEnabled }
        device.run(as: "Studio") { recorder.stop() }
        return (device, enabled)
    }

    @Test("with echo-cancelled input the speaker's tone is out of the recording and the microphone's tone is in it; without, both are")
    func echoCancelledInputRemovesTheSpeaker() throws {
        let (plain, plainEnabled) = try playAndRecord(prefersEchoCancellation: false)
        let heard = try plain.recording(of: "Studio", from: .milliseconds(500), to: .milliseconds(1500))
        #expect(!plainEnabled)
        #expect(heard.contains(tone: 440), "the speaker's echo reaches the microphone")
        #expect(heard.contains(tone: 1000))

        let (cancelled, enabled) = try playAndRecord(prefersEchoCancellation: true)
        #expect(enabled)
        let recorded = try cancelled.recording(of: "Studio", from: .milliseconds(500), to: .milliseconds(1500))
        #expect(!recorded.contains(tone: 440), "the speaker's echo is cancelled")
        #expect(recorded.contains(tone: 1000), "the microphone still records")
        #expect(try cancelled.audio(at: .builtInSpeaker, from: .milliseconds(500), to: .milliseconds(1500)).contains(tone: 440))
    }

    @Test("echo-cancelled input is available only on hardware with it, in playAndRecord with the default mode; the preference reads back everywhere")
    func echoCancelledInputAvailability() throws {
        var profile = try DeviceProfile.load("iphone")
        profile.model = "iPhone 16 Pro"
        for (profile, platform, mode, available) in [(profile, PlatformProfile.ios26, AVAudioSession.Mode.default, true),
                                                     (profile, .ios26, .measurement, false), (profile, .ios17, .default, false),
                                                     (try DeviceProfile.load("iphone"), .ios26, .default, false)] {
            let device = SimulatedDevice(profile: profile, platform: platform, seed: 14)
            try device.launch("Studio") {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: mode)
                try session.setPrefersEchoCancelledInput(true)
                #expect(session.isEchoCancelledInputAvailable == available, "\(platform) \(mode.rawValue) \(profile.model ?? "no model")")
                #expect(session.prefersEchoCancelledInput)
                #expect(!session.isEchoCancelledInputEnabled, "not enabled while inactive")
                try session.setCategory(.playback)
                #expect(!session.isEchoCancelledInputAvailable)
            }
        }
    }

    @Test("the raw values apps store and compare are Apple's: rendering modes, stereo orientations, microphone injection")
    func rawValuesAreApples() throws {
        #expect([AVAudioSession.RenderingMode.notApplicable, .monoStereo, .surround, .spatialAudio, .dolbyAudio, .dolbyAtmos].map(\.rawValue)
                == [0, 1, 2, 3, 4, 5])
        #expect(AVAudioSession.RenderingMode(rawValue: 5) == .dolbyAtmos && AVAudioSession.RenderingMode(rawValue: 6) == nil)
        #expect([AVAudioSession.StereoOrientation.none, .portrait, .portraitUpsideDown, .landscapeRight, .landscapeLeft].map(\.rawValue)
                == [0, 1, 2, 3, 4])
        #expect(AVAudioSession.StereoOrientation(rawValue: 4) == .landscapeLeft)
        #expect(AVAudioApplication.MicrophoneInjectionPermission.serviceDisabled.rawValue == 0x7372_6473) // 'srds'
        #expect([AVAudioApplication.MicrophoneInjectionPermission.undetermined, .denied, .granted].map(\.rawValue)
                == [0x756E_6474, 0x6465_6E79, 0x6772_6E74]) // 'undt', 'deny', 'grnt'
        #expect(AVAudioApplication.MicrophoneInjectionPermission(rawValue: 0x6772_6E74) == .granted)
    }

    @Test("renderingMode follows the route for a session with multichannel content: stereo on the speaker, spatial on the buds, surround on HDMI 5.1, each change posted")
    func renderingModeFollowsTheRoute() throws {
        let url = try TypedHarnessTests.toneFile(frequency: 440, seconds: 6)
        let device = try SimulatedDevice(profile: "iphone", platform: .ios17, seed: 15)
        for app in ["Movies", "Radio"] {
            try device.launch(app, backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playback, options: app == "Radio" ? .mixWithOthers : [])
                if app == "Movies" { try session.setSupportsMultichannelContent(true) }
                try session.setActive(true)
            }
        }
        nonisolated(unsafe) var userInfo: [String] = []
        device.run(as: "Movies") {
            let session = AVAudioSession.sharedInstance()
            _ = NotificationCenter.default.addObserver(forName: AVAudioSession.renderingModeChangeNotification, object: session, queue: nil) {
                userInfo.append("mode \(($0.userInfo?[AVAudioSessionRenderingModeNewRenderingModeKey] as? NSNumber)?.intValue ?? -1)")
            }
            _ = NotificationCenter.default.addObserver(forName: AVAudioSession.spatialPlaybackCapabilitiesChangedNotification,
                                                       object: session, queue: nil) {
                userInfo.append("spatial \(($0.userInfo?[AVAudioSessionSpatialAudioEnabledKey] as? NSNumber)?.boolValue ?? false)")
            }
        }
        func mode(_ app: String) -> AVAudioSession.RenderingMode { device.run(as: app) { AVAudioSession.sharedInstance().renderingMode } }
        #expect(mode("Movies") == .notApplicable, "nothing playing yet")
        let player = try device.run(as: "Movies") { try AVAudioPlayer(contentsOf: url) }
        device.run(as: "Movies") { _ = player.play() }
        #expect(mode("Movies") == .monoStereo)
        let buds = try device.attach("bluetooth-headphones")
        #expect(mode("Movies") == .spatialAudio)
        let budsPort: AVAudioSessionPortDescription? = device.run(as: "Movies") { AVAudioSession.sharedInstance().currentRoute.outputs.first }
        #expect(budsPort?.isSpatialAudioEnabled == true, "the buds render spatial audio")
        #expect(device.run(as: "Movies") { AVAudioSession.sharedInstance().supportsMultichannelContent })
        #expect(!device.run(as: "Radio") { AVAudioSession.sharedInstance().supportsMultichannelContent })
        device.advance(to: .seconds(1))
        try device.detach(buds)
        let hdmi = try device.attach("hdmi:6")
        #expect(mode("Movies") == .surround)
        device.advance(to: .seconds(2))
        try device.detach(hdmi)
        #expect(mode("Movies") == .monoStereo)
        #expect(mode("Radio") == .notApplicable, "Radio plays nothing")

        let told = device.notifications(for: "Movies").filter {
            switch $0 { case .renderingModeChange, .spatialPlaybackCapabilitiesChanged: true; default: false }
        }
        #expect(told == [.renderingModeChange(.monoStereo), .renderingModeChange(.spatialAudio),
                         .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: true),
                         .renderingModeChange(.monoStereo), .spatialPlaybackCapabilitiesChanged(spatialAudioEnabled: false),
                         .renderingModeChange(.surround), .renderingModeChange(.monoStereo)])
        #expect(userInfo == ["mode 1", "mode 3", "spatial true", "mode 1", "spatial false", "mode 2", "mode 1"],
                "the userInfo as an app reads it (raw values of AVAudioSession.RenderingMode)")
        #expect(!device.notifications(for: "Radio").contains { if case .renderingModeChange = $0 { true } else { false } },
                "a session that did not declare multichannel content is not told")
        #expect(try device.audio(at: "HDMIOutput-1", from: .milliseconds(1100), to: .milliseconds(1900)).contains(tone: 440))
    }
}
