import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioUnitProperties.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioUnitProperties.h raw values")
struct AudioUnitPropertiesHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAUMIDISynthProperty_EnablePreload", Int64(truncatingIfNeeded: kAUMIDISynthProperty_EnablePreload), 4119),
            ("kAUSamplerProperty_BankAndPreset", Int64(truncatingIfNeeded: kAUSamplerProperty_BankAndPreset), 4100),
            ("kAUSampler_DefaultPercussionBankMSB", Int64(truncatingIfNeeded: kAUSampler_DefaultPercussionBankMSB), 120),
            ("kAudioUnitParameterName_Full", Int64(truncatingIfNeeded: kAudioUnitParameterName_Full), -1),
            ("kAudioUnitProperty_3DMixerRenderingFlags", Int64(truncatingIfNeeded: kAudioUnitProperty_3DMixerRenderingFlags), 3003),
            ("kAudioUnitProperty_CPULoad", Int64(truncatingIfNeeded: kAudioUnitProperty_CPULoad), 6),
            ("kAudioUnitProperty_FactoryPresets", Int64(truncatingIfNeeded: kAudioUnitProperty_FactoryPresets), 24),
            ("kAudioUnitProperty_InputSamplesInOutput", Int64(truncatingIfNeeded: kAudioUnitProperty_InputSamplesInOutput), 49),
            ("kAudioUnitProperty_MIDIOutputCallback", Int64(truncatingIfNeeded: kAudioUnitProperty_MIDIOutputCallback), 48),
            ("kAudioUnitProperty_OfflineRender", Int64(truncatingIfNeeded: kAudioUnitProperty_OfflineRender), 37),
            ("kAudioUnitProperty_ParameterStringFromValue", Int64(truncatingIfNeeded: kAudioUnitProperty_ParameterStringFromValue), 33),
            ("kAudioUnitProperty_PresentationLatency", Int64(truncatingIfNeeded: kAudioUnitProperty_PresentationLatency), 40),
            ("kAudioUnitProperty_SupportedChannelLayoutTags", Int64(truncatingIfNeeded: kAudioUnitProperty_SupportedChannelLayoutTags), 32),
            ("kAudioUnitProperty_DeferredRendererWaitFrames", Int64(truncatingIfNeeded: kAudioUnitProperty_DeferredRendererWaitFrames), 3322),
            ("kAudioUnitProperty_MeterClipping", Int64(truncatingIfNeeded: kAudioUnitProperty_MeterClipping), 3011),
            ("kAudioUnitProperty_SpatialMixerDistanceParams", Int64(truncatingIfNeeded: kAudioUnitProperty_SpatialMixerDistanceParams), 3010),
            ("kAudioUnitProperty_SpatialMixerPointSourceInHeadMode", Int64(truncatingIfNeeded: kAudioUnitProperty_SpatialMixerPointSourceInHeadMode), 3103),
            ("kAudioUnitProperty_UsesInternalReverb", Int64(truncatingIfNeeded: kAudioUnitProperty_UsesInternalReverb), 1005),
            ("kAudioUnitProperty_ScheduleStartTimeStamp", Int64(truncatingIfNeeded: kAudioUnitProperty_ScheduleStartTimeStamp), 3301),
            ("kAudioUnitProperty_ScheduledFilePrime", Int64(truncatingIfNeeded: kAudioUnitProperty_ScheduledFilePrime), 3312),
            ("kAudioUnitSampleRateConverterComplexity_Normal", Int64(truncatingIfNeeded: kAudioUnitSampleRateConverterComplexity_Normal), headerFourCC("norm")),
            ("kInstrumentType_EXS24", Int64(truncatingIfNeeded: kInstrumentType_EXS24), 4),
            ("kMusicDeviceProperty_SoundBankURL", Int64(truncatingIfNeeded: kMusicDeviceProperty_SoundBankURL), 1100),
            ("kRenderQuality_High", Int64(truncatingIfNeeded: kRenderQuality_High), 96),
            ("kRenderQuality_Min", Int64(truncatingIfNeeded: kRenderQuality_Min), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Exponential", Int64(truncatingIfNeeded: AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Exponential.rawValue), 1),
            ("AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Inverse", Int64(truncatingIfNeeded: AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Inverse.rawValue), 2),
            ("AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Linear", Int64(truncatingIfNeeded: AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Linear.rawValue), 3),
            ("AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Power", Int64(truncatingIfNeeded: AU3DMixerAttenuationCurve.k3DMixerAttenuationCurve_Power.rawValue), 0),
            ("AUReverbRoomType.reverbRoomType_Cathedral", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_Cathedral.rawValue), 8),
            ("AUReverbRoomType.reverbRoomType_LargeChamber", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_LargeChamber.rawValue), 7),
            ("AUReverbRoomType.reverbRoomType_LargeHall", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_LargeHall.rawValue), 4),
            ("AUReverbRoomType.reverbRoomType_LargeHall2", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_LargeHall2.rawValue), 12),
            ("AUReverbRoomType.reverbRoomType_LargeRoom", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_LargeRoom.rawValue), 2),
            ("AUReverbRoomType.reverbRoomType_LargeRoom2", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_LargeRoom2.rawValue), 9),
            ("AUReverbRoomType.reverbRoomType_MediumChamber", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_MediumChamber.rawValue), 6),
            ("AUReverbRoomType.reverbRoomType_MediumHall", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_MediumHall.rawValue), 3),
            ("AUReverbRoomType.reverbRoomType_MediumHall2", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_MediumHall2.rawValue), 10),
            ("AUReverbRoomType.reverbRoomType_MediumHall3", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_MediumHall3.rawValue), 11),
            ("AUReverbRoomType.reverbRoomType_MediumRoom", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_MediumRoom.rawValue), 1),
            ("AUReverbRoomType.reverbRoomType_Plate", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_Plate.rawValue), 5),
            ("AUReverbRoomType.reverbRoomType_SmallRoom", Int64(truncatingIfNeeded: AUReverbRoomType.reverbRoomType_SmallRoom.rawValue), 0),
            ("AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Exponential", Int64(truncatingIfNeeded: AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Exponential.rawValue), 1),
            ("AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Inverse", Int64(truncatingIfNeeded: AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Inverse.rawValue), 2),
            ("AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Linear", Int64(truncatingIfNeeded: AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Linear.rawValue), 3),
            ("AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Power", Int64(truncatingIfNeeded: AUSpatialMixerAttenuationCurve.spatialMixerAttenuationCurve_Power.rawValue), 0),
            ("AUSpatialMixerOutputType.spatialMixerOutputType_BuiltInSpeakers", Int64(truncatingIfNeeded: AUSpatialMixerOutputType.spatialMixerOutputType_BuiltInSpeakers.rawValue), 2),
            ("AUSpatialMixerOutputType.spatialMixerOutputType_ExternalSpeakers", Int64(truncatingIfNeeded: AUSpatialMixerOutputType.spatialMixerOutputType_ExternalSpeakers.rawValue), 3),
            ("AUSpatialMixerOutputType.spatialMixerOutputType_Headphones", Int64(truncatingIfNeeded: AUSpatialMixerOutputType.spatialMixerOutputType_Headphones.rawValue), 1),
            ("AUSpatialMixerPersonalizedHRTFMode.auto", Int64(truncatingIfNeeded: AUSpatialMixerPersonalizedHRTFMode.auto.rawValue), 2),
            ("AUSpatialMixerPersonalizedHRTFMode.off", Int64(truncatingIfNeeded: AUSpatialMixerPersonalizedHRTFMode.off.rawValue), 0),
            ("AUSpatialMixerPersonalizedHRTFMode.on", Int64(truncatingIfNeeded: AUSpatialMixerPersonalizedHRTFMode.on.rawValue), 1),
            ("AUSpatialMixerPointSourceInHeadMode.spatialMixerPointSourceInHeadMode_Bypass", Int64(truncatingIfNeeded: AUSpatialMixerPointSourceInHeadMode.spatialMixerPointSourceInHeadMode_Bypass.rawValue), 1),
            ("AUSpatialMixerPointSourceInHeadMode.spatialMixerPointSourceInHeadMode_Mono", Int64(truncatingIfNeeded: AUSpatialMixerPointSourceInHeadMode.spatialMixerPointSourceInHeadMode_Mono.rawValue), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kAUPresetExternalFileRefs", kAUPresetExternalFileRefs, "file-references"),
            ("kAUPresetPartKey", kAUPresetPartKey, "part"),
            ("kAUPresetVersionKey", kAUPresetVersionKey, "version"),
            ("kAudioUnitConfigurationInfo_IconURL", kAudioUnitConfigurationInfo_IconURL, "IconURL"),
            ("kAudioUnitConfigurationInfo_MigrateFromPlugin", kAudioUnitConfigurationInfo_MigrateFromPlugin, "MigrateFromPlugin"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
