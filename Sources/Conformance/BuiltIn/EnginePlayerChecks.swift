import Foundation
import AVFAudio
import SimCore
import Soundcheck

/// AVAudioPlayerNode's timelines and scheduling rules, rendered offline so every frame is known,
/// and its refusal of a buffer whose channels differ from its own on the device.
enum EnginePlayerChecks {
    /// An offline mono 48 kHz engine, started, with a player on the main mixer.
    static func setUp() throws -> (AVAudioEngine, AVAudioPlayerNode) {
        let engine = try EngineSignals.offlineEngine(format: EngineSignals.mono48)
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.mono48)
        try engine.start()
        return (engine, player)
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ENGINE-PLAYER-INITIALLY-PAUSED"], "a scheduled buffer stays silent until play(), then plays sample for sample; mono reaches both sides") { p in
            let engine = try EngineSignals.offlineEngine()
            let player = AVAudioPlayerNode()
            engine.attach(player)
            let tone = EngineSignals.tone(frequency: 440, seconds: 0.5)
            engine.connect(player, to: engine.mainMixerNode, format: tone.format)
            let consumed = CallLog<Int>()
            player.scheduleBuffer(tone) { consumed.append(1) }
            try engine.start()
            p.expect(!player.isPlaying, "a player is paused until play()")
            let silent = try EngineSignals.renderOffline(engine, seconds: 0.1)
            p.expect(EngineSignals.peak(EngineSignals.samples(silent, channel: 0)[...]), equals: 0, "the peak before play()")
            player.play()
            let out = try EngineSignals.renderOffline(engine, seconds: 1, chunk: 333)
            let input = EngineSignals.samples(tone, channel: 0)
            for channel in 0..<2 {
                let rendered = EngineSignals.samples(out, channel: channel)
                p.expect(Array(rendered[0..<24_000]) == input, "channel \(channel) carries the buffer sample for sample")
                p.expect(EngineSignals.peak(rendered[24_000...]), equals: 0, "channel \(channel)'s peak after the buffer")
            }
            p.expect(consumed.values.count, equals: 1, "completion handler calls")
            p.expect(engine.manualRenderingSampleTime, equals: 52_800, "manualRenderingSampleTime")
            // 4,800 frames in 512s, then 48,000 in 333s: the last pull was the 48 frames from 52,752.
            p.expect(player.lastRenderTime?.sampleTime, equals: 52_752, "the player's lastRenderTime")
        },
        BuiltInCheck(["ENGINE-PLAYER-WHEN-RULES"], "play(at:) starts on the exact node sample; items at player times leave gaps; nil follows the previous") { p in
            let (engine, player) = try setUp()
            player.scheduleBuffer(EngineSignals.constant(0.1, frames: 100))
            player.scheduleBuffer(EngineSignals.constant(0.2, frames: 100), at: AVAudioTime(sampleTime: 300, atRate: 48_000))
            player.scheduleBuffer(EngineSignals.constant(0.3, frames: 100))
            _ = try EngineSignals.renderOffline(engine, seconds: 0.01)  // 480 frames, paused
            let start = try p.require(player.lastRenderTime, "the paused player's lastRenderTime").sampleTime + 480 + 1_000
            player.play(at: AVAudioTime(sampleTime: start, atRate: 48_000))
            p.expect(player.isPlaying, "the player plays once play(at:) is called")
            let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.1, chunk: 256), channel: 0)
            let offset = Int(start) - 480
            p.expect(out[..<offset].allSatisfy { $0 == 0 }, "silence before the start sample")
            p.expect(out[offset..<offset + 100].allSatisfy { $0 == 0.1 }, "the first buffer from the exact start sample")
            p.expect(out[offset + 100..<offset + 300].allSatisfy { $0 == 0 }, "a gap until player time 300")
            p.expect(out[offset + 300..<offset + 400].allSatisfy { $0 == 0.2 }, "the buffer at player time 300")
            p.expect(out[offset + 400..<offset + 500].allSatisfy { $0 == 0.3 }, "the buffer at nil right after it")
            p.expect(out[(offset + 500)...].allSatisfy { $0 == 0 }, "silence afterwards")
            let nodeTime = try p.require(player.nodeTime(forPlayerTime: AVAudioTime(sampleTime: 300, atRate: 48_000)), "nodeTime(forPlayerTime:)")
            p.expect(nodeTime.sampleTime, equals: start + 300, "player time 300 in node time")
            p.expect(player.playerTime(forNodeTime: nodeTime)?.sampleTime, equals: 300, "playerTime(forNodeTime:) back")
            player.pause()
            p.expect(player.nodeTime(forPlayerTime: AVAudioTime(sampleTime: 0, atRate: 48_000)) == nil, "no node time for a paused player")
        },
        BuiltInCheck(["ENGINE-PLAYER-BUFFER-OPTIONS"], "a loop plays until interruptsAtLoop ends it at its loop point; interrupts cuts at once") { p in
            let (engine, player) = try setUp()
            let done = CallLog<String>()
            player.scheduleBuffer(EngineSignals.constant(0.5, frames: 1000), at: nil, options: .loops) { done.append("loop") }
            player.play()
            _ = try EngineSignals.renderOffline(engine, seconds: 0.05, chunk: 400) // 2,400 frames: third pass of the loop
            player.scheduleBuffer(EngineSignals.constant(0.25, frames: 500), at: nil, options: .interruptsAtLoop) { done.append("after") }
            let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.05, chunk: 400), channel: 0)
            // The loop finishes its pass at frame 3,000 (600 frames in), then the new buffer plays.
            p.expect(out[..<600].allSatisfy { $0 == 0.5 }, "the loop finishes its pass")
            p.expect(out[600..<1_100].allSatisfy { $0 == 0.25 }, "then the interruptsAtLoop buffer plays")
            p.expect(out[1_100...].allSatisfy { $0 == 0 }, "then silence")
            p.expect(done.values, equals: ["loop", "after"], "completion handlers")
            player.scheduleBuffer(EngineSignals.constant(0.5, frames: 1000), at: nil, options: .loops) { done.append("loop2") }
            _ = try EngineSignals.renderOffline(engine, seconds: 0.01)
            player.scheduleBuffer(EngineSignals.constant(0.75, frames: 100), at: nil, options: .interrupts)
            p.expect(done.values.last, equals: "loop2", "the interrupted loop's handler is called at once")
            let cut = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.01), channel: 0)
            p.expect(cut[..<100].allSatisfy { $0 == 0.75 } && cut[100...].allSatisfy { $0 == 0 }, "the interrupts buffer plays at once, alone")
        },
        BuiltInCheck(["ENGINE-PLAYER-STOP-UNSCHEDULES"], "stop() calls the handlers of everything scheduled and sets player time to 0") { p in
            let (engine, player) = try setUp()
            let types = CallLog<AVAudioPlayerNodeCompletionCallbackType>()
            player.scheduleBuffer(EngineSignals.constant(0.5, frames: 48_000), completionCallbackType: .dataRendered) { types.append($0) }
            player.scheduleBuffer(EngineSignals.constant(0.5, frames: 48_000), completionCallbackType: .dataPlayedBack) { types.append($0) }
            player.play()
            _ = try EngineSignals.renderOffline(engine, seconds: 0.5)
            p.expect(types.values.isEmpty, "no handler is called while the first buffer plays")
            player.stop()
            p.expect(types.values, equals: [.dataRendered, .dataPlayedBack], "stop() calls both handlers, with their callback types")
            p.expect(!player.isPlaying, "the player is stopped")
            player.play()
            _ = try EngineSignals.renderOffline(engine, seconds: 0.01)
            let time = try p.require(player.lastRenderTime, "lastRenderTime after play()")
            p.expect(player.playerTime(forNodeTime: time)?.sampleTime, equals: 0, "player time after stop() and play()")
            p.expect(engine.isRunning, "the engine keeps running")
        },
        BuiltInCheck(["ENGINE-PLAYER-NODE-USES-FILES-BUFFERS"], "a 24 kHz file segment plays on a 48 kHz player at its level for its converted length, then its handler is called") { p in
            let url = try FileChecks.uniqueScratch("engine-segment").appendingPathComponent("tone.caf")
            let settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 24_000.0, AVNumberOfChannelsKey: 1,
                                           AVLinearPCMBitDepthKey: 32, AVLinearPCMIsFloatKey: true]
            let file = try AVAudioFile(forWriting: url, settings: settings)
            try file.write(from: EngineSignals.tone(frequency: 1000, seconds: 1, rate: 24_000))
            file.close()
            let (engine, player) = try setUp()
            let reading = try AVAudioFile(forReading: url)
            let finished = CallLog<Bool>()
            player.scheduleSegment(reading, startingFrame: 12_000, frameCount: 6_000, at: nil) { finished.append(true) }
            player.play()
            let out = EngineSignals.samples(try EngineSignals.renderOffline(engine, seconds: 0.5), channel: 0)
            // 6,000 frames at 24 kHz = 0.25 s = 12,000 frames at 48 kHz.
            let level = EngineSignals.amplitude(out[1_000..<11_000], frequency: 1000, rate: 48_000)
            p.expect(abs(level - 0.5) < 0.01, "the segment's 1 kHz tone at 0.5 (\(level))")
            p.expect(EngineSignals.peak(out[12_100...]) < 0.001, "silence after 0.25 s")
            p.expect(finished.values, equals: [true], "the segment's completion handler")
        },
        BuiltInCheck(["ENGINE-PLAYER-CHANNEL-MISMATCH"], "a stereo buffer on a mono player is refused (Apple's exception, in the trace) and nothing plays") { p in
            let device = try p.device()
            let player = try device.launch("Game", backgroundAudio: true) { () throws -> AVAudioPlayerNode in
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                let engine = AVAudioEngine()
                let player = AVAudioPlayerNode()
                engine.attach(player)
                engine.connect(player, to: engine.mainMixerNode, format: EngineSignals.mono48)
                player.scheduleBuffer(EngineSignals.tone(frequency: 440, seconds: 1, channels: 2))
                try engine.start()
                player.play()
                return player
            }
            let start = device.now
            _ = device.advance(by: .milliseconds(500))
            let exceptions = device.events("engine.exception", app: "Game")
            p.expect(exceptions.count, equals: 1, "engine.exception events")
            if case let .string(reason)? = exceptions.first?.fields["reason"] {
                p.expect(reason.contains("2 channels"), "the exception's reason names the buffer's 2 channels: \(reason)")
            } else {
                p.expect(false, "the exception has a reason")
            }
            p.expect(player.isPlaying, "the player itself plays on")
            p.expect(device.sink("Speaker")?.isSilent(channel: 1, from: start, to: device.now) == true, "the speaker stays silent")
        },
    ] }
}
