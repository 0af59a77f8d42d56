import Foundation
import MediaServer
import AVFoundation
import UIKit
import SimCore
import Soundcheck
import VirtualDevices

/// AirPlay 2 long-form audio (WWDC 2017 session 509): the sample-buffer renderer and synchronizer
/// streaming to simulated AirPlay 1 and AirPlay 2 speakers, heard at the speakers' port sinks.
/// Each simulates only the few seconds its assertion needs.
enum AirPlayChecks {
    static var all: [BuiltInCheck] { buffering + flushing + timeline + playbackAPI + routes }

    static var buffering: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-ENHANCED-BUFFERING", "AIRPLAY-FASTER-THAN-REALTIME", "AIRPLAY-BUFFER-DEPTH-BY-ROUTE", "AIRPLAY-LEGACY-REALTIME",
                      "AIRPLAY-REQUEST-MEDIA-DATA", "AIRPLAY-ENQUEUE-WHILE-READY"],
                     "the renderer asks the app for minutes ahead and fills an AirPlay 2 speaker over a minute ahead in 10 s; for an AirPlay 1 speaker seconds, played in real time") { p in
            let (two, player2, twoUIDs) = try AirPlayBench.playing(["airplay:2"], platform: p.platform)
            _ = two.advance(by: .seconds(10))
            // 8× real time: after 10 s about 70 s are on the speaker; the renderer asked the app
            // for its two minutes plus a second of its own.
            let ahead = AirPlayBench.bufferedAhead(two, twoUIDs[0])
            p.expect(ahead > 60, "AirPlay 2 holds \(ahead) s ahead after 10 s")
            let wanted = two.run(as: "Radio") { player2.enqueuedEnd.seconds - player2.synchronizer.currentTime().seconds }
            p.expect(wanted > 110, "the renderer asked for \(wanted) s ahead")
            let (one, player1, oneUIDs) = try AirPlayBench.playing(["airplay:1"], platform: p.platform)
            _ = one.advance(by: .milliseconds(4_500))
            let ahead1 = AirPlayBench.bufferedAhead(one, oneUIDs[0])
            p.expect(ahead1 > 1.9 && ahead1 <= 2.01, "AirPlay 1 holds \(ahead1) s ahead")
            let wanted1 = one.run(as: "Radio") { player1.enqueuedEnd.seconds - player1.synchronizer.currentTime().seconds }
            p.expect(wanted1 < 4, "for AirPlay 1 the renderer asked for only \(wanted1) s ahead")
            p.expect(AirPlayBench.toneDBFS(one, oneUIDs[0], 440, from: 2_200, to: 4_400) > -7, "the AirPlay 1 speaker plays the tone")
            withExtendedLifetime((player1, player2)) {}
        },
        BuiltInCheck(["AIRPLAY-RATE-ZERO-ON-INTERRUPTION"],
                     "a phone call interrupting the playing app sets its synchronizer's rate to zero by itself, posting rateDidChange, and the speaker goes silent") { p in
            let device = try p.device()
            let rateChanges = EventLog()
            let player = try device.launch("Radio", backgroundAudio: true) { () throws -> SampleBufferPlayer in
                let player = try SampleBufferPlayer(frequency: 440)
                _ = NotificationCenter.default.addObserver(forName: AVSampleBufferRenderSynchronizer.rateDidChangeNotification,
                                                           object: player.synchronizer, queue: nil) { _ in rateChanges.append("rate") }
                return player
            }
            try device.run(as: "Radio") { try player.play() }
            _ = device.advance(by: .seconds(1))
            let before = rateChanges.entries.count
            try device.perform(.incomingCall(caller: "Alice"))
            _ = device.advance(by: .milliseconds(500))
            p.expect(device.events("notify.interruption", app: "Radio").count, equals: 1, "interruptions")
            p.expect(device.run(as: "Radio") { player.synchronizer.rate }, equals: 0, "the synchronizer's rate")
            p.expect(rateChanges.entries.count - before, equals: 1, "rateDidChange notifications from the interruption")
            let sink = try p.require(device.sink(try speaker(p, device)), "the speaker's sink")
            p.expect(AirPlayBench.silent(sink, from: 1_100, to: 1_500), "silent during the call")
        },
        BuiltInCheck(["AIRPLAY-FORMATS", "AIRPLAY-MIXED-FORMATS"],
                     "16-bit mono at 48 kHz then float stereo at 22.05 kHz, enqueued back to back, play on AirPlay 1 and 2 speakers without a gap; 24-bit or six channels fail with -11821") { p in
            for speaker in ["airplay:1", "airplay:2"] { try mixedRates(&p, speaker) }
            for (channels, bits) in [(UInt32(2), UInt32(24)), (6, 16)] {
                let device = try p.device()
                let renderer = try device.launch("Radio") { AVSampleBufferAudioRenderer() }
                try device.run(as: "Radio") {
                    renderer.enqueue(try AirPlayBench.sineBuffer(rate: 44_100, channels: channels, float: false, bits: bits, frequency: 440,
                                                                 startFrame: 0, frames: 441))
                }
                p.expect(renderer.status, equals: .failed, "\(channels) ch \(bits) bit: status")
                p.expect((renderer.error as NSError?)?.code, equals: -11821, "\(channels) ch \(bits) bit: error code")
                p.expect((renderer.error as NSError?)?.domain, equals: AVFoundationErrorDomain, "\(channels) ch \(bits) bit: error domain")
                p.expect(!renderer.isReadyForMoreMediaData, "\(channels) ch \(bits) bit: a failed renderer wants nothing more")
            }
        },
    ] }

    /// Two seconds of a 440 Hz item at 48 kHz 16-bit mono, then two of a 660 Hz item at 22.05 kHz
    /// float stereo, on one speaker.
    static func mixedRates(_ p: inout CheckProbe, _ speaker: String) throws {
        let device = try SimulatedDevice(profile: "iphone", platform: p.platform, seed: 5)
        try device.attach(speaker)
        let uid = try p.require(device.device.ports.first { $0.portType == .airPlay }?.uid, "the AirPlay speaker")
        let (renderer, synchronizer) = try device.launch("Radio", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, policy: .longFormAudio, options: [])
            try AVAudioSession.sharedInstance().setActive(true)
            let pair = (AVSampleBufferAudioRenderer(), AVSampleBufferRenderSynchronizer())
            pair.1.addRenderer(pair.0)
            return pair
        }
        device.server.pickLongFormRoute([uid])
        // The AirPlay 1 speaker's two-second buffer takes each item at once.
        try device.run(as: "Radio") {
            for second in 0..<2 {
                renderer.enqueue(try AirPlayBench.sineBuffer(rate: 48_000, channels: 1, float: false, frequency: 440,
                                                             startFrame: Int64(second) * 48_000, frames: 48_000))
            }
            for second in 2..<4 {
                renderer.enqueue(try AirPlayBench.sineBuffer(rate: 22_050, channels: 2, float: true, frequency: 660,
                                                             startFrame: Int64(second) * 22_050, frames: 22_050))
            }
            synchronizer.rate = 1
        }
        p.expect(renderer.status, equals: .rendering, "\(speaker): status")
        _ = device.advance(by: .seconds(5))
        let start = try p.require(device.events("airplay.receiver").first, "the speaker's start").time.nanoseconds / 1_000_000
        p.expect(AirPlayBench.toneDBFS(device, uid, 440, from: start + 200, to: start + 1_800) > -7, "\(speaker): the 48 kHz item")
        p.expect(AirPlayBench.toneDBFS(device, uid, 660, from: start + 2_200, to: start + 3_800) > -7, "\(speaker): the 22.05 kHz item")
        p.expect(AirPlayBench.toneDBFS(device, uid, 660, from: start + 200, to: start + 1_800) < -40, "\(speaker): not the second item first")
        // No gap until the four seconds enqueued have run out (none at the transition).
        let gaps = device.events("airplay.gap.began").map { $0.time.nanoseconds / 1_000_000 - start }
        p.expect(gaps.allSatisfy { $0 >= 3_900 }, "\(speaker): gaps at \(gaps) ms")
    }

    static var flushing: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-FLUSH-FROM-SOURCE-TIME", "AIRPLAY-FLUSH-MAY-FAIL", "AIRPLAY-FLUSH-ASYNC", "AIRPLAY-FLUSH-WHILE-PLAYING"],
                     "flush(fromSourceTime:) answers later, through its handler: yes for audio a speaker has not started playing out, no near or behind the playhead") { p in
            let (two, player, _) = try AirPlayBench.playing(["airplay:2"], platform: p.platform)
            _ = two.advance(by: .seconds(6))
            let now = two.run(as: "Radio") { player.synchronizer.currentTime() }
            two.run(as: "Radio") { player.replace(from: CMTimeAdd(now, CMTime(value: 20, timescale: 1))) }
            p.expect(player.flushResults.isEmpty, "the completion handler runs after flush(fromSourceTime:) returns")
            _ = two.advance(by: .milliseconds(100))
            two.run(as: "Radio") { player.replace(from: CMTimeAdd(now, CMTime(value: 1, timescale: 10))) }
            _ = two.advance(by: .milliseconds(100))
            two.run(as: "Radio") { player.replace(from: .zero) }
            _ = two.advance(by: .milliseconds(100))
            p.expect(player.flushResults, equals: [true, false, false], "AirPlay 2: 20 s ahead, 0.1 s ahead, behind")
            p.expect(two.run(as: "Radio") { player.synchronizer.rate }, equals: 1, "playback went on")

            // AirPlay 1: everything sent is in the speaker's two-second output path.
            let (one, player1, _) = try AirPlayBench.playing(["airplay:1"], platform: p.platform)
            _ = one.advance(by: .seconds(4))
            let now1 = one.run(as: "Radio") { player1.synchronizer.currentTime() }
            one.run(as: "Radio") { player1.replace(from: CMTimeAdd(now1, CMTime(value: 1, timescale: 1))) }
            _ = one.advance(by: .milliseconds(100))
            one.run(as: "Radio") { player1.replace(from: CMTimeAdd(now1, CMTime(value: 3, timescale: 1))) }
            _ = one.advance(by: .milliseconds(100))
            p.expect(player1.flushResults, equals: [false, true], "AirPlay 1: 1 s ahead, 3 s ahead")
        },
        BuiltInCheck(["AIRPLAY-SEEK", "AIRPLAY-FLUSH-ANY-TIME"],
                     "a seek flushes the speaker's buffer; audio enqueued from the new time plays at once, without a gap") { p in
            let (device, player, uids) = try AirPlayBench.playing(["airplay:2"], platform: p.platform)
            _ = device.advance(by: .seconds(3))
            device.run(as: "Radio") { player.seek(to: CMTime(value: 90, timescale: 1)) }
            _ = device.advance(by: .seconds(2))
            // The restart waits for half a second of data on the speaker (a few network ticks at
            // 8×), then the speaker plays the timeline's instant, without a gap.
            let time = device.run(as: "Radio") { player.synchronizer.currentTime() }
            p.expect(time.seconds > 91.8 && time.seconds < 92, "the timeline is at \(time.seconds) s")
            let receiver = try p.require(device.server.airPlay.receiver(uids[0]), "the speaker")
            let playing = Double(receiver.streamFrame(at: device.now) ?? 0) / 44_100
            p.expect(abs(playing - time.seconds) < 0.001, "the speaker plays \(playing) s")
            p.expect(receiver.gapFrames, equals: 0, "gap frames")
            p.expect(AirPlayBench.toneDBFS(device, uids[0], 440, from: 3_100, to: 5_000) > -7, "the tone after the seek")
        },
    ] }

    static var timeline: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-SYNCHRONIZER-RATE", "AIRPLAY-TIMEBASE-CLOCK"],
                     "with no renderer the timeline follows the host clock at the rate set; setRate(_:time:) sets the time first; rate 0 holds it") { p in
            let device = try p.device()
            let synchronizer = try device.launch("Radio") { AVSampleBufferRenderSynchronizer() }
            _ = device.advance(by: .seconds(1))
            p.expect(synchronizer.currentTime(), equals: .zero, "the time before any rate")
            device.run(as: "Radio") { synchronizer.setRate(1, time: CMTime(value: 10, timescale: 1)) }
            _ = device.advance(by: .milliseconds(2_500))
            p.expect(synchronizer.currentTime(), equals: CMTime(value: 12_500, timescale: 1_000), "2.5 s of host time later")
            device.run(as: "Radio") { synchronizer.rate = 0 }
            _ = device.advance(by: .seconds(3))
            p.expect(synchronizer.currentTime(), equals: CMTime(value: 12_500, timescale: 1_000), "held at rate 0")
            p.expect(synchronizer.rate, equals: 0, "rate")
        },
        BuiltInCheck(["AIRPLAY-REMOVE-RENDERER"],
                     "removeRenderer(_:at:) removes at the timeline time and reports true; a replaced removal and a renderer never added get false") { p in
            let device = try p.device()
            let (synchronizer, renderer, stranger) = try device.launch("Radio") {
                (AVSampleBufferRenderSynchronizer(), AVSampleBufferAudioRenderer(), AVSampleBufferAudioRenderer())
            }
            let log = EventLog()
            device.run(as: "Radio") {
                synchronizer.addRenderer(renderer)
                // The renderer has no data: start at once instead of waiting for it.
                synchronizer.delaysRateChangeUntilHasSufficientMediaData = false
                synchronizer.rate = 1
                synchronizer.removeRenderer(renderer, at: CMTime(value: 5, timescale: 1)) { log.append("first \($0)") }
                synchronizer.removeRenderer(renderer, at: CMTime(value: 2, timescale: 1)) { log.append("second \($0)") }
                synchronizer.removeRenderer(stranger, at: .invalid) { log.append("stranger \($0)") }
            }
            _ = device.advance(by: .seconds(1))
            p.expect(synchronizer.renderers.count, equals: 1, "renderers at 1 s")
            _ = device.advance(by: .seconds(2))
            p.expect(synchronizer.renderers.isEmpty, "removed at 2 s")
            p.expect(log.entries, equals: ["first false", "stranger false", "second true"], "completion handlers")
        },
    ] }

    /// A renderer on a synchronizer in app "Radio", whose session plays (long-form when `longForm`).
    static func rendererOnSynchronizer(_ device: SimulatedDevice, longForm: Bool = false)
        throws -> (AVSampleBufferAudioRenderer, AVSampleBufferRenderSynchronizer) {
        try device.launch("Radio", backgroundAudio: true) {
            let session = AVAudioSession.sharedInstance()
            if longForm { try session.setCategory(.playback, mode: .default, policy: .longFormAudio, options: []) } else { try session.setCategory(.playback) }
            try session.setActive(true)
            let pair = (AVSampleBufferAudioRenderer(), AVSampleBufferRenderSynchronizer())
            pair.1.addRenderer(pair.0)
            return pair
        }
    }

    /// The built-in speaker's port UID.
    static func speaker(_ p: CheckProbe, _ device: SimulatedDevice) throws -> String {
        try p.require(device.device.ports.first { $0.portType == .builtInSpeaker }?.uid, "the built-in speaker")
    }

    static var playbackAPI: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-RENDERER-AND-SYNCHRONIZER", "AIRPLAY-ADD-RENDERER"],
                     "an added renderer plays on the synchronizer's timeline: a second of tone enqueued at 1 s is silent for the timeline's first second, then heard for one") { p in
            let device = try p.device()
            let (renderer, synchronizer) = try rendererOnSynchronizer(device)
            p.expect(renderer.timebase === synchronizer.timebase, "the added renderer's timebase is the synchronizer's")
            try device.run(as: "Radio") {
                renderer.enqueue(try AirPlayBench.sineBuffer(rate: 44_100, channels: 2, float: true, frequency: 440, startFrame: 44_100, frames: 44_100))
                synchronizer.setRate(1, time: .zero)
            }
            let start = device.now.nanoseconds / 1_000_000
            _ = device.advance(by: .milliseconds(2_500))
            let uid = try speaker(p, device)
            let sink = try p.require(device.sink(uid), "the speaker's sink")
            p.expect(AirPlayBench.silent(sink, from: start + 50, to: start + 950), "silent while the timeline runs from 0 to 1 s")
            p.expect(AirPlayBench.toneDBFS(device, uid, 440, from: start + 1_050, to: start + 1_950) > -7, "the tone from timeline time 1 s to 2 s")
            p.expect(AirPlayBench.silent(sink, from: start + 2_050, to: start + 2_450), "silent after what was enqueued")
            p.expect(abs(synchronizer.currentTime().seconds - 2.5) < 1e-6, "the timeline at \(synchronizer.currentTime().seconds) s")
        },
        BuiltInCheck(["AIRPLAY-DELAYS-RATE-CHANGE"],
                     "by default rate 1 reads back at once but the timeline waits for the renderer's data; with the delay off it runs at once") { p in
            let device = try p.device()
            let (renderer, synchronizer) = try rendererOnSynchronizer(device)
            p.expect(synchronizer.delaysRateChangeUntilHasSufficientMediaData, "the delay is on by default")
            device.run(as: "Radio") { synchronizer.rate = 1 }
            _ = device.advance(by: .milliseconds(500))
            p.expect(synchronizer.rate, equals: 1, "the rate reads back at once")
            p.expect(synchronizer.currentTime(), equals: .zero, "the timeline waits with no data")
            try device.run(as: "Radio") {
                renderer.enqueue(try AirPlayBench.sineBuffer(rate: 44_100, channels: 2, float: true, frequency: 440, startFrame: 0, frames: 88_200))
            }
            _ = device.advance(by: .milliseconds(500))
            let started = synchronizer.currentTime().seconds
            p.expect(started > 0.4 && started <= 0.5, "with data the timeline starts (at \(started) s after 500 ms)")

            let (_, eager) = try device.run(as: "Radio") { () throws -> (AVSampleBufferAudioRenderer, AVSampleBufferRenderSynchronizer) in
                let pair = (AVSampleBufferAudioRenderer(), AVSampleBufferRenderSynchronizer())
                pair.1.addRenderer(pair.0)
                pair.1.delaysRateChangeUntilHasSufficientMediaData = false
                pair.1.rate = 1
                return pair
            }
            _ = device.advance(by: .milliseconds(500))
            p.expect(eager.currentTime(), equals: CMTime(value: 500, timescale: 1_000), "without the delay the timeline runs with no data")
        },
        BuiltInCheck(["AIRPLAY-STOP-REQUESTING"],
                     "a requestMediaDataWhenReady block with nothing to enqueue is called again and again until it calls stopRequestingMediaData") { p in
            let device = try p.device()
            let (renderer, _) = try rendererOnSynchronizer(device)
            let calls = EventLog()
            let queue = DispatchQueue(label: "check.serialization")
            device.run(as: "Radio") { renderer.requestMediaDataWhenReady(on: queue) { calls.append("empty") } }
            _ = device.advance(by: .milliseconds(200))
            p.expect(calls.entries.count >= 5, "called \(calls.entries.count) times in 200 ms without stopping")
            let before = calls.entries.count
            device.run(as: "Radio") {
                renderer.requestMediaDataWhenReady(on: queue) {
                    calls.append("stopping")
                    renderer.stopRequestingMediaData()
                }
            }
            _ = device.advance(by: .milliseconds(200))
            p.expect(Array(calls.entries.dropFirst(before)), equals: ["stopping"], "calls after the block stops requesting")
        },
        BuiltInCheck(["AIRPLAY-LONG-FORM-CALLS"],
                     "a call answered while a long-form app plays to an AirPlay 2 speaker leaves it playing there; on the phone's speaker the same app is interrupted") { p in
            let (device, player, uids) = try AirPlayBench.playing(["airplay:2"], platform: p.platform)
            _ = device.advance(by: .seconds(2))
            try device.perform(.incomingCall(caller: "Alice"))
            _ = device.advance(by: .milliseconds(500))
            try device.perform(.answerCall)
            _ = device.advance(by: .milliseconds(1_500))
            p.expect(device.events("notify.interruption", app: "Radio").isEmpty, "AirPlay: no interruption")
            p.expect(device.run(as: "Radio") { player.synchronizer.rate }, equals: 1, "AirPlay: the synchronizer's rate")
            p.expect(AirPlayBench.toneDBFS(device, uids[0], 440, from: 2_100, to: 4_000) > -7, "the speaker plays through the call")

            let local = try p.device()
            let localPlayer = try local.launch("Radio", backgroundAudio: true) { try SampleBufferPlayer(frequency: 440) }
            try local.run(as: "Radio") { try localPlayer.play() }
            _ = local.advance(by: .seconds(1))
            try local.perform(.incomingCall(caller: "Alice"))
            _ = local.advance(by: .milliseconds(100))
            p.expect(local.events("notify.interruption", app: "Radio").count, equals: 1, "local route: interruptions")
            p.expect(local.run(as: "Radio") { localPlayer.synchronizer.rate }, equals: 0, "local route: the synchronizer's rate")
        },
        BuiltInCheck(["AIRPLAY-ONE-RENDERER-LONG-FORM"],
                     "a long-form session's synchronizer takes one audio renderer and refuses a second; another session's takes both") { p in
            let device = try p.device()
            let (first, synchronizer) = try rendererOnSynchronizer(device, longForm: true)
            let second = device.run(as: "Radio") { () -> AVSampleBufferAudioRenderer in
                let renderer = AVSampleBufferAudioRenderer()
                synchronizer.addRenderer(renderer)
                return renderer
            }
            p.expect(synchronizer.renderers.count, equals: 1, "long-form: renderers")
            p.expect(synchronizer.renderers.first === first && second !== first, "long-form: the first renderer stays the only one")
            let other = try p.device()
            let (_, shared) = try rendererOnSynchronizer(other)
            other.run(as: "Radio") { shared.addRenderer(AVSampleBufferAudioRenderer()) }
            p.expect(shared.renderers.count, equals: 2, "default policy: renderers")
        },
    ] }

    static var routes: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-ROUTE-DETECTOR", "AIRPLAY-ROUTE-DETECTION-DEFAULT-OFF"],
                     "AVRouteDetector detects nothing until enabled; then an AirPlay speaker coming and going flips multipleRoutesDetected and posts the notification each time") { p in
            let device = try p.device()
            let detector = try device.launch("Radio") { AVRouteDetector() }
            let log = EventLog()
            let token = NotificationCenter.default.addObserver(forName: .AVRouteDetectorMultipleRoutesDetectedDidChange, object: detector,
                                                               queue: nil) { _ in log.append("changed \(detector.multipleRoutesDetected)") }
            defer { NotificationCenter.default.removeObserver(token) }
            p.expect(!detector.isRouteDetectionEnabled, "detection is off by default")
            try device.attach("airplay:2")
            p.expect(!detector.multipleRoutesDetected, "nothing detected while detection is off")
            device.run(as: "Radio") { detector.isRouteDetectionEnabled = true }
            _ = device.advance(by: .milliseconds(10))
            p.expect(detector.multipleRoutesDetected, "the speaker detected once enabled")
            try device.detach("airplay#1")
            _ = device.advance(by: .milliseconds(10))
            p.expect(!detector.multipleRoutesDetected, "gone with the speaker")
            p.expect(log.entries, equals: ["changed true", "changed false"], "notifications")
        },
    ] }
}

/// Lines a check's callbacks append, in order.
final class EventLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
