import Foundation
import MediaServer
import AVFoundation
import SimCore
import Soundcheck
import VirtualDevices

/// Video beside long-form audio (WWDC 2017 session 509): a display layer on the same
/// synchronizer as the audio renderer shows each frame when the shared timeline reaches it, so
/// the picture on the device matches the sound from AirPlay speakers that hold seconds of it
/// ahead; the video itself stays on the device.
enum AirPlayVideoChecks {
    static var all: [BuiltInCheck] { [
        BuiltInCheck(["AIRPLAY-VIDEO-SYNC", "AIRPLAY-VIDEO-NOT-AIRPLAYED"],
                     "a display layer on the audio renderer's synchronizer shows each second's frame within 1 ms of that second's sound at an AirPlay 2 speaker buffering seconds ahead, through the delayed start and a pause; the speaker receives only the audio") { p in
            let device = try SimulatedDevice(profile: "iphone", platform: p.platform, seed: 3)
            try device.attach("airplay:2")
            let uid = try p.require(device.device.ports.first { $0.portType == .airPlay }?.uid, "the AirPlay speaker")
            let player = try device.launch("Movie", backgroundAudio: true) {
                try VideoSyncPlayer(seconds: 6, videoRenderer: p.platform.since(17))
            }
            device.server.pickLongFormRoute([uid])
            let started = device.now
            try device.run(as: "Movie") { try player.play() }
            _ = device.advance(by: .seconds(1))
            // The speaker holds seconds of sound ahead of what it plays: sent long before it is heard.
            p.expect(AirPlayBench.bufferedAhead(device, uid) > 4, "the speaker buffered \(AirPlayBench.bufferedAhead(device, uid)) s ahead")
            // Pause at 2.7 s of the timeline (in a silent half second) for 700 ms, then resume.
            let timeline = device.run(as: "Movie") { player.synchronizer.currentTime() }
            _ = device.advance(by: .nanoseconds(2_700_000_000 - CMTimeConvertScale(timeline, timescale: 1_000_000_000, method: .default).value))
            device.run(as: "Movie") { player.synchronizer.rate = 0 }
            _ = device.advance(by: .milliseconds(700))
            device.run(as: "Movie") { player.synchronizer.rate = 1 }
            _ = device.advance(by: .milliseconds(3_400))

            let shown = device.events("video.displayed").map { event -> (time: HostTime, pts: Int64) in
                guard case let .int(pts) = event.fields["ptsUs"] else { return (event.time, -1) }
                return (event.time, pts)
            }
            p.expect(shown.count, equals: 180, "frames shown (6 s at 30 fps, none dropped)")
            p.expect(shown.map(\.pts) == (0..<180).map { (frame: Int) -> Int64 in Int64((frame * 1_000_000 + 15) / 30) }, "frames shown in order, each once")
            p.expect(shown.first.map { $0.time > started } ?? false, "the first frame waits for the speaker's data (the delayed start)")
            let sink = try p.require(device.sink(uid), "the speaker's sink")
            let onsets = try p.require(AirPlayBench.soundOnsets(sink, from: started, to: device.now), "the speaker's samples")
            let seconds = shown.filter { $0.pts % 1_000_000 == 0 }.map(\.time)
            p.expect(onsets.count, equals: seconds.count, "tone onsets at the speaker (one per second of the timeline)")
            // The speaker joins the timeline at its next output cycle: the first sound it plays is
            // the timeline's at that instant, within one cycle after the first frame.
            if let frame = seconds.first, let onset = onsets.first {
                let lag = (onset - frame).nanoseconds
                let cycle = HostDuration(nanoseconds: Int64(AirPlayNetwork.cycleFrames) * 1_000_000_000 / 44_100 + 1)
                p.expect(lag >= 0 && lag <= cycle.nanoseconds, "the first sound \(Double(lag) / 1e6) ms after the first frame")
            }
            for (second, (frame, onset)) in zip(seconds, onsets).enumerated().dropFirst() {
                let offset = abs((frame - onset).nanoseconds)
                p.expect(offset < 1_000_000, "second \(second): the frame shows \(Double(offset) / 1e6) ms from the sound at the speaker")
            }
            // What went to the speaker is the six seconds of audio, frame for frame, and nothing else.
            let received = device.server.airPlay.receiver(uid)?.receivedFrames ?? 0
            p.expect(received, equals: 6 * 44_100, "stream frames the speaker received")
            p.expect(device.run(as: "Movie") { player.videoFramesEnqueued }, equals: 180, "frames enqueued into the layer")
        },
    ] }
}

extension AirPlayBench {
    /// The host times at which sound starts on channel 1 of `sink` after at least 100 ms of
    /// silence (or at the start of the interval), to the frame; nil without captured samples.
    static func soundOnsets(_ sink: PortSink, from start: HostTime, to end: HostTime, threshold: Float = 1e-3) -> [HostTime]? {
        guard let samples = sink.capturedSlice(channel: 1, from: start, to: end) else { return nil }
        let rate = sink.sampleRate
        let first = rate.sampleTime(at: start).frames
        let minimumQuiet = Int(rate.frames(in: .milliseconds(100)))
        var onsets: [HostTime] = []
        var quiet = minimumQuiet
        for (offset, sample) in samples.enumerated() {
            if abs(sample) < threshold { quiet += 1; continue }
            if quiet >= minimumQuiet {
                onsets.append(HostTime(nanoseconds: rate.hostTime(at: SampleTime(frames: first + Int64(offset))).nanoseconds))
            }
            quiet = 0
        }
        return onsets
    }
}
