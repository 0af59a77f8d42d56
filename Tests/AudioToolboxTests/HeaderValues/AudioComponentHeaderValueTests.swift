import AudioToolbox
import CoreAudioTypes
import Testing

/// AudioComponent.h's raw values, checked against the header as it writes them (four-char codes as their
/// characters): every enumeration and option set of the sample with all its members, and a spread of
/// the global constants.
@Suite("AudioComponent.h raw values")
struct AudioComponentHeaderValueTests {
    @Test("enumeration cases and option-set members")
    func members() {
        let table: [(name: String, value: Int64, header: Int64)] = [
            ("AudioComponentValidationResult.failed", Int64(truncatingIfNeeded: AudioComponentValidationResult.failed.rawValue), 2),
            ("AudioComponentValidationResult.passed", Int64(truncatingIfNeeded: AudioComponentValidationResult.passed.rawValue), 1),
            ("AudioComponentValidationResult.timedOut", Int64(truncatingIfNeeded: AudioComponentValidationResult.timedOut.rawValue), 3),
            ("AudioComponentValidationResult.unauthorizedError_Init", Int64(truncatingIfNeeded: AudioComponentValidationResult.unauthorizedError_Init.rawValue), 5),
            ("AudioComponentValidationResult.unauthorizedError_Open", Int64(truncatingIfNeeded: AudioComponentValidationResult.unauthorizedError_Open.rawValue), 4),
            ("AudioComponentValidationResult.unknown", Int64(truncatingIfNeeded: AudioComponentValidationResult.unknown.rawValue), 0),
            ("AudioComponentFlags.canLoadInProcess", Int64(truncatingIfNeeded: AudioComponentFlags.canLoadInProcess.rawValue), 16),
            ("AudioComponentFlags.isV3AudioUnit", Int64(truncatingIfNeeded: AudioComponentFlags.isV3AudioUnit.rawValue), 4),
            ("AudioComponentFlags.requiresAsyncInstantiation", Int64(truncatingIfNeeded: AudioComponentFlags.requiresAsyncInstantiation.rawValue), 8),
            ("AudioComponentFlags.sandboxSafe", Int64(truncatingIfNeeded: AudioComponentFlags.sandboxSafe.rawValue), 2),
            ("AudioComponentFlags.unsearchable", Int64(truncatingIfNeeded: AudioComponentFlags.unsearchable.rawValue), 1),
            ("AudioComponentInstantiationOptions.loadOutOfProcess", Int64(truncatingIfNeeded: AudioComponentInstantiationOptions.loadOutOfProcess.rawValue), 1),
            ("AudioComponentInstantiationOptions.loadedRemotely", Int64(truncatingIfNeeded: AudioComponentInstantiationOptions.loadedRemotely.rawValue), 2147483648),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
    @Test("string constants")
    func strings() {
        let table: [(name: String, value: String, header: String)] = [
            ("kAudioComponentConfigurationInfo_ValidationResult", kAudioComponentConfigurationInfo_ValidationResult, "ValidationResult"),
            ("kAudioComponentValidationParameter_ForceValidation", kAudioComponentValidationParameter_ForceValidation, "ForceValidation"),
            ("kAudioComponentValidationParameter_LoadOutOfProcess", kAudioComponentValidationParameter_LoadOutOfProcess, "LoadOutOfProcess"),
            ("kAudioComponentValidationParameter_TimeOut", kAudioComponentValidationParameter_TimeOut, "TimeOut"),
        ]
        for row in table {
            #expect(row.value == row.header, "\(row.name)")
        }
    }
}
