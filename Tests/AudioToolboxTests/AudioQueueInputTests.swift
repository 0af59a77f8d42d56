@testable import BuiltInChecks
@testable import Conformance
import AudioFiles
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import CoreAudioTypes
import SimCore
import Soundcheck
import Testing

/// Input queues on the simulated device: buffers come back full of the route's input, at the
/// level and time the microphone heard it, gated by record permission and the category.
@Suite("Audio Queue input")
struct AudioQueueInputTests {
    static func launch(_ device: SimulatedDevice, _ name: String, category: AVAudioSession.Category = .playAndRecord,
                       recorder: AudioQueueRecorder, askPermission: Bool = true) throws -> OSStatus {
        try device.launch(name, backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(category)
            try AVAudioSession.sharedInstance().setActive(true)
            if askPermission { AVAudioApplication.requestRecordPermission { _ in } }
            #expect(recorder.prepare() == noErr)
            return recorder.start()
        }
    }

    @Test("an input queue's buffers hold the microphone's tone sample for sample, stamped with the queue and host time of their first frame")
    func recordsTheMicrophone() throws {
        let device = try SimulatedDevice(seed: 21)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let recorder = AudioQueueRecorder()
        #expect(try Self.launch(device, "Recorder", recorder: recorder) == noErr)
        device.answerRecordPermission("Recorder", granted: true)
        device.advance(to: .seconds(1))
        let deliveries = recorder.deliveries
        #expect(deliveries.count >= 8, "\(deliveries.count) buffers in 1 s of 0.1 s buffers")
        // Buffers are full and contiguous on the queue's timeline.
        var expected = 0.0
        for delivery in deliveries {
            #expect(delivery.frames == 4_800 && delivery.sampleTime == expected)
            expected += Double(delivery.frames)
        }
        // Each sample is the microphone's tone at the host time it was captured (the tone started
        // at host time 0), once permission reached the mix.
        let heard = try #require(recorder.samples.firstIndex { $0 != 0 })
        var worst: Float = 0
        for (index, delivery) in deliveries.enumerated() {
            for frame in 0..<delivery.frames where index * 4_800 + frame >= heard {
                let seconds = Double(delivery.hostTime) / 1e9 + Double(frame) / 48_000
                let ideal = 0.25 * Float(sin(2 * Double.pi * 440 * seconds))
                worst = max(worst, abs(recorder.samples[index * 4_800 + frame] - ideal))
            }
        }
        #expect(worst < 1e-3, "largest deviation from the microphone's tone: \(worst)")
        #expect(recorder.samples.count - heard > 40_000)
        // Queue time is the frames recorded so far.
        let queue = try #require(recorder.queue)
        let time = device.run(as: "Recorder") { () -> Double in
            var stamp = AudioTimeStamp()
            #expect(AudioQueueGetCurrentTime(queue, nil, &stamp, nil) == noErr)
            return stamp.mSampleTime
        }
        #expect(time >= expected && time < expected + 4_800)
    }

    @Test("a timeline reports each break of the queue's timeline once: the headset's microphone taking the route, the system stopping the queue for a call; disposed, it is refused")
    func timelineDiscontinuities() throws {
        let device = try SimulatedDevice(seed: 25)
        let recorder = AudioQueueRecorder()
        #expect(try Self.launch(device, "Recorder", recorder: recorder) == noErr)
        device.answerRecordPermission("Recorder", granted: true)
        device.advance(to: .milliseconds(500))
        let queue = try #require(recorder.queue)
        var created: AudioQueueTimelineRef?
        #expect(AudioQueueCreateTimeline(queue, &created) == noErr)
        let timeline = try #require(created)
        func read() -> (status: OSStatus, broke: Bool) {
            device.run(as: "Recorder") {
                var stamp = AudioTimeStamp()
                var broke: DarwinBoolean = true
                let status = AudioQueueGetCurrentTime(queue, timeline, &stamp, &broke)
                return (status, broke.boolValue)
            }
        }
        #expect(read() == (noErr, false))
        device.advance(to: .seconds(1))
        #expect(read() == (noErr, false), "nothing changed")
        try device.attach("wired-headset")
        device.advance(to: .milliseconds(1100))
        #expect(read() == (noErr, true), "the headset's microphone took the route")
        #expect(read() == (noErr, false), "reported once")
        try device.perform(.incomingCall(caller: "Bob"))
        device.advance(to: .milliseconds(1500))
        #expect(read().status == kAudioQueueErr_InvalidRunState, "the call stopped the queue")
        try device.perform(.declineCall)
        device.advance(to: .seconds(2))
        let restarted = try device.run(as: "Recorder") { () throws -> OSStatus in
            try AVAudioSession.sharedInstance().setActive(true)
            return recorder.start()
        }
        #expect(restarted == noErr)
        device.advance(to: .milliseconds(2100))
        #expect(read() == (noErr, true), "the system stopped the queue in between")
        #expect(read() == (noErr, false))
        #expect(AudioQueueDisposeTimeline(queue, timeline) == noErr)
        #expect(AudioQueueDisposeTimeline(queue, timeline) == kAudio_ParamError)
        #expect(read().status == kAudio_ParamError, "a disposed timeline")
    }

