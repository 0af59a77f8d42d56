import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck

/// RemoteIO and VoiceProcessingIO on the simulated device: the IO cycle pulls the app's render
/// callback (element 0) and hands it the microphone through the input callback (element 1),
/// converts between the client's formats and the hardware's, calls render notifications, and
/// tells property listeners about the hardware — each heard at the ports or read in the callbacks.
enum RemoteIOChecks {
    /// Launches `name` with an active session of `category` and a RemoteIO unit made in its code.
    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category = .playback,
                       configure: (RemoteIOApp) throws -> Void) throws -> RemoteIOApp {
        let app = RemoteIOApp()
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
            try app.make()
            try configure(app)
        }
        return app
    }

    /// A mono 32-bit float client format at `rate`.
    static func monoFloat(_ rate: Double) -> AudioStreamBasicDescription {
        AudioStreamBasicDescription(mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
                                    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                    mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                    mBitsPerChannel: 32, mReserved: 0)
    }

    static var all: [BuiltInCheck] { elements + formats + voiceProcessing }

    static var elements: [BuiltInCheck] { [
        BuiltInCheck(["AU-REMOTEIO-ELEMENT-ZERO-OUTPUT"], "a render callback's 1 kHz sine reaches both speaker channels at its level and frequency, an ideal sine with no cycle missed") { p in
            let device = try p.device()
            let app = try launch(device, "Synth") { app in
                try app.setRenderCallback()
                try app.initializeAndStart()
            }
            _ = device.advance(to: .milliseconds(500))
            let speaker = try p.require(device.sink("Speaker"), "the speaker")
            for channel in 1...2 {
                let level = try p.require(speaker.level(channel: channel, from: .milliseconds(100), to: .milliseconds(450)), "channel \(channel)'s level")
                p.expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.005, "channel \(channel): RMS of a 0.5 sine (\(level.rms))")
                let frequency = try p.require(speaker.dominantFrequency(channel: channel, from: .milliseconds(100), to: .milliseconds(450)), "channel \(channel)'s frequency")
                p.expect(abs(frequency - 1000) < 1, "channel \(channel): 1 kHz (\(frequency))")
            }
            p.expect(!app.renderCalls.isEmpty, "the render callback is called")
            let worst = try p.require(RemoteIOApp.idealSineDeviation(speaker, amplitude: 0.5, frequency: 1000, until: 24_000), "the tone at the speaker")
            p.expect(worst < 1e-4, "largest deviation from the ideal sine: \(worst)")
        },
        BuiltInCheck(["AU-REMOTEIO-ELEMENT-ONE-INPUT"], "the input callback's AudioUnitRender on bus 1 gets the microphone's 440 Hz tone (from iOS 7, once record permission is granted: silence before)") { p in
            let device = try p.device()
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
            let app = try launch(device, "Recorder", category: .playAndRecord) { app in
                try app.enableInput()
                try app.initializeAndStart()
                AVAudioApplication.requestRecordPermission { _ in }
            }
            _ = device.advance(to: .milliseconds(300))
            // iOS 6 has no record permission: the microphone is heard at once.
            if p.platform.requiresRecordPermission {
                p.expect(!app.captured.isEmpty && app.captured.allSatisfy { $0 == 0 }, "silence until permission")
            }
            let before = app.captured.count
            device.answerRecordPermission("Recorder", granted: true)
            _ = device.advance(to: .milliseconds(700))
            p.expect(app.renderStatuses.allSatisfy { $0 == 0 }, "AudioUnitRender on bus 1 succeeds")
            try p.require(app.captured.count > before + 9_600, "captured frames after permission (\(app.captured.count - before))")
            let level = toneAmplitude(app.captured[(before + 4_800)...], frequency: 440, rate: 48_000)
            p.expect(abs(level - 0.25) < 0.01, "the microphone's 440 Hz at 0.25 (\(level))")
        },
        BuiltInCheck(["AU-RENDER-NOTIFY"], "a render notification is called before (PreRender) and after (PostRender) each render, seeing the rendered audio after, until removed") { p in
            final class Log: @unchecked Sendable { var phases: [(flags: UInt32, first: Float)] = [] }
            let log = Log()
            let device = try p.device()
            let app = try launch(device, "Synth") { app in
                app.toneFrequency = 12_000
                try app.setRenderCallback()
                try check(AudioUnitAddRenderNotify(app.unit!, { refCon, flags, _, _, _, ioData in
                    let log = Unmanaged<Log>.fromOpaque(refCon).takeUnretainedValue()
                    let first = ioData.map { UnsafeMutableAudioBufferListPointer($0)[0].mData!.assumingMemoryBound(to: Float.self)[1] } ?? 0
                    log.phases.append((flags.pointee.rawValue, first))
                    return 0
                }, Unmanaged.passUnretained(log).toOpaque()), "AudioUnitAddRenderNotify")
                try app.initializeAndStart()
            }
            _ = device.advance(to: .milliseconds(100))
            p.expect(log.phases.count == 2 * app.renderCalls.count && !log.phases.isEmpty, "two notifications per render (\(log.phases.count) for \(app.renderCalls.count))")
            p.expect(log.phases.enumerated().allSatisfy { index, phase in
                phase.flags == (index % 2 == 0 ? AudioUnitRenderActionFlags.unitRenderAction_PreRender : .unitRenderAction_PostRender).rawValue
            }, "PreRender, then PostRender, each time")
            p.expect(log.phases.count > 1 && log.phases[1].first != 0, "the post-render call sees the rendered samples")
            p.expect(AudioUnitRemoveRenderNotify(app.unit!, { _, _, _, _, _, _ in 0 }, Unmanaged.passUnretained(log).toOpaque()), equals: 0, "AudioUnitRemoveRenderNotify")
            let count = log.phases.count
            _ = device.advance(to: .milliseconds(200))
            p.expect(log.phases.count, equals: count, "notifications after removal")
        },
    ] }

    static var formats: [BuiltInCheck] { [
        BuiltInCheck(["AU-REMOTEIO-CONVERSION"], "a 44.1 kHz mono client plays at the 48 kHz hardware rate at its frequency and level, 940 or 941 frames per cycle; a 16 kHz capture format gets the mic tone") { p in
            let device = try p.device()
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
            let app = RemoteIOApp()
            app.sampleRate = 44_100
            try device.launch("Chat", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                try AVAudioSession.sharedInstance().setActive(true)
                try app.make()
                var mono = monoFloat(44_100)
                try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &mono, 40), "a 44.1 kHz client output format")
                var capture = monoFloat(16_000)
                try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &capture, 40), "a 16 kHz capture format")
                try app.setRenderCallback()
                try app.enableInput()
                try app.initializeAndStart()
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Chat", granted: true)
            _ = device.advance(to: .milliseconds(600))
            let port = try p.require(device.server.currentRoute(for: AppID("Chat")).outputs.first?.uid, "the app's output port")
            let sink = try p.require(device.sink(port), "the output port's sink")
            let frequency = sink.dominantFrequency(channel: 1, from: .milliseconds(200), to: .milliseconds(550)) ?? 0
            p.expect(abs(frequency - 1000) < 1, "the 44.1 kHz client's 1 kHz tone plays at 1 kHz (\(frequency))")
            let amplitude = sink.toneAmplitude(atFrequency: 1000, channel: 1, from: .milliseconds(200), to: .milliseconds(550)) ?? 0
            p.expect(abs(amplitude - 0.5) < 0.005, "at its level 0.5 (\(amplitude))")
            // The callback is pulled once per 1024-frame IO buffer for the 44.1 kHz clock's share of
            // it (940.8 frames): 940 or 941, never drifting, with gapless sample times.
            p.expect(Set(app.renderCalls.map(\.frames)), equals: [940, 941], "frames per render call")
            var played: Int64 = 0
            var gapless = true
            for (index, call) in app.renderCalls.enumerated() {
                gapless = gapless && call.sampleTime == Double(played)
                played += Int64(call.frames)
                gapless = gapless && played == Int64(index + 1) * 1024 * 44_100 / 48_000
            }
            p.expect(gapless, "each call starts where the last ended, on the 44.1 kHz clock's share")
            // Capture at 16 kHz: a third of the hardware frames (the converter is primed, so its
            // delay shows as silence at the start, not as missing frames), the 440 Hz tone intact.
            let captured = toneAmplitude(app.captured[3_200...], frequency: 440, rate: 16_000)
            p.expect(abs(captured - 0.25) < 0.01, "the 16 kHz capture carries the microphone's 440 Hz at 0.25 (\(captured))")
            p.expect(app.captured.count, equals: app.renderCalls.count * 1024 / 3, "captured frames: a third of the hardware's")
        },
        BuiltInCheck(["AU-REMOTEIO-HARDWARE-FORMAT-READ-ONLY"], "a 96 kHz USB interface arriving fires the StreamFormat listener of both hardware sides with the new rate") { p in
            let device = try p.device()
            let app = try launch(device, "DAW") { app in
                try app.setRenderCallback()
                try app.listen(kAudioUnitProperty_StreamFormat)
                try app.initializeAndStart()
            }
            _ = device.advance(by: .milliseconds(300))
            p.expect(app.listenerCalls.isEmpty, "no listener call before the interface arrives")
            _ = try device.attach("usb-interface:2x2@96000")
            _ = device.advance(by: .milliseconds(500))
            let output = app.listenerCalls.first { $0.scope == kAudioUnitScope_Output && $0.element == 0 }
            p.expect(output?.rate, equals: 96_000, "the output element's hardware rate in the listener")
            p.expect(app.listenerCalls.contains { $0.scope == kAudioUnitScope_Input && $0.element == 1 && $0.rate == 96_000 }, "the input element's listener call at 96 kHz")
        },
        BuiltInCheck(["AU-TOO-MANY-FRAMES"], "a 4096-frame IO buffer over the default MaximumFramesPerSlice (1156) fails with −10874 and silence until the app raises it, then plays") { p in
            let device = try p.device()
            let app = RemoteIOApp()
            try device.launch("Synth", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playback)
                try session.setPreferredIOBufferDuration(0.093)
                try session.setActive(true)
                try app.make()
                try app.setRenderCallback()
                try app.initializeAndStart()
            }
            p.expect(device.server.currentHardware.ioBufferFrames, equals: 4096, "IO buffer frames for 93 ms")
            let start = device.now
            _ = device.advance(by: .milliseconds(500))
            p.expect(app.renderCalls.isEmpty, "the render callback is not called")
            var error: OSStatus = 0
            var size = UInt32(4)
            p.expect(AudioUnitGetProperty(app.unit!, kAudioUnitProperty_LastRenderError, kAudioUnitScope_Global, 0, &error, &size), equals: 0, "reading LastRenderError")
            p.expect(error, equals: kAudioUnitErr_TooManyFramesToProcess, "LastRenderError")
            p.expect(device.sink("Speaker")?.isSilent(channel: 1, from: start, to: device.now) == true, "the speaker is silent")
            let raised = try device.run(as: "Synth") { () throws -> OSStatus in
                var frames: UInt32 = 4096
                let whileInitialized = AudioUnitSetProperty(app.unit!, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &frames, 4)
                try check(AudioOutputUnitStop(app.unit!), "AudioOutputUnitStop")
                try check(AudioUnitUninitialize(app.unit!), "AudioUnitUninitialize")
                try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &frames, 4), "MaximumFramesPerSlice 4096")
                try app.initializeAndStart()
                return whileInitialized
            }
            p.expect(raised, equals: kAudioUnitErr_Initialized, "raising MaximumFramesPerSlice while initialized")
            let restart = device.now
            _ = device.advance(by: .milliseconds(900))
            p.expect(app.renderCalls.allSatisfy { $0.frames == 4096 } && app.renderCalls.count >= 10, "4096-frame render calls, one per 85 ms (\(app.renderCalls.count))")
            let level = try p.require(device.sink("Speaker")?.level(channel: 1, from: restart + .milliseconds(200), to: restart + .milliseconds(850)), "the speaker's level")
            p.expect(abs(level.rms - 0.5 / 2.0.squareRoot()) < 0.005, "the tone plays at its level (\(level.rms))")
        },
    ] }

    static var voiceProcessing: [BuiltInCheck] { [
        BuiltInCheck(["AU-VOICE-PROCESSING-EXTENDS-REMOTEIO"], "VoiceProcessingIO set up as RemoteIO plays and captures; MuteOutput silences the captured microphone, not the playback") { p in
            let device = try p.device()
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
            let app = RemoteIOApp()
            try device.launch("Call", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
                try AVAudioSession.sharedInstance().setActive(true)
                try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
                try app.setRenderCallback()
                try app.enableInput()
                try app.initializeAndStart()
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Call", granted: true)
            _ = device.advance(to: .seconds(1))
            let capturedBefore = app.captured.count
            p.expect(app.captured[(capturedBefore / 2)...].contains { $0 != 0 }, "the microphone is heard")
            try device.run(as: "Call") {
                var one: UInt32 = 1
                try check(AudioUnitSetProperty(app.unit!, kAUVoiceIOProperty_MuteOutput, kAudioUnitScope_Global, 0, &one, 4), "MuteOutput")
            }
            _ = device.advance(to: .seconds(2))
            p.expect(app.captured.count > capturedBefore + 40_000, "capture goes on (\(app.captured.count - capturedBefore) frames)")
            p.expect(app.captured[capturedBefore...].allSatisfy { $0 == 0 }, "muted: the app captures silence")
            let port = try p.require(device.server.currentRoute(for: AppID("Call")).outputs.first?.uid, "the app's output port")
            let sink = try p.require(device.sink(port), "the output port's sink")
            p.expect(!sink.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)), "playback goes on")
        },
        BuiltInCheck(["AU-VOICE-PROCESSING-GAME-CHAT", "AU-REMOTEIO-CLIENT-OUTPUT-FORMAT", "AU-REMOTEIO-CLIENT-INPUT-FORMAT"], "in gameChat at 48 kHz, a 16 kHz VoiceProcessingIO client gets the client clock's share of each 1,024-frame IO buffer (341 or 342 frames) with no gap; its tone plays and its capture is the mic's") { p in
            let device = try p.device()
            device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
            let app = RemoteIOApp()
            app.toneFrequency = 300
            app.sampleRate = 16_000
            try device.launch("Game", backgroundAudio: true) {
                let session = AVAudioSession.sharedInstance()
                try session.setCategory(.playAndRecord, mode: .gameChat, options: [.defaultToSpeaker])
                try session.setPreferredIOBufferDuration(0.02)
                try session.setActive(true)
                try app.make(subType: kAudioUnitSubType_VoiceProcessingIO)
                var format = monoFloat(16_000)
                let size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
                try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, size), "the 16 kHz client output format")
                try check(AudioUnitSetProperty(app.unit!, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, size), "the 16 kHz client input format")
                try app.setRenderCallback()
                try app.enableInput()
                try app.initializeAndStart()
                AVAudioApplication.requestRecordPermission { _ in }
            }
            device.answerRecordPermission("Game", granted: true)
            _ = device.advance(to: .seconds(2))
            let hardware = device.server.currentHardware
            p.expect(hardware.sampleRate == 48_000 && hardware.ioBufferFrames == 1_024, "20 ms at 48 kHz: \(hardware.sampleRate) Hz, \(hardware.ioBufferFrames) frames")
            let calls = app.renderCalls
            p.expect(calls.count > 80, "render calls in 2 s (\(calls.count))")
            p.expect(Set(calls.map(\.frames)), equals: [341, 342], "frames per render call")
            // Each call's share keeps the client clock exactly on the hardware's: n cycles carry ⌊n · 1024 / 3⌋ frames.
            var total: Int64 = 0
            var gapless = true
            for (index, call) in calls.enumerated() {
                gapless = gapless && call.sampleTime == Double(total)
                total += Int64(call.frames)
                gapless = gapless && total == Int64(index + 1) * 1_024 / 3
            }
            p.expect(gapless, "each call starts where the last ended, n cycles carrying ⌊n · 1024 / 3⌋ frames")
            let inputSteps = Set(app.inputTimes.indices.dropFirst().map { Int(app.inputTimes[$0] - app.inputTimes[$0 - 1]) })
            p.expect(inputSteps.isSubset(of: [341, 342]), "input callback steps of 341 or 342 frames (\(inputSteps))")
            // The far end plays at the hardware rate without a dropout: the 300 Hz tone, never a run of silence.
            let speaker = try p.require(device.sink("Speaker"), "the speaker")
            let amplitude = speaker.toneAmplitude(atFrequency: 300, channel: 1, from: .milliseconds(1_000), to: .milliseconds(2_000)) ?? 0
            p.expect(amplitude > 0.3, "the client's 300 Hz tone at the speaker (\(amplitude))")
            let played = try p.require(speaker.samples(channel: 1), "the speaker's samples").suffix(48_000)
            p.expect(played.filter { $0 == 0 }.count < 4, "no converter underrun leaves zeros")
            // And the capture, converted to 16 kHz, is the microphone's tone: 440 Hz, not the 146.7 Hz
            // or 1,320 Hz a rate read the wrong way round would make. Voice processing takes a steady
            // tone partly for noise (0.25 in, about 0.04 out), so the level is checked loosely.
            let captured = toneAmplitude(app.captured.suffix(16_000), frequency: 440, rate: 16_000)
            let misread = [146.667, 1_320].map { toneAmplitude(app.captured.suffix(16_000), frequency: $0, rate: 16_000) }
            p.expect(captured > 0.02, "the 16 kHz capture carries the microphone's 440 Hz (\(captured))")
            p.expect(misread.allSatisfy { $0 < captured / 100 }, "nothing at a misread rate's frequencies (\(misread))")
        },
    ] }
}
