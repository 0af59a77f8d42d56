import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioUnitParameters.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioUnitParameters.h raw values")
struct AudioUnitParametersHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("k3DMixerParam_Azimuth", Int64(truncatingIfNeeded: k3DMixerParam_Azimuth), 0),
            ("k3DMixerParam_Elevation", Int64(truncatingIfNeeded: k3DMixerParam_Elevation), 1),
            ("k3DMixerParam_GlobalReverbGainInDecibels", Int64(truncatingIfNeeded: k3DMixerParam_GlobalReverbGainInDecibels), 24),
            ("k3DMixerParam_MinGainInDecibels", Int64(truncatingIfNeeded: k3DMixerParam_MinGainInDecibels), 21),
            ("k3DMixerParam_OcclusionAttenuationInDecibels", Int64(truncatingIfNeeded: k3DMixerParam_OcclusionAttenuationInDecibels), 25),
            ("k3DMixerParam_PreAveragePower", Int64(truncatingIfNeeded: k3DMixerParam_PreAveragePower), 1000),
            ("kAUGroupParameterID_AllSoundOff", Int64(truncatingIfNeeded: kAUGroupParameterID_AllSoundOff), 120),
            ("kAUGroupParameterID_Expression", Int64(truncatingIfNeeded: kAUGroupParameterID_Expression), 11),
            ("kAUGroupParameterID_KeyPressure", Int64(truncatingIfNeeded: kAUGroupParameterID_KeyPressure), 160),
            ("kAUGroupParameterID_ModWheel_LSB", Int64(truncatingIfNeeded: kAUGroupParameterID_ModWheel_LSB), 33),
            ("kAUGroupParameterID_ResetAllControllers", Int64(truncatingIfNeeded: kAUGroupParameterID_ResetAllControllers), 121),
            ("kAUGroupParameterID_Volume_LSB", Int64(truncatingIfNeeded: kAUGroupParameterID_Volume_LSB), 39),
            ("kAUSamplerParam_Gain", Int64(truncatingIfNeeded: kAUSamplerParam_Gain), 900),
            ("kAUSoundIsolationSoundType_Voice", Int64(truncatingIfNeeded: kAUSoundIsolationSoundType_Voice), 1),
            ("kMatrixMixerParam_PostAveragePowerLinear", Int64(truncatingIfNeeded: kMatrixMixerParam_PostAveragePowerLinear), 7000),
            ("kMatrixMixerParam_PreAveragePowerLinear", Int64(truncatingIfNeeded: kMatrixMixerParam_PreAveragePowerLinear), 5000),
            ("kNewTimePitchParam_EnableSpectralCoherence", Int64(truncatingIfNeeded: kNewTimePitchParam_EnableSpectralCoherence), 6),
            ("kRandomParam_BoundB", Int64(truncatingIfNeeded: kRandomParam_BoundB), 1),
            ("kReverbParam_FilterFrequency", Int64(truncatingIfNeeded: kReverbParam_FilterFrequency), 14),
            ("kRoundTripAACParam_Format", Int64(truncatingIfNeeded: kRoundTripAACParam_Format), 0),
            ("kSpatialMixerParam_Distance", Int64(truncatingIfNeeded: kSpatialMixerParam_Distance), 2),
            ("kSpatialMixerParam_GlobalReverbGain", Int64(truncatingIfNeeded: kSpatialMixerParam_GlobalReverbGain), 9),
            ("kSpatialMixerParam_MaxGain", Int64(truncatingIfNeeded: kSpatialMixerParam_MaxGain), 7),
            ("kSpatialMixerParam_PlaybackRate", Int64(truncatingIfNeeded: kSpatialMixerParam_PlaybackRate), 4),
            ("kTimePitchParam_Rate", Int64(truncatingIfNeeded: kTimePitchParam_Rate), 0),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_Cinematic", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_Cinematic.rawValue), 0),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_CinematicBackgroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_CinematicBackgroundStem.rawValue), 3),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_CinematicForegroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_CinematicForegroundStem.rawValue), 4),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrame", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrame.rawValue), 2),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrameBackgroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrameBackgroundStem.rawValue), 9),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrameForegroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_InFrameForegroundStem.rawValue), 6),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_Standard", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_Standard.rawValue), 7),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_Studio", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_Studio.rawValue), 1),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_StudioBackgroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_StudioBackgroundStem.rawValue), 8),
            ("AUAudioMixRenderingStyle.audioMixRenderingStyle_StudioForegroundStem", Int64(truncatingIfNeeded: AUAudioMixRenderingStyle.audioMixRenderingStyle_StudioForegroundStem.rawValue), 5),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
