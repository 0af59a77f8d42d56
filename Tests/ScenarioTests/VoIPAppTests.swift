import Foundation
import MediaServer
@_spi(Soundcheck) import UIKit
import Scenario
import SimCore
import Testing
import VirtualDevices

/// The VoIP reference app on its VoiceProcessingIO unit, measured in what it records.
@Suite struct VoIPAppTests {
    /// A speaker call from 100 ms to 4 s: the 300 Hz far end in what the app recorded over the
    /// last second (after the canceller converged), and the hardware the call ran at.
    static func speakerCall(mistakes: [String]) throws -> (echo: Double, hardware: HardwareSettings) {
        let server = AudioServer(profile: try DeviceProfile.load("iphone"), seed: 113)
        let app = AppID("Phone")
        SimulatedApp.register(app, on: server, hasAudioBackgroundMode: true)
        try server.apply(.launch(app: "Phone"))
        let voip = server.inAppContext(app) { VoIPApp(configuration: AppConfiguration(mistakes: mistakes), log: .discard) }
        try server.schedule("call", at: HostTime(nanoseconds: 100_000_000)) {
            server.inAppContext(app) {
                voip.perform("start-call")
                voip.perform("speaker-on")
            }
            server.answerRecordPermission(app, granted: true)
        }
        server.run(until: HostTime(nanoseconds: 4_000_000_000))
        let recorded = try #require(server.inputSink(app: app))
        let echo = try #require(recorded.toneAmplitude(atFrequency: 300, channel: 1, from: HostTime(nanoseconds: 3_000_000_000),
                                                       to: HostTime(nanoseconds: 4_000_000_000)))
        return (echo, server.currentHardware)
    }

    @Test("AU-VOICE-PROCESSING-ECHO: the VoIP app's VoiceProcessingIO unit takes the far end's echo out of what it records by at least 20 dB (ERLE against processing bypassed)")
    func echoReturnLossEnhancement() throws {
        let bypassed = try Self.speakerCall(mistakes: ["bypasses-voice-processing"])
        let processed = try Self.speakerCall(mistakes: [])
        // The call runs at 16 kHz in 256-frame (16 ms) IO buffers: 20 ms rounded to a power of two.
        #expect(processed.hardware.sampleRate == 16_000 && processed.hardware.ioBufferFrames == 256)
        // 0.25 from the speaker, 25 dB down: about 0.014 reaches the microphone unprocessed.
        #expect(abs(bypassed.echo - 0.014) < 0.004, "\(bypassed.echo)")
        let erle = 20 * log10(bypassed.echo / max(processed.echo, 1e-9))
        #expect(erle >= 20, "ERLE \(erle) dB: from \(bypassed.echo) to \(processed.echo)")
    }
}
