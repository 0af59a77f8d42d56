import Foundation
import AVFAudio
import AudioToolbox

/// A voice-over-IP app, as the 2012 talk advises one: playAndRecord with the voiceChat mode,
/// 16 kHz and 20 ms I/O preferred (wideband speech in network-packet-sized buffers), active only
/// during a call, with a speaker button (the output override), and its audio through a
/// VoiceProcessingIO unit: the unit plays the far end (the app's tone, 300 Hz by default) from
/// its render callback, and its input callback takes the microphone after echo cancellation,
/// noise suppression and gain control — what the app would send, and what scenarios see as its
/// recording. Both client formats are 16 kHz mono float whatever rate the hardware runs at (the
/// unit converts). It asks for microphone permission when a call starts.
///
/// Its own mistake: `bypasses-voice-processing` (sets `kAUVoiceIOProperty_BypassVoiceProcessing`,
/// as an app "tuning" its audio might: the far end then hears itself).
public final class VoIPApp: ReferenceApp, @unchecked Sendable {
    override public class var defaultCategory: AVAudioSession.Category { .playAndRecord }
    override public class var defaultTone: Int? { 300 }
    override public class var defaultMode: AVAudioSession.Mode { .voiceChat }
    override public class var defaultOptions: AVAudioSession.CategoryOptions { [.allowBluetoothHFP] }
    /// The call's client rate: wideband speech.
    public static let callSampleRate = 16_000.0

    private var unit: AudioUnit?
    private var call: VoIPCallAudio?

    deinit { disposeUnit() }

    override public func perform(_ command: String) {
        switch command {
        case "start-call":
            attempt("setPreferredSampleRate") { try session.setPreferredSampleRate(Self.callSampleRate) }
            attempt("setPreferredIOBufferDuration") { try session.setPreferredIOBufferDuration(0.02) }
            play(because: "call")
            AVAudioApplication.requestRecordPermission { [log] (granted: Bool) in log("permission", ["granted": String(granted)]) }
        case "end-call":
            setPlaying(false, because: "call-ended")
            deactivate()
        case "speaker-on": attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.speaker) }
        default: attempt("overrideOutputAudioPort") { try session.overrideOutputAudioPort(.none) }
        }
    }

    // MARK: Sound: one VoiceProcessingIO unit

    /// Makes the unit: input enabled, 16 kHz mono float on both client sides, the far end as the
    /// render callback, the capture as the input callback. At launch and after a media-services
    /// reset (the old unit is a zombie then).
    override public func makeSound() {
        disposeUnit()
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output,
                                                    componentSubType: kAudioUnitSubType_VoiceProcessingIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        var instance: AudioComponentInstance?
        guard let component = AudioComponentFindNext(nil, &description),
              check("AudioComponentInstanceNew", AudioComponentInstanceNew(component, &instance)), let unit = instance else { return }
        let call = VoIPCallAudio(unit: unit, farEndTone: Double(configuration.tone ?? Self.defaultTone ?? 300), rate: Self.callSampleRate)
        self.unit = unit
        self.call = call
        let refCon = Unmanaged.passUnretained(call).toOpaque()
        var one: UInt32 = 1
        var format = AudioStreamBasicDescription(
            mSampleRate: Self.callSampleRate, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
            mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1, mBitsPerChannel: 32, mReserved: 0)
        let formatSize = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        var render = AURenderCallbackStruct(inputProc: voipRenderCallback, inputProcRefCon: refCon)
        var input = AURenderCallbackStruct(inputProc: voipInputCallback, inputProcRefCon: refCon)
        let callbackSize = UInt32(MemoryLayout<AURenderCallbackStruct>.size)
        _ = check("EnableIO", AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4))
        _ = check("StreamFormat", AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, formatSize))
        _ = check("StreamFormat", AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, formatSize))
        _ = check("SetRenderCallback", AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0,
                                                            &render, callbackSize))
        _ = check("SetInputCallback", AudioUnitSetProperty(unit, kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, 0,
                                                           &input, callbackSize))
        if makes("bypasses-voice-processing") {
            _ = check("BypassVoiceProcessing", AudioUnitSetProperty(unit, kAUVoiceIOProperty_BypassVoiceProcessing,
                                                                    kAudioUnitScope_Global, 0, &one, 4))
        }
        _ = check("AudioUnitInitialize", AudioUnitInitialize(unit))
    }

    override public func startSound() -> Bool {
        guard let unit else { return true }
        return AudioOutputUnitStart(unit) == 0
    }

    override public func stopSound() {
        if let unit { _ = AudioOutputUnitStop(unit) }
    }

    private func disposeUnit() {
        guard let unit else { return }
        _ = AudioOutputUnitStop(unit)
        _ = AudioComponentInstanceDispose(unit)
        self.unit = nil
        call = nil
    }

    /// Logs a failed Audio Unit call as `error` with its OSStatus.
    private func check(_ call: String, _ status: OSStatus) -> Bool {
        if status != 0 { log("error", ["call": call, "code": String(status)]) }
        return status == 0
    }
}

/// A call's audio as the unit's callbacks see it: the far end (a sine at −12 dBFS) rendered for
/// the speaker, and the processed microphone fetched with `AudioUnitRender` on bus 1 into a
/// buffer made here (what a VoIP app would encode and send). Render state only; no allocation.
final class VoIPCallAudio {
    private let unit: AudioUnit
    private let step: Double
    private var phase = 0.0
    /// The send buffer: the most client frames one IO cycle brings (4,096 hardware frames at 48 kHz).
    private let send: UnsafeMutablePointer<Float>
    private let sendCapacity = 4_096

    init(unit: AudioUnit, farEndTone: Double, rate: Double) {
        self.unit = unit
        step = farEndTone / rate
        send = .allocate(capacity: sendCapacity)
        send.initialize(repeating: 0, count: sendCapacity)
    }

    deinit { send.deallocate() }

    func renderFarEnd(_ frames: Int, into list: UnsafeMutablePointer<AudioBufferList>) {
        guard let samples = UnsafeMutableAudioBufferListPointer(list).first?.mData?.assumingMemoryBound(to: Float.self) else { return }
        for frame in 0..<frames {
            samples[frame] = Float(0.25 * sin(2 * Double.pi * phase))
            phase += step
            if phase >= 1 { phase -= 1 }
        }
    }

    func capture(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                 _ frames: UInt32) -> OSStatus {
        guard Int(frames) <= sendCapacity else { return kAudioUnitErr_TooManyFramesToProcess }
        var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4,
                                                                            mData: UnsafeMutableRawPointer(send)))
        return AudioUnitRender(unit, flags, timeStamp, 1, frames, &list)
    }
}

private func voipRenderCallback(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                                _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                                _ list: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
    guard let list else { return 0 }
    Unmanaged<VoIPCallAudio>.fromOpaque(refCon).takeUnretainedValue().renderFarEnd(Int(frames), into: list)
    return 0
}

private func voipInputCallback(_ refCon: UnsafeMutableRawPointer, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                               _ timeStamp: UnsafePointer<AudioTimeStamp>, _ bus: UInt32, _ frames: UInt32,
                               _ list: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
    Unmanaged<VoIPCallAudio>.fromOpaque(refCon).takeUnretainedValue().capture(flags, timeStamp, frames)
}
