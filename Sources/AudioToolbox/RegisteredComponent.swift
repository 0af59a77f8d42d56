import AudioGraph
import Foundation
import MediaServer
import CoreAudioTypes

/// One audio unit the system offers: its description, Apple's name and version, and how to
/// make an instance. The list is fixed and in a fixed order, so `AudioComponentFindNext` walks
/// it the same way every run.
final class RegisteredComponent: Sendable {
    let description: AudioComponentDescription
    /// "Apple: AUNBandEQ": manufacturer, colon, unit name, as `AudioComponentCopyName` returns.
    let name: String
    let version: UInt32
    /// The Inter-App Audio node app that declares it; nil for the system's own units.
    let owner: AppID?
    /// The system tags its creator gave it (Info.plist `tags`; Apple's standard tags for its own).
    let tags: [String]
    private let make: @Sendable (RegisteredComponent) -> AudioUnitBase

    init(_ type: OSType, _ subType: OSType, name: String, make: @escaping @Sendable (RegisteredComponent) -> AudioUnitBase) {
        description = AudioComponentDescription(componentType: type, componentSubType: subType,
                                                componentManufacturer: kAudioUnitManufacturer_Apple,
                                                componentFlags: 0, componentFlagsMask: 0)
        self.name = name
        version = 0x0001_0000
        owner = nil
        tags = AppleUnitTags.tags(type: type, subType: subType)
        self.make = make
    }

    /// A node app's declared component: instances are made by the Inter-App Audio registry.
    init(declared entry: AppAudioComponent, owner: AppID) {
        description = entry.description
        name = entry.name
        version = entry.version
        self.owner = owner
        tags = entry.tags
        make = { _ in fatalError("remote components are instantiated through InterAppAudio") }
    }

    func instantiate() -> AudioUnitBase { make(self) }

    var handle: AudioComponent { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Whether `search` matches: 0 in type, subtype or manufacturer is a wildcard.
    func matches(_ search: AudioComponentDescription) -> Bool {
        func field(_ wanted: OSType, _ actual: OSType) -> Bool { wanted == 0 || wanted == actual }
        return field(search.componentType, description.componentType)
            && field(search.componentSubType, description.componentSubType)
            && field(search.componentManufacturer, description.componentManufacturer)
    }

    /// The registered components, in search order; a unit kind appears here once it exists.
    static let all: [RegisteredComponent] = [
        RegisteredComponent(kAudioUnitType_Output, kAudioUnitSubType_RemoteIO, name: "Apple: AURemoteIO") { RemoteIOUnit(component: $0) },
        RegisteredComponent(kAudioUnitType_Output, kAudioUnitSubType_VoiceProcessingIO, name: "Apple: AUVoiceProcessor") {
            VoiceProcessingIOUnit(component: $0)
        },
        RegisteredComponent(kAudioUnitType_Mixer, kAudioUnitSubType_MultiChannelMixer, name: "Apple: AUMultiChannelMixer") {
            MultiChannelMixerUnit(component: $0)
        },
        RegisteredComponent(kAudioUnitType_FormatConverter, kAudioUnitSubType_AUConverter, name: "Apple: AUConverter") {
            ConverterUnit(component: $0)
        },
        RegisteredComponent(kAudioUnitType_FormatConverter, kAudioUnitSubType_NewTimePitch, name: "Apple: AUNewTimePitch") {
            EffectUnit(component: $0) { _ in TimePitchKernel() }
        },
        RegisteredComponent(kAudioUnitType_FormatConverter, kAudioUnitSubType_Varispeed, name: "Apple: AUVarispeed") {
            EffectUnit(component: $0) { _ in VarispeedKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_NBandEQ, name: "Apple: AUNBandEQ") {
            EffectUnit(component: $0, bands: 16, maximumBands: 1024) { NBandEQKernel(bandCount: $0) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_Delay, name: "Apple: AUDelay") {
            EffectUnit(component: $0) { _ in DelayKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_Reverb2, name: "Apple: AUReverb2") {
            EffectUnit(component: $0) { _ in Reverb2Kernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_Distortion, name: "Apple: AUDistortion") {
            EffectUnit(component: $0) { _ in DistortionKernel() }
        },
        RegisteredComponent(kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTime, name: "Apple: AUiPodTime") {
            EffectUnit(component: $0) { _ in TimePitchKernel() }
        },
        RegisteredComponent(kAudioUnitType_FormatConverter, kAudioUnitSubType_AUiPodTimeOther, name: "Apple: AUiPodTimeOther") {
            EffectUnit(component: $0) { _ in TimePitchKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_PeakLimiter, name: "Apple: AUPeakLimiter") {
            EffectUnit(component: $0) { _ in PeakLimiterKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_DynamicsProcessor, name: "Apple: AUDynamicsProcessor") {
            EffectUnit(component: $0) { _ in DynamicsProcessorKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_LowPassFilter, name: "Apple: AULowpass") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.lowPass) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_HighPassFilter, name: "Apple: AUHipass") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.highPass) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_BandPassFilter, name: "Apple: AUBandpass") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.bandPass) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_HighShelfFilter, name: "Apple: AUHighShelfFilter") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.highShelf) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_LowShelfFilter, name: "Apple: AULowShelfFilter") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.lowShelf) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_ParametricEQ, name: "Apple: AUParametricEQ") {
            EffectUnit(component: $0) { _ in BiquadFilterKernel(.parametricEQ) }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_SampleDelay, name: "Apple: AUSampleDelay") {
            EffectUnit(component: $0) { _ in SampleDelayKernel() }
        },
        RegisteredComponent(kAudioUnitType_Effect, kAudioUnitSubType_AUiPodEQ, name: "Apple: AUiPodEQ") {
            EffectUnit(component: $0) { _ in IPodEQKernel() }
        },
        RegisteredComponent(kAudioUnitType_MusicDevice, kAudioUnitSubType_Sampler, name: "Apple: AUSampler") { SamplerUnit(component: $0) },
    ]

    /// What a search sees now: the system's units, then the components the apps installed on the
    /// device of the code that searches declare (Inter-App Audio nodes, in install order).
    static var visible: [RegisteredComponent] {
        guard let binding = AppContext.current else { return all }
        return all + InterAppAudio.of(binding.server).components
    }

    /// The component behind a handle, if it is one of ours.
    static func resolve(_ handle: AudioComponent) -> RegisteredComponent? {
        visible.first { $0.handle == handle }
    }

    /// A handle that resolves to no component (an object's address is never 1).
    static var noComponent: AudioComponent { AudioComponent(bitPattern: 1)! }
}