    @Test("an input queue at 44.1 kHz records the route's input: the headset microphone's tone at its level, not the built-in microphone's")
    func recordsTheRoutesInputAtItsOwnRate() throws {
        let device = try SimulatedDevice(seed: 22)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        device.attachInputSource("Wired Microphone", .sine(frequency: 1000, amplitude: 0.5))
        try device.attach("wired-headset")
        let recorder = AudioQueueRecorder(sampleRate: 44_100, bufferFrames: 4_410)
        #expect(try Self.launch(device, "Recorder", recorder: recorder) == noErr)
        device.answerRecordPermission("Recorder", granted: true)
        device.advance(to: .seconds(1))
        let recorded = Array(recorder.samples.suffix(22_050))
        #expect(recorded.count == 22_050)
        #expect(abs(toneAmplitude(recorded[...], frequency: 1000, rate: 44_100) - 0.5) < 0.02)
        #expect(toneAmplitude(recorded[...], frequency: 440, rate: 44_100) < 0.01)
    }

    @Test("SESSION-PERMISSION-SILENCE: without record permission an input queue's buffers come back silent")
    func silentWithoutPermission() throws {
        let device = try SimulatedDevice(seed: 23)
        device.attachInputSource("Built-In Microphone", .sine(frequency: 440, amplitude: 0.25))
        let recorder = AudioQueueRecorder()
        #expect(try Self.launch(device, "Recorder", recorder: recorder, askPermission: false) == noErr)
        device.advance(to: .seconds(1))
        #expect(recorder.samples.count >= 40_000)
        #expect(recorder.samples.allSatisfy { $0 == 0 })
    }

    @Test("input queue misuse: a playback-only category cannot start recording; compressed input, a buffer enqueued twice and queue time while stopped get their codes; stop hands back every buffer")
    func misuse() throws {
        let device = try SimulatedDevice(seed: 24)
        let recorder = AudioQueueRecorder()
        let status = try Self.launch(device, "Player", category: .playback, recorder: recorder)
        #expect(status == AVAudioSession.ErrorCode.cannotStartRecording.rawValue, "AudioQueueStart in .playback: \(status)")
        let other = AudioQueueRecorder()
        try device.run(as: "Player") {
            var mp3 = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatMPEGLayer3, mFormatFlags: 0, mBytesPerPacket: 0,
                                                  mFramesPerPacket: 1152, mBytesPerFrame: 0, mChannelsPerFrame: 1, mBitsPerChannel: 0, mReserved: 0)
            var queue: AudioQueueRef?
            #expect(AudioQueueNewInput(&mp3, { _, _, _, _, _, _ in }, nil, nil, nil, 0, &queue) == kAudioFormatUnsupportedDataFormatError)
            #expect(other.prepare() == noErr)
            let aq = try #require(other.queue)
            var buffer: AudioQueueBufferRef?
            #expect(AudioQueueAllocateBuffer(aq, 1024, &buffer) == noErr)
            #expect(AudioQueueEnqueueBuffer(aq, try #require(buffer), 0, nil) == noErr)
            #expect(AudioQueueEnqueueBuffer(aq, try #require(buffer), 0, nil) == kAudioQueueErr_BufferInQueue)
            #expect(AudioQueueFreeBuffer(aq, try #require(buffer)) == kAudioQueueErr_BufferInQueue)
            var stamp = AudioTimeStamp()
            #expect(AudioQueueGetCurrentTime(aq, nil, &stamp, nil) == kAudioQueueErr_InvalidRunState)
            try AVAudioSession.sharedInstance().setCategory(.record)
            #expect(other.start() == noErr)
        }
        device.advance(to: .milliseconds(250))
        let delivered = other.deliveries.count
        #expect(delivered >= 1)
        try device.run(as: "Player") { #expect(other.stop() == noErr) }
        // The stop hands back the buffers still enqueued: the one being filled with what it holds.
        #expect(other.deliveries.count == delivered + 4)
        #expect(other.deliveries[delivered].frames > 0 && other.deliveries.last?.frames == 0)
    }
}
