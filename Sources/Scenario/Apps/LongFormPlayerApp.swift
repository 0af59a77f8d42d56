import Dispatch
import Foundation
import AVFAudio
import AVFoundation
import CoreAudioTypes
import CoreMedia
import MediaPlayer
import UIKit

/// A long-form audio player (WWDC 2017 session 509, "Introducing AirPlay 2"): it declares itself
/// long-form (`.playback`, `.default`, policy `.longFormAudio`) and plays a play queue through an
/// `AVSampleBufferAudioRenderer` on an `AVSampleBufferRenderSynchronizer`, feeding one-second
/// sample buffers from `requestMediaDataWhenReady` for as long as the renderer wants more — the
/// loop Apple's sample code uses. Written only against the Apple-named facades.
///
/// The queue's tracks are `trackSeconds` long on one timeline, as the talk advises; track `n`
/// is a tone of `tone × (2 + n) / 2` (440, 660, 880 Hz …), so a port check tells which track
/// plays. Every whole second of the timeline starts with 10 ms of silence, a marker that lets
/// checks measure when each speaker plays the same instant.
///
/// It adopts remote commands (play, pause, toggle, next track, skip forward/backward) and keeps
/// its Now Playing info (title, elapsed time, rate) current at every transition.
///
/// Controls: `play`, `pause`, `stop`; `next-track` seeks the way the talk prescribes (rate 0,
/// stop requesting, flush, reposition, request again, rate 1); `replace-next-track` edits the
/// queue under the renderer: `flush(fromSourceTime:)` at the next track's start, and on success
/// that track is replaced by one a quarter-tone higher (`tone × 5/4` for track 1, …); on failure
/// the app logs `flush-failed` and the queue plays on unchanged.
public final class LongFormPlayerApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playback }
    override public class var defaultTone: Int? { 440 }

    private var renderer: AVSampleBufferAudioRenderer?
    private var synchronizer: AVSampleBufferRenderSynchronizer?
    /// Handed to `requestMediaDataWhenReady(on:)` as a real app would; the renderer never dispatches
    /// to it — its blocks run as scheduler actions (`SimulationQueue`), so nothing runs on a thread.
    private let serializationQueue = DispatchQueue(label: "long-form-player.serialization")
    /// The next frame the generator makes, on the source timeline (44.1 kHz).
    private var generatorFrame: Int64 = 0
    private var format: CMAudioFormatDescription?
    /// The track that replaced the next one, if a queue edit succeeded.
    private var replacedTrack: Int?
    /// The last whole second of tone made (see `nextSampleBuffer`): only the track being
    /// generated, so an hour of tracks holds one second of samples, not one per track.
    private var toneSecond: (frequency: Double, phase: Double, block: CMBlockBuffer)?
    private var flushObserver: NSObjectProtocol?
    /// NotificationCenter.default is the process's: an observer left there outlives the run (and
    /// every later post of the name visits it), so `explore`'s thousands of runs would pile them up.
    deinit { flushObserver.map(NotificationCenter.default.removeObserver) }
    static let rate = 44_100
    static let trackSeconds: Int64 = 60
    static let markerFrames = 441

    override public func didLaunch() {
        UIApplication.shared.beginReceivingRemoteControlEvents()
        attempt("setCategory") { try session.setCategory(.playback, mode: .default, policy: .longFormAudio, options: []) }
        adoptRemoteCommands()
    }

    private func adoptRemoteCommands() {
        let center = MPRemoteCommandCenter.shared()
        _ = center.playCommand.addTarget { [weak self] _ in self?.remote("play") { $0.play(because: "remote") } ?? .commandFailed }
        _ = center.pauseCommand.addTarget { [weak self] _ in self?.remote("pause") { $0.setPlaying(false, because: "remote") } ?? .commandFailed }
        _ = center.togglePlayPauseCommand.addTarget { [weak self] _ in
            self?.remote("toggle-play-pause") { app in app.isPlaying ? app.setPlaying(false, because: "remote") : app.play(because: "remote") }
                ?? .commandFailed
        }
        _ = center.nextTrackCommand.addTarget { [weak self] _ in self?.remote("next-track") { $0.seek(toTrack: $0.currentTrack + 1) } ?? .commandFailed }
        center.skipForwardCommand.preferredIntervals = [15]
        _ = center.skipForwardCommand.addTarget { [weak self] event in
            let interval = (event as? MPSkipIntervalCommandEvent)?.interval ?? 15
            return self?.remote("skip-forward") { $0.seek(to: $0.currentSeconds + interval) } ?? .commandFailed
        }
        _ = center.skipBackwardCommand.addTarget { [weak self] event in
            let interval = (event as? MPSkipIntervalCommandEvent)?.interval ?? 15
            return self?.remote("skip-backward") { $0.seek(to: max(0, $0.currentSeconds - interval)) } ?? .commandFailed
        }
    }

    private func remote(_ command: String, _ body: (LongFormPlayerApp) -> Void) -> MPRemoteCommandHandlerStatus {
        log("remote-command", ["command": command])
        body(self)
        return .success
    }

    /// Now Playing info at every transition: the system extrapolates the elapsed time from here.
    private func updateNowPlaying() {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Track \(currentTrack + 1)",
            MPMediaItemPropertyPlaybackDuration: Double(Self.trackSeconds),
            MPNowPlayingInfoPropertyElapsedPlaybackTime: currentSeconds,
            MPNowPlayingInfoPropertyPlaybackRate: Double(synchronizer?.rate ?? 0),
        ]
    }

    override public func makeSound() {
        let renderer = AVSampleBufferAudioRenderer()
        let synchronizer = AVSampleBufferRenderSynchronizer()
        synchronizer.addRenderer(renderer)
        self.renderer = renderer
        self.synchronizer = synchronizer
        format = Self.makeFormat()
        flushObserver = NotificationCenter.default.addObserver(forName: .AVSampleBufferAudioRendererWasFlushedAutomatically,
                                                              object: renderer, queue: nil) { [weak self] note in
            let time = (note.userInfo?[AVSampleBufferAudioRendererFlushTimeKey] as? NSValue)?.timeValue ?? .zero
            self?.refill(from: time)
        }
    }

    /// After an automatic flush: flush (serialized with enqueueing, as advised), then re-enqueue
    /// from the flush time while the timebase runs on — heard as a short mute.
    private func refill(from time: CMTime) {
        guard let renderer else { return }
        renderer.stopRequestingMediaData()
        renderer.flush()
        generatorFrame = Int64(max(0, time.seconds)) * Int64(Self.rate)
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feed() }
        log("refilled", ["from": String(Int(max(0, time.seconds)))])
    }

    override public func perform(_ command: String) {
        switch command {
        case "play": play(because: "user")
        case "pause": setPlaying(false, because: "user")
        case "next-track": seek(toTrack: currentTrack + 1)
        case "replace-next-track": replaceNextTrack()
        default:
            setPlaying(false, because: "user")
            deactivate()
        }
    }

    /// Headphones pulled: pause, as every media player must (WWDC 2010 session 412: "generally we
    /// want audio playback to pause"), or private listening comes out of the speaker. From iOS 17
    /// the system interrupts an active Now Playing session first; this covers the rest (older
    /// releases, a session that is not active).
    override public func routeChanged(reason: AVAudioSession.RouteChangeReason) {
        guard reason == .oldDeviceUnavailable, isPlaying else { return }
        setPlaying(false, because: "old-device-unavailable")
    }

    override public func startSound() -> Bool {
        guard let renderer, let synchronizer else { return false }
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feed() }
        synchronizer.rate = 1
        updateNowPlaying()
        return true
    }

    override public func stopSound() {
        synchronizer?.rate = 0
        updateNowPlaying()
    }

    private var currentSeconds: Double { max(0, CMTimeGetSeconds(synchronizer?.currentTime() ?? .zero)) }

    private var currentTrack: Int { Int(currentSeconds / Double(Self.trackSeconds)) }

    private func trackStart(_ track: Int) -> CMTime {
        CMTime(value: Int64(track) * Self.trackSeconds * Int64(Self.rate), timescale: CMTimeScale(Self.rate))
    }

    private func seek(toTrack track: Int) {
        seek(to: Double(Int64(track) * Self.trackSeconds))
        log("seeked", ["track": String(track)])
    }

    /// The talk's seek: stop, stop requesting, flush everything, reposition, request, restart.
    /// The generator restarts at the whole second at or before `seconds`.
    private func seek(to seconds: Double) {
        guard let renderer, let synchronizer else { return }
        let wasPlaying = isPlaying
        synchronizer.rate = 0
        renderer.stopRequestingMediaData()
        renderer.flush()
        let time = CMTime(value: Int64(seconds) * Int64(Self.rate), timescale: CMTimeScale(Self.rate))
        generatorFrame = time.value
        renderer.requestMediaDataWhenReady(on: serializationQueue) { [weak self] in self?.feed() }
        synchronizer.setRate(wasPlaying ? 1 : 0, time: time)
        updateNowPlaying()
    }

    /// A play-queue edit with data for the next track already enqueued: flush from its start.
    private func replaceNextTrack() {
        guard let renderer else { return }
        let track = currentTrack + 1
        let boundary = trackStart(track)
        renderer.stopRequestingMediaData()
        renderer.flush(fromSourceTime: boundary) { [weak self] succeeded in
            guard let self, let renderer = self.renderer else { return }
            if succeeded {
                self.generatorFrame = boundary.value
                self.replacedTrack = track
                self.log("queue-edited", ["track": String(track)])
            } else {
                self.log("flush-failed", ["track": String(track)])
            }
            renderer.requestMediaDataWhenReady(on: self.serializationQueue) { [weak self] in self?.feed() }
        }
    }

    /// The tone of the track playing at `frame`.
    private func frequency(atFrame frame: Int64) -> Double {
        let base = Double(configuration.tone ?? Self.defaultTone ?? 440)
        let track = Int(frame / (Self.trackSeconds * Int64(Self.rate)))
        let tone = base * Double(2 + track) / 2
        return track == replacedTrack ? tone * 5 / 4 : tone
    }

    /// Apple's loop: enqueue while the renderer wants more.
    private func feed() {
        guard let renderer else { return }
        while renderer.isReadyForMoreMediaData {
            guard let buffer = nextSampleBuffer() else { renderer.stopRequestingMediaData(); return }
            renderer.enqueue(buffer)
        }
    }

    /// One second of the app's tone, 16-bit interleaved stereo, at the generator's position.
    /// The generator always stands on a whole second, so a tone's seconds differ only by the
    /// phase they start at (none for a whole number of hertz): the app computes one second per
    /// tone and starting phase and hands the renderer new sample buffers over the same block
    /// buffer (as a player reuses decoded data), not a sine per sample for every second of an hour.
    /// Only the current tone's second is kept: the generator moves on from track to track, and a
    /// seek back makes that track's second again.
    private func nextSampleBuffer() -> CMSampleBuffer? {
        guard let format else { return nil }
        let frequency = frequency(atFrame: generatorFrame)
        let cycles = frequency * Double(generatorFrame / Int64(Self.rate))
        let phase = cycles - cycles.rounded(.down)
        let block: CMBlockBuffer
        if generatorFrame % Int64(Self.rate) == 0, let cached = toneSecond, cached.frequency == frequency, cached.phase == phase {
            block = cached.block
        } else {
            guard let made = makeToneSecond(atFrame: generatorFrame) else { return nil }
            if generatorFrame % Int64(Self.rate) == 0 { toneSecond = (frequency, phase, made) }
            block = made
        }
        var buffer: CMSampleBuffer?
        let time = CMTime(value: generatorFrame, timescale: CMTimeScale(Self.rate))
        guard CMAudioSampleBufferCreateReadyWithPacketDescriptions(allocator: kCFAllocatorDefault, dataBuffer: block, formatDescription: format,
                                                                    sampleCount: Self.rate, presentationTimeStamp: time, packetDescriptions: nil,
                                                                    sampleBufferOut: &buffer) == 0 else { return nil }
        generatorFrame += Int64(Self.rate)
        return buffer
    }

    /// The block buffer of one second of the tone playing at `start` (a whole second).
    private func makeToneSecond(atFrame start: Int64) -> CMBlockBuffer? {
        let frames = Self.rate
        var samples = [Int16](repeating: 0, count: frames * 2)
        for index in 0..<frames {
            let frame = start + Int64(index)
            guard frame % Int64(Self.rate) >= Int64(Self.markerFrames) else { continue }
            let phase = 2 * Double.pi * frequency(atFrame: frame) * Double(frame) / Double(Self.rate)
            let value = Int16((sin(phase) * 0.5 * 32_767).rounded())
            samples[2 * index] = value
            samples[2 * index + 1] = value
        }
        var block: CMBlockBuffer?
        let length = samples.count * 2
        guard CMBlockBufferCreateWithMemoryBlock(allocator: kCFAllocatorDefault, memoryBlock: nil, blockLength: length,
                                                 blockAllocator: kCFAllocatorDefault, customBlockSource: nil, offsetToData: 0,
                                                 dataLength: length, flags: kCMBlockBufferAssureMemoryNowFlag,
                                                 blockBufferOut: &block) == kCMBlockBufferNoErr, let block else { return nil }
        _ = samples.withUnsafeBytes { CMBlockBufferReplaceDataBytes(with: $0.baseAddress!, blockBuffer: block, offsetIntoDestination: 0, dataLength: length) }
        return block
    }

    private static func makeFormat() -> CMAudioFormatDescription? {
        var asbd = AudioStreamBasicDescription(mSampleRate: Double(rate), mFormatID: kAudioFormatLinearPCM,
                                               mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
                                               mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                               mBitsPerChannel: 16, mReserved: 0)
        var format: CMAudioFormatDescription?
        _ = CMAudioFormatDescriptionCreate(allocator: kCFAllocatorDefault, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0,
                                           magicCookie: nil, extensions: nil, formatDescriptionOut: &format)
        return format
    }
}
