import Foundation
@testable import Conformance
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// AVAudioRecorder through the harness: recorded files are read back with AVAudioFile.
@Suite("AVAudioRecorder through the media server")
struct RecorderTests {
    @Test("record() returns false when the session's category does not allow input")
    func needsInputCategory() throws {
        let device = try SimulatedDevice(seed: 37)
        try device.launch("Music", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        let recorder = try device.run(as: "Music") { try AVAudioRecorder(url: try AudioRecorderChecks.recordingURL("no"), settings: AudioRecorderChecks.settings()) }
        #expect(device.run(as: "Music") { recorder.record() } == false)
        #expect(!recorder.isRecording)
    }
}
