import AudioToolbox
import CoreAudioTypes
import Testing

/// AUComponent.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AUComponent.h raw values")
struct AUComponentHeaderValueTests {
    @Test("constants")
    func constants() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("kAudioUnitErr_IllegalInstrument", Int64(truncatingIfNeeded: kAudioUnitErr_IllegalInstrument), -10873),
            ("kAudioUnitErr_InstrumentTypeNotFound", Int64(truncatingIfNeeded: kAudioUnitErr_InstrumentTypeNotFound), -10872),
            ("kAudioComponentErr_InstanceTimedOut", Int64(truncatingIfNeeded: kAudioComponentErr_InstanceTimedOut), -66754),
            ("kAudioUnitErr_ComponentManagerNotSupported", Int64(truncatingIfNeeded: kAudioUnitErr_ComponentManagerNotSupported), -66740),
            ("kAudioUnitErr_ExtensionNotFound", Int64(truncatingIfNeeded: kAudioUnitErr_ExtensionNotFound), -66744),
            ("kAudioUnitErr_InvalidFilePath", Int64(truncatingIfNeeded: kAudioUnitErr_InvalidFilePath), -66742),
            ("kAudioUnitErr_InvalidParameterValue", Int64(truncatingIfNeeded: kAudioUnitErr_InvalidParameterValue), -66743),
            ("kAudioUnitErr_MIDIOutputBufferFull", Int64(truncatingIfNeeded: kAudioUnitErr_MIDIOutputBufferFull), -66753),
            ("kAudioUnitErr_MissingKey", Int64(truncatingIfNeeded: kAudioUnitErr_MissingKey), -66741),
            ("kAudioUnitErr_RenderTimeout", Int64(truncatingIfNeeded: kAudioUnitErr_RenderTimeout), -66745),
            ("kAudioUnitAddPropertyListenerSelect", Int64(truncatingIfNeeded: kAudioUnitAddPropertyListenerSelect), 10),
            ("kAudioUnitAddRenderNotifySelect", Int64(truncatingIfNeeded: kAudioUnitAddRenderNotifySelect), 15),
            ("kAudioUnitComplexRenderSelect", Int64(truncatingIfNeeded: kAudioUnitComplexRenderSelect), 19),
            ("kAudioUnitGetParameterSelect", Int64(truncatingIfNeeded: kAudioUnitGetParameterSelect), 6),
            ("kAudioUnitGetPropertyInfoSelect", Int64(truncatingIfNeeded: kAudioUnitGetPropertyInfoSelect), 3),
            ("kAudioUnitGetPropertySelect", Int64(truncatingIfNeeded: kAudioUnitGetPropertySelect), 4),
            ("kAudioUnitInitializeSelect", Int64(truncatingIfNeeded: kAudioUnitInitializeSelect), 1),
            ("kAudioUnitProcessMultipleSelect", Int64(truncatingIfNeeded: kAudioUnitProcessMultipleSelect), 21),
            ("kAudioUnitProcessSelect", Int64(truncatingIfNeeded: kAudioUnitProcessSelect), 20),
            ("kAudioUnitRange", Int64(truncatingIfNeeded: kAudioUnitRange), 0),
            ("kAudioUnitRemovePropertyListenerSelect", Int64(truncatingIfNeeded: kAudioUnitRemovePropertyListenerSelect), 11),
            ("kAudioUnitRemovePropertyListenerWithUserDataSelect", Int64(truncatingIfNeeded: kAudioUnitRemovePropertyListenerWithUserDataSelect), 18),
            ("kAudioUnitRemoveRenderNotifySelect", Int64(truncatingIfNeeded: kAudioUnitRemoveRenderNotifySelect), 16),
            ("kAudioUnitRenderSelect", Int64(truncatingIfNeeded: kAudioUnitRenderSelect), 14),
            ("kAudioUnitResetSelect", Int64(truncatingIfNeeded: kAudioUnitResetSelect), 9),
            ("kAudioUnitScheduleParametersSelect", Int64(truncatingIfNeeded: kAudioUnitScheduleParametersSelect), 17),
            ("kAudioUnitSetParameterSelect", Int64(truncatingIfNeeded: kAudioUnitSetParameterSelect), 7),
            ("kAudioUnitSetPropertySelect", Int64(truncatingIfNeeded: kAudioUnitSetPropertySelect), 5),
            ("kAudioUnitUninitializeSelect", Int64(truncatingIfNeeded: kAudioUnitUninitializeSelect), 2),
            ("kAudioUnitSubType_DeferredRenderer", Int64(truncatingIfNeeded: kAudioUnitSubType_DeferredRenderer), headerFourCC("defr")),
            ("kAudioUnitSubType_Merger", Int64(truncatingIfNeeded: kAudioUnitSubType_Merger), headerFourCC("merg")),
            ("kAudioUnitSubType_MultiSplitter", Int64(truncatingIfNeeded: kAudioUnitSubType_MultiSplitter), headerFourCC("mspl")),
            ("kAudioUnitSubType_RoundTripAAC", Int64(truncatingIfNeeded: kAudioUnitSubType_RoundTripAAC), headerFourCC("raac")),
            ("kAudioUnitSubType_Splitter", Int64(truncatingIfNeeded: kAudioUnitSubType_Splitter), headerFourCC("splt")),
            ("kAudioUnitSubType_MatrixMixer", Int64(truncatingIfNeeded: kAudioUnitSubType_MatrixMixer), headerFourCC("mxmx")),
            ("kAudioUnitSubType_SpatialMixer", Int64(truncatingIfNeeded: kAudioUnitSubType_SpatialMixer), headerFourCC("3dem")),
            ("kAudioUnitSubType_AUSoundIsolation", Int64(truncatingIfNeeded: kAudioUnitSubType_AUSoundIsolation), headerFourCC("vois")),
            ("kAudioUnitSubType_AudioFilePlayer", Int64(truncatingIfNeeded: kAudioUnitSubType_AudioFilePlayer), headerFourCC("afpl")),
            ("kAudioUnitSubType_ScheduledSoundPlayer", Int64(truncatingIfNeeded: kAudioUnitSubType_ScheduledSoundPlayer), headerFourCC("sspl")),
            ("kAudioUnitSubType_TimePitch", Int64(truncatingIfNeeded: kAudioUnitSubType_TimePitch), headerFourCC("tmpt")),
            ("kAudioUnitType_Generator", Int64(truncatingIfNeeded: kAudioUnitType_Generator), headerFourCC("augn")),
            ("kAudioUnitType_MIDIProcessor", Int64(truncatingIfNeeded: kAudioUnitType_MIDIProcessor), headerFourCC("aumi")),
            ("kAudioUnitType_OfflineEffect", Int64(truncatingIfNeeded: kAudioUnitType_OfflineEffect), headerFourCC("auol")),
            ("kAudioUnitType_Panner", Int64(truncatingIfNeeded: kAudioUnitType_Panner), headerFourCC("aupn")),
            ("kAudioUnitType_SpeechSynthesizer", Int64(truncatingIfNeeded: kAudioUnitType_SpeechSynthesizer), headerFourCC("ausp")),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AUParameterEventType.parameterEvent_Immediate", Int64(truncatingIfNeeded: AUParameterEventType.parameterEvent_Immediate.rawValue), 1),
            ("AUParameterEventType.parameterEvent_Ramped", Int64(truncatingIfNeeded: AUParameterEventType.parameterEvent_Ramped.rawValue), 2),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
