import AudioFiles
import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import VirtualDevices

/// AVAudioRecorder through the harness: recorded files are read back with AVAudioFile.
enum AudioRecorderChecks {
    static func recordingURL(_ name: String) throws -> URL {
        let folder = try FileChecks.uniqueScratch("recorder")
        return folder.appendingPathComponent("\(name).wav")
    }

    static func settings(rate: Double = 48_000, channels: Int = 1) -> [String: Any] {
        [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: rate, AVNumberOfChannelsKey: channels,
         AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
    }

    static func launchRecorderApp(_ device: SimulatedDevice, _ name: String = "Memo") throws {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
    }

    /// The file's first channel, read back with AVAudioFile.
    static func readBack(_ url: URL) throws -> (samples: [Float], rate: Double, channels: Int) {
        let file = try AVAudioFile(forReading: url)
        let frames = AVAudioFrameCount(file.length)
        let buffer = try CheckProbe.required(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: max(frames, 1)))
        try file.read(into: buffer)
        let data = try CheckProbe.required(buffer.floatChannelData)
        return (Array(UnsafeBufferPointer(start: data[0], count: Int(buffer.frameLength))),
                file.processingFormat.sampleRate, Int(file.processingFormat.channelCount))
    }

    /// Amplitude of a sine at `frequency` in `samples` (single-bin DFT over whole periods).
    static func toneAmplitude(_ samples: ArraySlice<Float>, frequency: Double, rate: Double) -> Double {
        var re = 0.0, im = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / rate
            re += Double(sample) * cos(phase)
            im += Double(sample) * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / Double(samples.count)
    }

