import AudioGraph
import CoreAudioTypes

/// AUSampler (`kAudioUnitType_MusicDevice` / `kAudioUnitSubType_Sampler`): an instrument with
/// no input bus and one output bus (44.1 kHz stereo float until the host sets another), played
/// by MIDI through `MusicDeviceMIDIEvent`. Each render first splits at the queued events'
/// sample offsets, so a note-on sent with offset k sounds from frame k of the next render
/// exactly. The voices are `SamplerKernel`'s (a sine per note until audio files are loaded);
/// the parameters are AUSampler's gain, coarse and fine tuning and pan, in the global scope.
final class SamplerUnit: ProcessingUnit, MusicDeviceMIDIReceiver {
    let kernel = SamplerKernel()
    let midiEvents = MusicDeviceEventQueue()

    init(component: RegisteredComponent) {
        super.init(component: component, inputBuses: 0)
        for info in kernel.parameterInfos {
            parameters.define(ParameterDefinition(id: info.id, scope: kAudioUnitScope_Global, name: info.name, unit: info.unit.rawValue,
                                                  minValue: info.minValue, maxValue: info.maxValue, defaultValue: info.defaultValue))
        }
    }

    override var tailTime: Double { kernel.tailTime }

    override func parameterChanged(_ id: AudioUnitParameterID, _ scope: AudioUnitScope, _ element: AudioUnitElement, _ value: Float) {
        kernel.setParameter(id, value)
    }

    override func prepareKind(_ resources: ProcessingResources) throws(AUError) {
        kernel.prepare(sampleRate: outputFormat.mSampleRate, channelCount: outputFormat.channelCount,
                       maximumFrames: Int(maximumFramesPerSlice))
    }

    override func deallocateResources() {
        midiEvents.removeAll()
        super.deallocateResources()
    }

    /// Silences the voices and drops the events not yet rendered.
    override func resetState() {
        kernel.reset()
        midiEvents.removeAll()
    }

    override func process(_ frames: Int, _ flags: UnsafeMutablePointer<AudioUnitRenderActionFlags>,
                          _ timeStamp: UnsafePointer<AudioTimeStamp>, _ resources: ProcessingResources) -> OSStatus {
        let kernel = kernel
        let channels = resources.outputChannels
        let channelCount = outputFormat.channelCount
        midiEvents.render(frames: UInt32(frames)) { start, length in
            kernel.render(into: channels, channelCount: channelCount, start: Int(start), frameCount: Int(length))
        } event: { event in
            if let sysEx = event.sysEx {
                kernel.handle(sysEx: sysEx)
            } else {
                kernel.handle(status: event.status, data1: event.data1, data2: event.data2)
            }
        }
        return 0
    }
}

// The file errors of AUComponent.h that loading a sampler instrument can return.
public let kAudioUnitErr_InvalidFile: OSStatus = -10871
public let kAudioUnitErr_UnknownFileType: OSStatus = -10870
public let kAudioUnitErr_FileNotSpecified: OSStatus = -10869
