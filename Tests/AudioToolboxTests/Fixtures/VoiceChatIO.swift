// A voice chat's audio code, written only against Apple's AVFAudio and Audio Unit APIs: it asks
// the session for playAndRecord with voiceChat at 16 kHz and 20 ms I/O, makes a VoiceProcessingIO
// unit with 16 kHz mono float client formats, plays the far end (a sine) from its render callback,
// and in its input callback pulls the processed microphone with AudioUnitRender on bus 1 into its
// own buffer — what it would encode and send. The same file compiles on iOS.
import AVFAudio
import AudioToolbox
import Foundation

final class VoiceChatIO {
    private(set) var unit: AudioUnit?
    /// Every render callback: (frames, sample time).
    private(set) var renderCalls: [(frames: UInt32, sampleTime: Float64)] = []
    /// Every input callback: (frames, sample time, AudioUnitRender's status).
    private(set) var inputCalls: [(frames: UInt32, sampleTime: Float64, status: OSStatus)] = []
    /// What the input callbacks pulled, in order.
    private(set) var sent: [Float] = []
    let farEndFrequency: Double
    private var phase = 0.0
    private var sendBuffer = [Float](repeating: 0, count: 4_096)

    init(farEndFrequency: Double) { self.farEndFrequency = farEndFrequency }

    var refCon: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ refCon: UnsafeMutableRawPointer) -> VoiceChatIO { Unmanaged.fromOpaque(refCon).takeUnretainedValue() }

    /// Session, unit, formats, callbacks, start; the first failing call's status, or noErr.
    func startCall(speaker: Bool) throws -> OSStatus {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .voiceChat, options: speaker ? [.defaultToSpeaker] : [])
        try session.setPreferredSampleRate(16_000)
        try session.setPreferredIOBufferDuration(0.02)
        try session.setActive(true)
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_VoiceProcessingIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple, componentFlags: 0, componentFlagsMask: 0)
        guard let component = AudioComponentFindNext(nil, &description) else { return kAudioUnitErr_InvalidElement }
        var instance: AudioComponentInstance?
        var status = AudioComponentInstanceNew(component, &instance)
        guard status == noErr, let unit = instance else { return status }
        self.unit = unit
        var one: UInt32 = 1
        var format = AudioStreamBasicDescription(mSampleRate: 16_000, mFormatID: kAudioFormatLinearPCM,
                                                 mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked | kAudioFormatFlagIsNonInterleaved,
                                                 mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 1,
                                                 mBitsPerChannel: 32, mReserved: 0)
        let formatSize = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
        var render = AURenderCallbackStruct(inputProc: { refCon, _, timeStamp, _, frames, ioData in
            VoiceChatIO.from(refCon).playFarEnd(timeStamp.pointee, frames, ioData)
        }, inputProcRefCon: refCon)
        var input = AURenderCallbackStruct(inputProc: { refCon, flags, timeStamp, bus, frames, _ in
            VoiceChatIO.from(refCon).send(flags, timeStamp, bus, frames)
        }, inputProcRefCon: refCon)
        let callbackSize = UInt32(MemoryLayout<AURenderCallbackStruct>.size)
        status = AudioUnitSetProperty(unit, kAudioOutputUnitProperty_EnableIO, kAudioUnitScope_Input, 1, &one, 4)
        if status == noErr { status = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Input, 0, &format, formatSize) }
        if status == noErr { status = AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, kAudioUnitScope_Output, 1, &format, formatSize) }
        if status == noErr {
            status = withUnsafeMutablePointer(to: &render) {
                AudioUnitSetProperty(unit, kAudioUnitProperty_SetRenderCallback, kAudioUnitScope_Input, 0, $0, callbackSize)
            }
        }
        if status == noErr {
            status = withUnsafeMutablePointer(to: &input) {
                AudioUnitSetProperty(unit, kAudioOutputUnitProperty_SetInputCallback, kAudioUnitScope_Global, 0, $0, callbackSize)
            }
        }
        if status == noErr { status = AudioUnitInitialize(unit) }
        if status == noErr { status = AudioOutputUnitStart(unit) }
        return status
    }

    func endCall() throws {
        if let unit {
            _ = AudioOutputUnitStop(unit)
            _ = AudioComponentInstanceDispose(unit)
        }
        unit = nil
        try AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    private func playFarEnd(_ timeStamp: AudioTimeStamp, _ frames: UInt32, _ ioData: UnsafeMutablePointer<AudioBufferList>?) -> OSStatus {
        renderCalls.append((frames, timeStamp.mSampleTime))
        guard let ioData, let samples = UnsafeMutableAudioBufferListPointer(ioData).first?.mData?.assumingMemoryBound(to: Float.self) else {
            return kAudio_ParamError
        }
        for frame in 0..<Int(frames) {
            samples[frame] = Float(0.25 * sin(2 * Double.pi * phase))
            phase += farEndFrequency / 16_000
            if phase >= 1 { phase -= 1 }
        }
        return noErr
    }

    private func send(_ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>, _ timeStamp: UnsafePointer<AudioTimeStamp>,
                      _ bus: UInt32, _ frames: UInt32) -> OSStatus {
        guard let unit, Int(frames) <= sendBuffer.count else { return kAudio_ParamError }
        let status = sendBuffer.withUnsafeMutableBufferPointer { buffer -> OSStatus in
            var list = AudioBufferList(mNumberBuffers: 1, mBuffers: AudioBuffer(mNumberChannels: 1, mDataByteSize: frames * 4,
                                                                                mData: UnsafeMutableRawPointer(buffer.baseAddress!)))
            return AudioUnitRender(unit, flags, timeStamp, bus, frames, &list)
        }
        inputCalls.append((frames, timeStamp.pointee.mSampleTime, status))
        if status == noErr { sent += sendBuffer[0..<Int(frames)] }
        return status
    }
}