    final class Log: AVAudioRecorderDelegate {
        var finishes: [(time: HostTime, successfully: Bool)] = []
        let device: SimulatedDevice
        init(_ device: SimulatedDevice) { self.device = device }
        func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {
            finishes.append((device.now, flag))
        }
    }


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-PERMISSION-SILENCE"],
                     "a recorder captures a USB input tone, and only silence before record permission is granted") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 31)
            try device.attach("usb-interface:2x2")
            try Self.launchRecorderApp(device)
            let usb = try device.run(as: "Memo") {
                try p.require(AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == .usbAudio }, "a USB input among availableInputs")
            }
            try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(usb) }
            device.attachInputSource(usb.uid, .sine(frequency: 1000, amplitude: 0.25))
            let url = try Self.recordingURL("usb")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
            p.expect(device.run(as: "Memo") { recorder.record() }, "record() returned false")
            p.expect(recorder.isRecording, "the recorder says it is not recording")
            device.advance(to: .seconds(1))
            device.answerRecordPermission("Memo", granted: true)
            device.advance(to: .seconds(2))
            p.expect(abs(recorder.currentTime - 2) < 0.001, "the recorder's currentTime after 2 s of recording is \(recorder.currentTime) s, expected 2 s")
            device.run(as: "Memo") { recorder.stop() }
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            device.advance(to: .milliseconds(2100))
            let (samples, rate, _) = try Self.readBack(url)
            p.expect(rate == 48_000 && samples.count == 96_000, "\(samples.count) frames")
            try p.require(samples.count == 96_000, "the recording has \(samples.count) frames, expected 96,000 (2 s at 48 kHz)")
            p.expect(samples[..<47_000].allSatisfy { $0 == 0 }, "the recording is not silent before record permission was granted (the first 47,000 frames)")
            let tone = Self.toneAmplitude(samples[49_000..<95_000], frequency: 1000, rate: 48_000)
            p.expect(abs(tone - 0.25) < 0.01, "tone \(tone)")
        },
        BuiltInCheck(["RECORDER-RECORD-UNTIL-STOP-OR-DURATION"],
                     "record(forDuration:) stops by itself at the exact frame and tells the delegate") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 32)
            try Self.launchRecorderApp(device)
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
            device.answerRecordPermission("Memo", granted: true)
            let url = try Self.recordingURL("timed")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings(rate: 44_100)) }
            let log = Log(device)
            recorder.delegate = log
            device.advance(to: .milliseconds(300))
            p.expect(device.run(as: "Memo") { recorder.record(forDuration: 0.75) }, "record(forDuration: 0.75) returned false")
            device.advance(to: .milliseconds(1040))
            p.expect(recorder.isRecording, "the recorder says it is not recording")
            device.advance(to: .milliseconds(1060))
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            device.advance(to: .seconds(2))
            p.expect(log.finishes.map { $0.successfully }, equals: [true], "finish callbacks (successfully flags)")
            let (samples, rate, _) = try Self.readBack(url)
            // 0.75 s = 36,000 frames at 48 kHz = 33,075 frames at 44.1 kHz.
            p.expect(rate == 44_100 && samples.count == 33_075, "\(samples.count) frames")
            try p.require(samples.count == 33_075, "the recording has \(samples.count) frames, expected 33,075 (0.75 s at 44.1 kHz)")
            let tone = Self.toneAmplitude(samples[4_410..<30_870], frequency: 440, rate: 44_100)
            p.expect(abs(tone - 0.5) < 0.01, "tone \(tone)")
        },
        BuiltInCheck(["RECORDER-SETTINGS-DICTIONARY"],
                     "linear PCM settings are accepted; MP3 (no encoder) and AAC into a WAV file are refused with Apple's 'fmt?' error") { p in
            let url = try Self.recordingURL("settings")
            let recorder = try AVAudioRecorder(url: url, settings: Self.settings(rate: 22_050, channels: 2))
            p.expect(recorder.format.sampleRate == 22_050 && recorder.format.channelCount == 2 && recorder.url == url, "the recorder reports \(recorder.format.sampleRate) Hz, \(recorder.format.channelCount) channel(s) at \(recorder.url.lastPathComponent); expected 22,050 Hz stereo at \(url.lastPathComponent)")
            p.expect(recorder.channelAssignments == nil, "a new recorder has channelAssignments \(String(describing: recorder.channelAssignments)); expected nil")
            let mp3 = url.deletingPathExtension().appendingPathExtension("mp3")
            p.expect(FileChecks.errorCode { _ = try AVAudioRecorder(url: mp3, settings: [AVFormatIDKey: kAudioFormatMPEGLayer3, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2]) },
                     equals: Int(kAudioFileUnsupportedDataFormatError), "the error code for MP3 settings (kAudioFileUnsupportedDataFormatError, 'fmt?')")
            p.expect(FileChecks.errorCode { _ = try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2]) },
                     equals: Int(kAudioFileUnsupportedDataFormatError), "the error code for AAC settings with a .wav URL ('fmt?')")
        },
        BuiltInCheck(["RECORDER-SETTINGS-EXAMPLE", "RECORDER-ENCODINGS"],
                     "the talk's settings (AAC, 44.1 kHz, two channels, 128 kbit/s, maximum quality) record the mic's 1 kHz tone into a real M4A file") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 37)
            try Self.launchRecorderApp(device)
            device.attachInputSource("Built-In Microphone", .sine(frequency: 1000, amplitude: 0.25))
            device.answerRecordPermission("Memo", granted: true)
            let url = try FileChecks.uniqueScratch("recorder").appendingPathComponent("memo.m4a")
            let settings: [String: Any] = [AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 2,
                                           AVEncoderBitRateKey: 128_000, AVEncoderAudioQualityKey: AVAudioQuality.max.rawValue]
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: settings) }
            p.expect(recorder.format.streamDescription.pointee.mFormatID, equals: kAudioFormatMPEG4AAC, "the recorder's format ID")
            p.expect(device.run(as: "Memo") { recorder.record(forDuration: 1) }, "record(forDuration: 1) returned false")
            device.advance(to: .milliseconds(1100))
            let bytes = try Data(contentsOf: url)
            p.expect(String(decoding: bytes.dropFirst(4).prefix(8), as: UTF8.self), equals: "ftypM4A ", "the file's MPEG-4 'ftyp' box and M4A brand")
            let file = try AVAudioFile(forReading: url)
            p.expect(file.fileFormat.streamDescription.pointee.mFormatID, equals: kAudioFormatMPEG4AAC, "the file's format ID")
            p.expect(file.fileFormat.sampleRate == 44_100 && file.fileFormat.channelCount == 2,
                     "the file is \(file.fileFormat.sampleRate) Hz with \(file.fileFormat.channelCount) channel(s); expected 44,100 Hz stereo")
            p.expect(file.length, equals: 44_100, "frames in the file (1 s at 44.1 kHz)")
            let back = try p.require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 44_100), "a buffer")
            try file.read(into: back)
            for channel in 0..<2 {
                let decoded = FileChecks.samples(back, channel: channel)[4_410..<39_690]
                let tone = Self.toneAmplitude(decoded, frequency: 1000, rate: 44_100)
                let other = Self.toneAmplitude(decoded, frequency: 1500, rate: 44_100)
                p.expect(abs(tone - 0.25) < 0.01 && other < 0.005, "channel \(channel + 1): 1 kHz at \(tone) (expected 0.25), 1.5 kHz at \(other)")
            }
            let stream = try MPEG4Audio.read(path: url.path)
            p.expect(abs(stream.bitRate - 128_000) < 128_000 / 10, "the AAC stream's bit rate is \(stream.bitRate) bit/s; expected about 128,000")
        },
        BuiltInCheck(["SESSION-INTERRUPT-MUTED-MIC"],
                     "closing an iPad's Smart Folio mutes the built-in mic: a session recording from it is interrupted with builtInMicMuted unless it set overrideMutedMicrophoneInterruption; the mic is silent either way") { p in
            for override in [false, true] {
                let device = try p.device("ipad")
                let log = try device.launchApp("Memo", .playAndRecord, options: override ? .overrideMutedMicrophoneInterruption : [])
                device.answerRecordPermission("Memo", granted: true)
                device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
                device.startInput("Memo")
                _ = device.advance(by: .milliseconds(300))
                let micPeak = { device.inputSink("Memo")?.level(channel: 1, from: device.now - .milliseconds(200), to: device.now)?.peakDBFS ?? -.infinity }
                let option = override ? "with" : "without"
                p.expect(micPeak() > -7, "\(option) the option: before the folio closes the app records the mic's tone (peak \(micPeak()) dBFS)")
                try device.perform(.muteBuiltInMic)
                _ = device.advance(by: .milliseconds(300))
                p.expect(micPeak() < -120, "\(option) the option: after the folio closed the app records silence (peak \(micPeak()) dBFS)")
                let interruptions = log.of(AVAudioSession.interruptionNotification).map {
                    ($0.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt, $0.userInfo?[AVAudioSessionInterruptionReasonKey] as? UInt)
                }
                if override {
                    p.expect(interruptions.isEmpty, "with the option: \(interruptions.count) interruption(s); expected none")
                    p.expect(device.session("Memo").isActive, "with the option: the session stays active")
                } else {
                    let began = (AVAudioSession.InterruptionType.began.rawValue, AVAudioSession.InterruptionReason.builtInMicMuted.rawValue)
                    p.expect(interruptions.count == 1 && interruptions[0].0 == began.0 && interruptions[0].1 == began.1,
                             "without the option: interruptions (type, reason) \(interruptions); expected one began with reason builtInMicMuted (2)")
                    p.expect(!device.session("Memo").isActive, "without the option: the session is inactive")
                }
            }
        },
        BuiltInCheck(["SESSION-INTERRUPT-PLAYERS-PAUSE"],
                     "an incoming call stops the recorder without a finish callback") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 33)
            try Self.launchRecorderApp(device)
            device.answerRecordPermission("Memo", granted: true)
            let url = try Self.recordingURL("call")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
            let log = Log(device)
            recorder.delegate = log
            device.run(as: "Memo") { _ = recorder.record() }
            device.advance(to: .seconds(1))
            try device.perform(.incomingCall(caller: "Mum"))
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            device.advance(to: .seconds(3))
            p.expect(log.finishes.isEmpty, "the delegate was told the recorder finished \(log.finishes.count) time(s) after an interruption; expected none")
        },
        BuiltInCheck(["RECORDER-STOP-CLOSES-FILE"],
                     "deleteRecording needs a stopped recorder and removes the file") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 34)
            try Self.launchRecorderApp(device)
            let url = try Self.recordingURL("delete")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
            device.run(as: "Memo") { _ = recorder.record() }
            device.advance(to: .milliseconds(500))
            p.expect(!recorder.deleteRecording(), "deleteRecording succeeded while recording; it needs a stopped recorder")
            device.run(as: "Memo") { recorder.stop() }
            device.advance(to: .seconds(1))
            p.expect(FileManager.default.fileExists(atPath: url.path), "the recording's file is missing after stop")
            p.expect(recorder.deleteRecording(), "deleteRecording returned false on a stopped recorder")
            p.expect(!FileManager.default.fileExists(atPath: url.path), "the recording's file still exists after deleteRecording")
        },
        BuiltInCheck(["SESSION-RESET-ZOMBIES"],
                     "after a media-services reset a recorder made before it cannot record") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 35)
            try Self.launchRecorderApp(device)
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: try Self.recordingURL("zombie"), settings: Self.settings()) }
            device.run(as: "Memo") { _ = recorder.record() }
            device.advance(to: .seconds(1))
            try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
            device.advance(to: .seconds(2))
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            try device.run(as: "Memo") {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.run(as: "Memo") { recorder.record() } == false, "a recorder made before the reset could record again; it should be a zombie")
            p.expect(!recorder.prepareToRecord(), "a recorder made before the reset could prepare again; it should be a zombie")
            recorder.stop()
        },
        BuiltInCheck(["MULTICHANNEL-SELECTION-PLAYER-RECORDER"],
                     "record(atTime:) with channelAssignments records the chosen USB input channel from that instant") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 36)
            try device.attach("usb-interface:2x2")
            try Self.launchRecorderApp(device)
            device.answerRecordPermission("Memo", granted: true)
            let usb = try device.run(as: "Memo") {
                try p.require(AVAudioSession.sharedInstance().availableInputs?.first { $0.portType == .usbAudio }, "a USB input among availableInputs")
            }
            try device.run(as: "Memo") { try AVAudioSession.sharedInstance().setPreferredInput(usb) }
            device.attachInputSource(usb.uid, channel: 1, .sine(frequency: 500, amplitude: 0.5))
            device.attachInputSource(usb.uid, channel: 2, .sine(frequency: 1500, amplitude: 0.25))
            let url = try Self.recordingURL("second")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
            let second = try p.require(usb.channels?.last, "the USB input's last channel")
            recorder.channelAssignments = [second]
            p.expect(device.run(as: "Memo") { recorder.record(atTime: recorder.deviceCurrentTime + 0.5, forDuration: 1) }, "record(atTime:forDuration:) returned false")
            p.expect(recorder.isRecording && recorder.currentTime == 0, "before its start time the recorder is \(recorder.isRecording ? "recording" : "not recording") at \(recorder.currentTime) s; expected recording (pending) at 0 s")
            device.advance(to: .seconds(3))
            let (samples, _, _) = try Self.readBack(url)
            try p.require(samples.count == 48_000, "the recording has \(samples.count) frames, expected 48,000 (1 s at 48 kHz)")
            p.expect(abs(Self.toneAmplitude(samples[4_800..<43_200], frequency: 1500, rate: 48_000) - 0.25) < 0.01, "the chosen USB channel's 1.5 kHz tone was recorded at amplitude \(Self.toneAmplitude(samples[4_800..<43_200], frequency: 1500, rate: 48_000)), expected 0.25")
            p.expect(Self.toneAmplitude(samples[4_800..<43_200], frequency: 500, rate: 48_000) < 0.01, "the other USB channel's 500 Hz tone leaked into the recording at amplitude \(Self.toneAmplitude(samples[4_800..<43_200], frequency: 500, rate: 48_000))")
        },
        BuiltInCheck(["RECORDER-CONTROLS"],
                     "prepareToRecord creates the file; record, pause, record and stop keep only the recorded stretches; record(forDuration:) stops by itself") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 38)
            try Self.launchRecorderApp(device)
            device.answerRecordPermission("Memo", granted: true)
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.5))
            let url = try Self.recordingURL("controls")
            let recorder = try device.run(as: "Memo") { try AVAudioRecorder(url: url, settings: Self.settings()) }
            p.expect(device.run(as: "Memo") { recorder.prepareToRecord() }, "prepareToRecord returned false")
            p.expect(FileManager.default.fileExists(atPath: url.path) && !recorder.isRecording, "after prepareToRecord the file \(FileManager.default.fileExists(atPath: url.path) ? "exists" : "is missing") and the recorder is \(recorder.isRecording ? "recording" : "idle"); expected the file created and the recorder idle")
            device.advance(to: .milliseconds(500))
            p.expect(device.run(as: "Memo") { recorder.record() }, "record() returned false")
            device.advance(to: .milliseconds(1500))
            device.run(as: "Memo") { recorder.pause() }
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            device.advance(to: .milliseconds(2500))
            p.expect(device.run(as: "Memo") { recorder.record() }, "record() returned false")
            device.advance(to: .milliseconds(3000))
            device.run(as: "Memo") { recorder.stop() }
            p.expect(!recorder.isRecording, "the recorder says it is still recording")
            device.advance(to: .seconds(4))

            // 1 s before the pause and 0.5 s after it: 72,000 frames at 48 kHz, all of the tone.
            let (samples, rate, _) = try Self.readBack(url)
            p.expect(rate == 48_000 && abs(samples.count - 72_000) <= 1_024, "\(samples.count) frames")
            try p.require(samples.count > 60_000, "the recording has \(samples.count) frames, expected over 60,000")
            p.expect(abs(Self.toneAmplitude(samples[2_400..<45_600], frequency: 440, rate: 48_000) - 0.5) < 0.01, "the first recorded stretch has the 440 Hz tone at amplitude \(Self.toneAmplitude(samples[2_400..<45_600], frequency: 440, rate: 48_000)), expected 0.5")
            p.expect(abs(Self.toneAmplitude(samples[50_400..<69_600], frequency: 440, rate: 48_000) - 0.5) < 0.01, "the stretch recorded after resuming has the 440 Hz tone at amplitude \(Self.toneAmplitude(samples[50_400..<69_600], frequency: 440, rate: 48_000)), expected 0.5")

            let timedURL = try Self.recordingURL("controls-timed")
            let timed = try device.run(as: "Memo") { try AVAudioRecorder(url: timedURL, settings: Self.settings()) }
            p.expect(device.run(as: "Memo") { timed.record(forDuration: 0.5) }, "record(forDuration: 0.5) returned false")
            device.advance(to: .seconds(5))
            p.expect(!timed.isRecording, "the recorder still records after its 0.5 s duration")
            p.expect(try Self.readBack(timedURL).samples.count, equals: 24_000, "frames in a 0.5 s recording at 48 kHz")
        },
    ] }
}
