import Foundation

/// `MPNowPlayingInfoLanguageOptionType` (raw values from MPNowPlayingInfoLanguageOption.h).
public enum MPNowPlayingInfoLanguageOptionType: UInt, Sendable {
    case audible = 0, legible = 1
}

/// `MPChangeLanguageOptionSetting`: how long the user's choice lasts.
public enum MPChangeLanguageOptionSetting: Int, Sendable {
    case none = 0, nowPlayingItemOnly = 1, permanent = 2
}

/// An audio track or subtitle the app offers in its Now Playing info
/// (`MPNowPlayingInfoPropertyAvailableLanguageOptions`, in groups); the lock screen lists them
/// and the language commands name the one the user picked.
open class MPNowPlayingInfoLanguageOption: NSObject, @unchecked Sendable {
    public let languageOptionType: MPNowPlayingInfoLanguageOptionType
    public let languageTag: String?
    public let languageOptionCharacteristics: [String]?
    public let displayName: String?
    public let identifier: String?

    public init(type languageOptionType: MPNowPlayingInfoLanguageOptionType, languageTag: String,
                characteristics languageOptionCharacteristics: [String]?, displayName: String, identifier: String) {
        self.languageOptionType = languageOptionType
        self.languageTag = languageTag
        self.languageOptionCharacteristics = languageOptionCharacteristics
        self.displayName = displayName
        self.identifier = identifier
        super.init()
    }

    /// The automatic options come from AVFoundation's media selection on Apple platforms
    /// (`makeNowPlayingInfoLanguageOption()`); an option made with this initializer never is one.
    public func isAutomaticAudibleLanguageOption() -> Bool { false }

    public func isAutomaticLegibleLanguageOption() -> Bool { false }
}

open class MPNowPlayingInfoLanguageOptionGroup: NSObject, @unchecked Sendable {
    public let languageOptions: [MPNowPlayingInfoLanguageOption]
    public let defaultLanguageOption: MPNowPlayingInfoLanguageOption?
    public let allowEmptySelection: Bool

    public init(languageOptions: [MPNowPlayingInfoLanguageOption], defaultLanguageOption: MPNowPlayingInfoLanguageOption?,
                allowEmptySelection: Bool) {
        self.languageOptions = languageOptions
        self.defaultLanguageOption = defaultLanguageOption
        self.allowEmptySelection = allowEmptySelection
        super.init()
    }
}

open class MPChangeLanguageOptionCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    public let languageOption: MPNowPlayingInfoLanguageOption
    public let setting: MPChangeLanguageOptionSetting

    init(command: MPRemoteCommand, timestamp: TimeInterval, languageOption: MPNowPlayingInfoLanguageOption,
         setting: MPChangeLanguageOptionSetting) {
        self.languageOption = languageOption
        self.setting = setting
        super.init(command: command, timestamp: timestamp)
    }
}

// `languageOptionCharacteristics` values (MPNowPlayingInfoLanguageOption.h). Apple does not
// document the strings; they are AVFoundation's media characteristics, which the same options
// come from (`AVMediaSelectionOption.makeNowPlayingInfoLanguageOption()`).
public let MPLanguageOptionCharacteristicIsMainProgramContent = "public.main-program-content"
public let MPLanguageOptionCharacteristicIsAuxiliaryContent = "public.auxiliary-content"
public let MPLanguageOptionCharacteristicContainsOnlyForcedSubtitles = "public.subtitles.forced-only"
public let MPLanguageOptionCharacteristicTranscribesSpokenDialog = "public.accessibility.transcribes-spoken-dialog"
public let MPLanguageOptionCharacteristicDescribesMusicAndSound = "public.accessibility.describes-music-and-sound"
public let MPLanguageOptionCharacteristicEasyToRead = "public.easy-to-read"
public let MPLanguageOptionCharacteristicDescribesVideo = "public.accessibility.describes-video"
public let MPLanguageOptionCharacteristicLanguageTranslation = "public.translation"
public let MPLanguageOptionCharacteristicDubbedTranslation = "public.translation.dubbed"
public let MPLanguageOptionCharacteristicVoiceOverTranslation = "public.translation.voice-over"
