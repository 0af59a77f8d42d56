import Conformance
import AudioFiles
import AudioToolbox
import AVFAudio
import Foundation
import MediaServer
import SimCore
import Soundcheck

/// Starting playback or recording without `setActive(true)`: each of Apple's start APIs activates
/// the inactive session itself (Audio Session Programming Guide, "Activating an Audio Session"),
/// exactly as an explicit activation would — Music, playing non-mixable, is interrupted, and the
/// app's 440 Hz tone (or the microphone's, for the recorder) is heard.
enum ImplicitActivationChecks {
    /// One start API, run by app "Starter" (category `category`, never activated) while Music plays.
    private struct Starter: Sendable {
        let api: String
        let category: AVAudioSession.Category
        /// Starts the API in the app's context; the object to keep alive and whether it started.
        let start: @Sendable () throws -> (keep: AnyObject, started: Bool)
    }

    private static let tone = 440.0

    private static var starters: [Starter] { [
        Starter(api: "AVAudioPlayer.play()", category: .playback) {
            let player = try AVAudioPlayer(contentsOf: AudioPlayerChecks.toneFile("implicit", frequency: tone))
            return (player, player.play())
        },
        Starter(api: "AVAudioEngine.start()", category: .playback) {
            let engine = AVAudioEngine()
            let format = engine.outputNode.outputFormat(forBus: 0)
            let rate = format.sampleRate
            let source = AVAudioSourceNode { _, stamp, frames, list in
                for buffer in UnsafeMutableAudioBufferListPointer(list) {
                    let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
                    for frame in 0..<Int(frames) {
                        samples[frame] = 0.5 * Float(sin(2 * Double.pi * tone * (stamp.pointee.mSampleTime + Double(frame)) / rate))
                    }
                }
                return noErr
            }
            engine.attach(source)
            engine.connect(source, to: engine.mainMixerNode, format: AVAudioFormat(standardFormatWithSampleRate: rate, channels: 1))
            try engine.start()
            return (engine, engine.isRunning)
        },
        Starter(api: "AudioOutputUnitStart", category: .playback) {
            let app = try RemoteIOApp.started(input: false, output: true) { $0.toneFrequency = tone }
            return (app, true)
        },
        Starter(api: "AudioQueueStart", category: .playback) {
            let wav = TestToneFile.wav(frequency: Int(tone), amplitude: 0.5, sampleRate: 44_100, seconds: 2)
            let player = AudioQueueFilePlayer(data: wav.subdata(in: 44..<wav.count), format: AudioQueueChecks.int16Format(rate: 44_100))
            return (player, player.play() == noErr)
        },
        Starter(api: "AVAudioRecorder.record()", category: .playAndRecord) {
            let url = try FileChecks.uniqueScratch("implicit").appendingPathComponent("memo.caf")
            let recorder = try AVAudioRecorder(url: url, settings: FileChecks.settings(rate: 44_100, channels: 1))
            recorder.isMeteringEnabled = true
            return (recorder, recorder.record())
        },
    ] }

    static var all: [BuiltInCheck] {
        starters.map { starter in
            BuiltInCheck(["SESSION-ACTIVATE-IMPLICIT-ON-START"],
                         "\(starter.api) on an inactive session activates it as setActive(true) would: it interrupts Music and is heard") { p in
                let device = try p.device()
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() }
                _ = device.advance(by: .milliseconds(300))
                device.attachInputSource("Built-In Microphone", .sine(frequency: tone, amplitude: 0.5))
                _ = try device.launch("Starter", backgroundAudio: true) {
                    try AVAudioSession.sharedInstance().setCategory(starter.category)
                    // A recording app asks for the microphone before it records, as it must.
                    if starter.category == .playAndRecord { AVAudioApplication.requestRecordPermission { _ in } }
                }
                device.answerRecordPermission("Starter", granted: true)
                p.expect(!device.session("Starter").isActive, "the session is inactive before the start")
                let (kept, started) = try device.run(as: "Starter") { try starter.start() }
                let begun = device.now.nanoseconds / 1_000_000
                _ = device.advance(by: .milliseconds(600))
                p.expect(started, "\(starter.api) started")
                p.expect(device.session("Starter").isActive, "the session is active after \(starter.api)")
                p.expect(!music.isPlaying && !device.session(MusicApp.name).isActive, "Music is interrupted, as by setActive(true)")
                if let recorder = kept as? AVAudioRecorder {
                    let power = device.run(as: "Starter") { () -> Float in recorder.updateMeters(); return recorder.averagePower(forChannel: 0) }
                    p.expect(power > -20, "the recorder hears the microphone's tone (average power \(power) dB)")
                    device.run(as: "Starter") { recorder.stop() }
                } else {
                    p.expect(AirPlayBench.toneDBFS(device, "Speaker", tone, from: begun + 200, to: begun + 600) > -20, "the app's tone is heard")
                    p.expect(AirPlayBench.toneDBFS(device, "Speaker", Double(MusicApp.tone), from: begun + 200, to: begun + 600) < -60,
                             "Music's tone is not")
                }
            }
        }
    }
}
