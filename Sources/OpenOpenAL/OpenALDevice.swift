internal import COpenAL
import MediaServer
import OpenAudioToolbox
import OpenCoreAudioTypes

/// One `alcOpenDevice` of an app: an OpenAL Soft *loopback* device (`ALC_SOFT_loopback`), so no
/// OpenAL thread plays anything — the device's IO cycle pulls it. Its output is a RemoteIO
/// instance of the app (the app's audio, mixed and silenced by the policy like any other) whose
/// render callback asks OpenAL Soft for the frames (`alcRenderSamplesSOFT`, stereo Float32 at
/// 48 kHz, converted to the hardware rate by RemoteIO) — so 3D positions really pan and attenuate.
final class OpenALDevice {
    static let sampleRate: ALCint = 48_000
    static let maximumFrames = 8192

    let handle: OpaquePointer
    let binding: AppBinding
    private(set) var unit: AudioUnit?
    private let scratch: UnsafeMutablePointer<Float>
    private var isClosed = false
    /// The output stopped because the app asked (close, not news for the interruption rule).
    private var stopping = false
    /// Told when the output stops without being asked (an interruption, the media server died).
    var outputLost: () -> Void = {}
    /// The output capturer extension (`alcOutputCapturer*`): what this device renders, kept for the app.
    let capturer = OpenALOutputCapturer(mixerRate: Int(sampleRate))

    init?(binding: AppBinding) {
        guard OpenALSoftConfiguration.problem == nil, let handle = COpenAL.alcLoopbackOpenDeviceSOFT(nil) else { return nil }
        self.handle = handle
        self.binding = binding
        scratch = .allocate(capacity: 2 * Self.maximumFrames)
        scratch.initialize(repeating: 0, count: 2 * Self.maximumFrames)
    }

    deinit { scratch.deallocate() }

    /// The context attributes OpenAL Soft needs for a loopback device: stereo float at our rate,
    /// plain stereo panning (no HRTF), whatever the app asked.
    static let contextAttributes: [ALCint] = [
        ALCint(ALC_FORMAT_CHANNELS_SOFT), ALCint(ALC_STEREO_SOFT), ALCint(ALC_FORMAT_TYPE_SOFT), ALCint(ALC_FLOAT_SOFT),
        ALCint(COpenAL.ALC_FREQUENCY), sampleRate, ALCint(ALC_HRTF_SOFT), ALCint(COpenAL.ALC_FALSE), 0,
    ]

    var isRunning: Bool {
        guard let unit else { return false }
        var running: UInt32 = 0
        var size = UInt32(MemoryLayout<UInt32>.size)
        return AudioUnitGetProperty(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &running, &size) == 0 && running != 0
    }

    /// Starts the output (making it first); returns the status (a session error while interrupted).
    func startOutput() -> OSStatus {
        AppContext.run(as: binding) {
            if unit == nil {
                let status = makeUnit()
                guard status == 0 else { return status }
            }
            return AudioOutputUnitStart(unit!)
        }
    }

    func stopOutput() {
        guard let unit else { return }
        stopping = true
        _ = AudioOutputUnitStop(unit)
        stopping = false
    }

    func close() {
        stopOutput()
        if let unit { _ = AudioComponentInstanceDispose(unit) }
        unit = nil
        closeLibraryDevice()
    }

    /// Closes OpenAL Soft's device; the output renders silence from then on.
    func closeLibraryDevice() {
        guard !isClosed else { return }
        isClosed = true
        _ = COpenAL.alcCloseDevice(handle)
    }

    private func makeUnit() -> OSStatus {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return kAudio_ParamError }
        var instance: AudioComponentInstance?
        var status = AudioComponentInstanceNew(component, &instance)
        guard status == 0, let instance else { return status }
        var format = AudioStreamBasicDescription(mSampleRate: Double(Self.sampleRate), mFormatID: kAudioFormatLinearPCM,
                                                 mFormatFlags: kAudioFormatFlagsNativeFloatPacked | kAudioFormatFlagIsNonInterleaved,
                                                 mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2,
                                                 mBitsPerChannel: 32, mReserved: 0)
        status = AudioUnitSetProperty(instance, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format,
                                      UInt32(MemoryLayout<AudioStreamBasicDescription>.size))
        var maximum = UInt32(Self.maximumFrames)
        if status == 0 {
            status = AudioUnitSetProperty(instance, kAudioUnitProperty_MaximumFramesPerSlice, kAudioUnitScope_Global, 0, &maximum, 4)
        }
        var callback = AURenderCallbackStruct(inputProc: { refCon, _, _, _, frames, ioData in
            Unmanaged<OpenALDevice>.fromOpaque(refCon).takeUnretainedValue().render(Int(frames), ioData!)
        }, inputProcRefCon: Unmanaged.passUnretained(self).toOpaque())
        if status == 0 {
            status = withUnsafeMutablePointer(to: &callback) {
                AudioUnitSetProperty(instance, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0,
                                     UInt32(MemoryLayout<AURenderCallbackStruct>.size))
            }
        }
        if status == 0 {
            status = AudioUnitAddPropertyListener(instance, kAudioOutputUnitProperty_IsRunning, { refCon, _, _, _, _ in
                Unmanaged<OpenALDevice>.fromOpaque(refCon).takeUnretainedValue().runningChanged()
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        if status == 0 { status = AudioUnitInitialize(instance) }
        guard status == 0 else {
            _ = AudioComponentInstanceDispose(instance)
            return status
        }
        unit = instance
        return 0
    }

    private func runningChanged() {
        if !stopping, !isRunning { outputLost() }
    }

    /// Render side: OpenAL Soft mixes every context of the device into the scratch (interleaved),
    /// split here into the unit's two channel buffers.
    private func render(_ frames: Int, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        guard frames <= Self.maximumFrames, buffers.count >= 2,
              let left = buffers[0].mData?.assumingMemoryBound(to: Float.self),
              let right = buffers[1].mData?.assumingMemoryBound(to: Float.self) else { return kAudio_ParamError }
        if isClosed {
            scratch.update(repeating: 0, count: 2 * frames)
        } else {
            COpenAL.alcRenderSamplesSOFT(handle, scratch, ALCsizei(frames))
        }
        capturer.append(scratch, frames: frames)
        for frame in 0..<frames {
            left[frame] = scratch[2 * frame]
            right[frame] = scratch[2 * frame + 1]
        }
        return 0
    }
}
