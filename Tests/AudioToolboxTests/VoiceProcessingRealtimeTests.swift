import CRealtimeProbe
@testable import Conformance
import Foundation
@testable import MediaServer
import AudioToolbox
import AVFAudio
import Soundcheck
import Testing

/// The device's IO cycle with a voice-processing call beside another app, counted by the
/// real-time probe: the engine's render (the game's voice, the echo, the unit's capture with
/// the far end read from the device's output and webrtc's processing, its playback) and the
/// echo path taking what the speaker played. Serialized: the probe watches one thread at a time.
@Suite("VoiceProcessingIO on the IO cycle", .serialized)
struct VoiceProcessingRealtimeTests {
    @Test("a VoiceProcessingIO call's IO cycle, its far end the device's output, allocates nothing and takes no lock but webrtc's (at most 3 per 10 ms frame)")
    func ioCycleAllocatesNothing() throws {
        let device = try SimulatedDevice(seed: 61)
        try device.launch("Game", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Game")
        let call = QuietCall()
        try device.launch("Call", backgroundAudio: true) {
            try VoiceProcessingChecks.activateMixableCall()
            try call.start()
        }
        device.answerRecordPermission("Call", granted: true)
        device.advance(by: .milliseconds(500))
        let server = device.server
        let engine = try #require(server.io.engine)
        let frames = server.io.cycleFrames
        #expect(frames == 256 && server.currentHardware.sampleRate == 16_000)
        let cycles = 100
        rt_probe_watch(pthread_self())
        for _ in 0..<cycles {
            engine.render(frames: frames)
            server.applyAcousticPath(frames: frames, engine: engine)
        }
        let counts = rt_probe_stop()
        let webrtcFrames = Int64(cycles * frames / 160)
        #expect(counts.allocations == 0)
        #expect(counts.writes == 0)
        #expect(counts.locks <= 3 * webrtcFrames, "\(counts.locks) locks in \(webrtcFrames) webrtc frames")
        #expect(call.inputCalls > cycles && call.failures == 0)
        #expect(call.loudest > 0, "the microphone reached the app")
    }
}

/// A voice-processing call whose callbacks allocate nothing: the render callback plays silence,
/// the input callback renders bus 1 into a buffer made here and keeps its loudest sample.
final class QuietCall {
    private var unit: AudioUnit?
    private let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 4_096)
    private(set) var inputCalls = 0
    private(set) var failures = 0
    private(set) var loudest: Float = 0

    deinit { buffer.deallocate() }

    func start() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_VoiceProcessingIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioUnit?
        #expect(AudioComponentInstanceNew(try #require(AudioComponentFindNext(nil, &description)), &instance) == 0)
        let unit = try #require(instance)
        self.unit = unit
        var one: UInt32 = 1
        #expect(AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4) == 0)
        var render = AURenderCallbackStruct(inputProc: { _, flags, _, _, _, ioData in
            // Indexed: iterating an AudioBufferList generically allocates in a debug build.
            let buffers = UnsafeMutableAudioBufferListPointer(ioData!)
            for index in 0..<buffers.count {
                buffers[index].mData?.initializeMemory(as: UInt8.self, repeating: 0, count: Int(buffers[index].mDataByteSize))
            }
            flags.pointee.insert(.unitRenderAction_OutputIsSilence)
            return 0
        }, inputProcRefCon: nil)
        var input = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, bus, frames, _ in
            Unmanaged<QuietCall>.fromOpaque(refCon).takeUnretainedValue().capture(flags, timeStamp, bus, frames)
        }, inputProcRefCon: Unmanaged.passUnretained(self).toOpaque())
        let size = UInt32(MemoryLayout<AURenderCallbackStruct>.size)
        #expect(withUnsafeMutablePointer(to: &render) { AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, size) } == 0)
        #expect(withUnsafeMutablePointer(to: &input) { AudioUnitSetProperty(unit, kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, 0, $0, size) } == 0)
        #expect(AudioUnitInitialize(unit) == 0)
        #expect(AudioOutputUnitStart(unit) == 0)
    }

    private func capture(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                         _ bus: UInt32, _ frames: UInt32) -> OSStatus {
        inputCalls += 1
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4,
                                                                            mData: UnsafeMutableRawPointer(buffer)))
        let status = AudioUnitRender(unit!, flags, timeStamp, bus, frames, &list)
        if status != 0 { failures += 1 }
        for index in 0..<Int(frames) { loudest = max(loudest, abs(buffer[index])) }
        return status
    }
}
