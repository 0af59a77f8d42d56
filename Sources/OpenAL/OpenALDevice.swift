internal import COpenAL
import MediaServer
import AudioToolbox
import CoreAudioTypes

/// One `alcOpenDevice` of an app: an OpenAL Soft *loopback* device (`ALC_SOFT_loopback`), so no
/// OpenAL thread plays anything — the device's IO cycle pulls it. Its output is a RemoteIO
/// instance of the app (the app's audio, mixed and silenced by the policy like any other) whose
/// render callback asks OpenAL Soft for the frames (`alcRenderSamplesSOFT`, Float32 at 48 kHz,
/// converted to the hardware rate by RemoteIO) — so 3D positions really pan and attenuate.
///
/// From iOS 7 OpenAL renders to multichannel output hardware when there is some (WWDC 2013
/// session 602): a device opened while the app's session has six or more output channels (5.1
/// HDMI, once the app asked for them with `setPreferredOutputNumberOfChannels`) renders OpenAL Soft's 5.1 layout — front left, right, centre, LFE, side left, right,
/// the order of HDMI's channel labels — onto the first six; otherwise stereo.
final class OpenALDevice {
    static let sampleRate: ALCint = 48_000
    static let maximumFrames = 8192

    let handle: OpaquePointer
    let binding: AppBinding
    private(set) var unit: AudioUnit?
    /// 2 (stereo) or 6 (5.1), chosen when the device opens.
    let channels: Int
    private let scratch: UnsafeMutablePointer<Float>
    /// The capturer's stereo fold of a 5.1 mix.
    private let stereoFold: UnsafeMutablePointer<Float>
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
        channels = binding.server.currentHardware.outputChannels >= 6 ? 6 : 2
        scratch = .allocate(capacity: channels * Self.maximumFrames)
        scratch.initialize(repeating: 0, count: channels * Self.maximumFrames)
        stereoFold = .allocate(capacity: 2 * Self.maximumFrames)
        stereoFold.initialize(repeating: 0, count: 2 * Self.maximumFrames)
    }

    deinit {
        scratch.deallocate()
        stereoFold.deallocate()
    }

    /// The context attributes OpenAL Soft needs for a loopback device: float at our rate in the
    /// device's layout, plain panning (no HRTF), whatever the app asked.
    var contextAttributes: [ALCint] {
        [ALCint(ALC_FORMAT_CHANNELS_SOFT), ALCint(channels == 6 ? ALC_5POINT1_SOFT : ALC_STEREO_SOFT),
         ALCint(ALC_FORMAT_TYPE_SOFT), ALCint(ALC_FLOAT_SOFT),
         ALCint(COpenAL.ALC_FREQUENCY), Self.sampleRate, ALCint(ALC_HRTF_SOFT), ALCint(COpenAL.ALC_FALSE), 0]
    }

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
                                                 mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: UInt32(channels),
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
    /// split here into the unit's channel buffers; the capturer gets the stereo mix (a 5.1 mix
    /// folded down: centre and sides at −3 dB, LFE left out).
    private func render(_ frames: Int, _ ioData: UnsafeMutablePointer<AudioBufferList>) -> OSStatus {
        let buffers = UnsafeMutableAudioBufferListPointer(ioData)
        guard frames <= Self.maximumFrames, buffers.count >= channels else { return kAudio_ParamError }
        if isClosed {
            scratch.update(repeating: 0, count: channels * frames)
        } else {
            COpenAL.alcRenderSamplesSOFT(handle, scratch, ALCsizei(frames))
        }
        for channel in 0..<channels {
            guard let out = buffers[channel].mData?.assumingMemoryBound(to: Float.self) else { return kAudio_ParamError }
            for frame in 0..<frames { out[frame] = scratch[channels * frame + channel] }
        }
        guard channels == 6 else {
            capturer.append(scratch, frames: frames)
            return 0
        }
        let half: Float = 0.707_106_8
        for frame in 0..<frames {
            let mix = scratch + 6 * frame
            stereoFold[2 * frame] = mix[0] + half * (mix[2] + mix[4])
            stereoFold[2 * frame + 1] = mix[1] + half * (mix[2] + mix[5])
        }
        capturer.append(stereoFold, frames: frames)
        return 0
    }
}
