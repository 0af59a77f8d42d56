import MediaServer
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck

/// The media server in steady state: a playback app's tone on wired headphones with HDMI
/// attached (four output ports written every cycle), and a second app rendering through a
/// RemoteIO render callback (a render client the IO cycle pulls); capture limited to a window
/// as scenarios do, advanced a whole number of IO cycles at a time — the server's own work per
/// cycle (scheduler, render, client callback, sinks, the state check) with nothing changing.
public final class SteadyIO {
    public let device: SimulatedDevice
    /// Frames per IO cycle (the iPhone's default buffer).
    public let cycleFrames: Int64 = 1_024
    private var unit: AudioUnit?

    public init() throws {
        device = try SimulatedDevice(profile: "iphone", seed: 1)
        _ = try device.attach("wired-headphones")
        _ = try device.attach("hdmi:2")
        device.audioMixSettings.captureWindows = [HostTime.zero + .seconds(1)..<HostTime.zero + .seconds(2)]
        _ = try device.launch("Music", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Music")
        _ = try device.launch("Synth", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])
            try AVAudioSession.sharedInstance().setActive(true)
            self.unit = try Self.startRemoteIO()
        }
        guard unit != nil else { throw WorkloadError.remoteIONotStarted }
        advance(cycles: 200)   // past the capture window: every buffer is at its size
    }

    /// Runs `cycles` IO cycles in one `run(until:)`.
    public func advance(cycles: Int) {
        let frames = SimCore.SampleRate.hz48000.duration(ofFrames: Int64(cycles) * cycleFrames)
        device.advance(by: frames)
    }

    enum WorkloadError: Error { case remoteIONotStarted }

    /// A RemoteIO unit whose render callback writes a 440 Hz square wave (allocation-free).
    private static func startRemoteIO() throws -> AudioUnit? {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple,
                                                    componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return nil }
        var unit: AudioUnit?
        guard AudioComponentInstanceNew(component, &unit) == 0, let unit else { return nil }
        var maximum: UInt32 = 4096
        _ = AudioUnitSetProperty(unit, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &maximum, 4)
        var callback = AURenderCallbackStruct(inputProc: { _, _, timeStamp, _, frames, ioData in
            for buffer in UnsafeMutableAudioBufferListPointer(ioData!) {
                let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
                for frame in 0..<Int(frames) {
                    samples[frame] = (Int(timeStamp.pointee.mSampleTime) + frame) % 109 < 55 ? 0.25 : -0.25
                }
            }
            return 0
        }, inputProcRefCon: nil)
        _ = withUnsafeMutablePointer(to: &callback) {
            AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                 UInt32(MemoryLayout<AURenderCallbackStruct>.size))
        }
        guard AudioUnitInitialize(unit) == 0, AudioOutputUnitStart(unit) == 0 else { return nil }
        return unit
    }
}
