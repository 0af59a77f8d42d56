import AudioToolbox
import Foundation

/// Speech while the voice-processing input is muted (iOS 17), with Apple's raw values.
public enum AVAudioVoiceProcessingSpeechActivityEvent: Int, Sendable {
    case started = 0
    case ended = 1
}

/// How much a voice-processing input ducks other audio (iOS 17).
public struct AVAudioVoiceProcessingOtherAudioDuckingConfiguration: Sendable {
    /// With Apple's raw values.
    public enum Level: Int, Sendable {
        case `default` = 0
        case min = 10
        case mid = 20
        case max = 30
    }

    public var enableAdvancedDucking: ObjCBool
    public var duckingLevel: Level

    public init() { self.init(enableAdvancedDucking: false, duckingLevel: .default) }

    public init(enableAdvancedDucking: ObjCBool, duckingLevel: Level) {
        self.enableAdvancedDucking = enableAdvancedDucking
        self.duckingLevel = duckingLevel
    }

    /// The voice-processing unit's form of it (`kAUVoiceIOProperty_OtherAudioDuckingConfiguration`).
    var unitForm: AUVoiceIOOtherAudioDuckingConfiguration {
        AUVoiceIOOtherAudioDuckingConfiguration(mEnableAdvancedDucking: DarwinBoolean(enableAdvancedDucking.boolValue),
                                                mDuckingLevel: AUVoiceIOOtherAudioDuckingLevel(rawValue: UInt32(duckingLevel.rawValue)) ?? .default)
    }
}

extension AVAudioInputNode {
    /// The listener hears when the user starts and stops talking while `isVoiceProcessingInputMuted`
    /// is on, from the voice-processing unit under the engine (its
    /// `kAUVoiceIOProperty_MutedSpeechActivityEventListener`); nil stops listening. True: the
    /// listener is kept for the engine's voice processing, whenever it runs.
    public func setMutedSpeechActivityEventListener(_ listenerBlock: ((AVAudioVoiceProcessingSpeechActivityEvent) -> Void)?) -> Bool {
        engine?.setVoiceProcessing(mutedSpeechListener: listenerBlock)
        return engine != nil
    }

    /// Kept for the engine's voice processing and handed to its unit (ducking itself follows the
    /// session's policy).
    public var voiceProcessingOtherAudioDuckingConfiguration: AVAudioVoiceProcessingOtherAudioDuckingConfiguration {
        get { engine?.voiceProcessing.otherAudioDucking ?? AVAudioVoiceProcessingOtherAudioDuckingConfiguration() }
        set { engine?.setVoiceProcessing(otherAudioDucking: newValue) }
    }
}
