@testable import AudioGraph
import AudioFiles
import CRealtimeProbe
import Foundation
@testable import AudioToolbox
import AVFAudio
import CoreAudioTypes
import Soundcheck
import Testing

/// The queues' render side, driven as the device's IO cycle drives it (the queue's RemoteIO
/// instance rendering one IO buffer), counted by the real-time probe: no allocation, lock or
/// write in steady state — for an output queue plain and through time-pitch (Rubber Band), and
/// for an input queue filling the app's buffers.
@Suite("Audio Queue render path allocations", .serialized)
struct AudioQueueRealtimeTests {
    /// Renders `cycles` IO buffers of 1024 frames through `unit` (with a microphone tone as
    /// input), counting from the 21st; returns the counts and the peak of what it rendered.
    static func count(_ unit: RemoteIOUnit, cycles: Int = 200) -> (counts: rt_probe_counts, peak: Float) {
        let frames = 1024
        let output = UnsafeMutablePointer<Float>.allocate(capacity: 2 * frames)
        let input = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { output.deallocate(); input.deallocate() }
        for frame in 0..<frames { input[frame] = 0.25 * Float(sin(2 * Double.pi * 440 * Double(frame) / 48_000)) }
        var peak: Float = 0
        func render(_ index: Int) {
            output.initialize(repeating: 0, count: 2 * frames)
            unit.render(RenderClientCycle(frames: frames, sampleTime: Int64(index * frames), output: output, outputChannels: 2,
                                          stride: frames, input: input))
        }
        for index in 0..<20 { render(index) }
        rt_probe_watch(pthread_self())
        for index in 20..<cycles { render(index) }
        let counts = rt_probe_stop()
        for sample in 0..<2 * frames { peak = max(peak, abs(output[sample])) }
        return (counts, peak)
    }

    /// An output queue playing ten seconds of a 440 Hz tone, optionally through time-pitch.
    static func outputQueue(_ device: SimulatedDevice, timePitch: Bool) throws -> RemoteIOUnit {
        let wav = TestToneFile.wav(frequency: 440, amplitude: 0.5, sampleRate: 44_100, seconds: 10)
        let pcm = wav.subdata(in: 44..<wav.count)
        return try device.launch("Player", backgroundAudio: true) { () throws -> RemoteIOUnit in
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            var format = ConverterTests.format(rate: 44_100, channels: 1, int16Interleaved: true)
            var queue: AudioQueueRef?
            #expect(AudioQueueNewOutput(&format, { _, _, _ in }, nil, nil, nil, 0, &queue) == noErr)
            let aq = try #require(queue)
            if timePitch {
                var one: UInt32 = 1, spectral = kAudioQueueTimePitchAlgorithm_Spectral
                #expect(AudioQueueSetProperty(aq, kAudioQueueProperty_EnableTimePitch, &one, 4) == noErr)
                #expect(AudioQueueSetProperty(aq, kAudioQueueProperty_TimePitchAlgorithm, &spectral, 4) == noErr)
                #expect(AudioQueueSetParameter(aq, kAudioQueueParam_PlayRate, 1.5) == noErr)
                #expect(AudioQueueSetParameter(aq, kAudioQueueParam_Pitch, 300) == noErr)
            }
            var buffer: AudioQueueBufferRef?
            #expect(AudioQueueAllocateBuffer(aq, UInt32(pcm.count), &buffer) == noErr)
            let full = try #require(buffer)
            pcm.withUnsafeBytes { full.pointee.mAudioData.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            full.pointee.mAudioDataByteSize = UInt32(pcm.count)
            #expect(AudioQueueEnqueueBuffer(aq, full, 0, nil) == noErr)
            #expect(AudioQueueStart(aq, nil) == noErr)
            return try #require(ObjectHandle.resolve(aq, as: AudioQueueObject.self)?.output)
        }
    }

    @Test("an output queue's IO cycle allocates, locks and writes nothing, plain and through time-pitch")
    func outputQueueIsRealtimeSafe() throws {
        for timePitch in [false, true] {
            let device = try SimulatedDevice(seed: timePitch ? 42 : 41)
            let unit = try Self.outputQueue(device, timePitch: timePitch)
            device.advance(to: .milliseconds(200))
            let (counts, peak) = Self.count(unit)
            #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "time-pitch \(timePitch): \(counts)")
            #expect(peak > 0.3, "the tone is rendered (peak \(peak))")
        }
    }

    @Test("an input queue's IO cycle fills the app's buffers without allocating, locking or writing")
    func inputQueueIsRealtimeSafe() throws {
        let device = try SimulatedDevice(seed: 43)
        let recorder = AudioQueueRecorder(bufferFrames: 96_000)
        try device.launch("Recorder", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
            AVAudioApplication.requestRecordPermission { _ in }
            #expect(recorder.prepare() == noErr)
            #expect(recorder.start() == noErr)
        }
        device.answerRecordPermission("Recorder", granted: true)
        device.advance(to: .milliseconds(100))
        let aq = try #require(recorder.queue)
        let queue = try #require(ObjectHandle.resolve(aq, as: AudioQueueObject.self))
        let unit = try #require(queue.output)
        let capture = try #require(queue.capture)
        let before = capture.recordedFrames
        let (counts, _) = Self.count(unit)
        #expect(counts.allocations == 0 && counts.locks == 0 && counts.writes == 0, "\(counts)")
        #expect(capture.recordedFrames - before == 200 * 1024)
        // The cycles' input landed in the app's buffers (the microphone tone the probe fed).
        let filled = capture.takeFilled()
        #expect(!filled.isEmpty)
        let data = filled[0].buffer.pointee.mAudioData.assumingMemoryBound(to: Int16.self)
        #expect((0..<96_000).map { abs(Int(data[$0])) }.max() ?? 0 > 7_000)
    }
}
