import Foundation

/// What a speech synthesis provider extension reports as it renders a request: the markers of the
/// audio it just produced.
public typealias AVSpeechSynthesisProviderOutputBlock = ([AVSpeechSynthesisMarker], AVSpeechSynthesisProviderRequest) -> Void

/// `AVSpeechSynthesisProviderVoice`: a voice a synthesis provider extension offers the system.
/// The values are kept as given; the simulated device loads no provider extensions, so its
/// `AVSpeechSynthesisVoice.speechVoices()` never lists them.
open class AVSpeechSynthesisProviderVoice: NSObject, @unchecked Sendable {
    public let name: String
    public let identifier: String
    public let primaryLanguages: [String]
    public let supportedLanguages: [String]
    /// Bytes the voice takes on disk.
    open var voiceSize: Int64 = 0
    open var version = ""
    open var gender = AVSpeechSynthesisVoiceGender.unspecified
    /// The voice's apparent age in years (0: unspecified).
    open var age = 0

    public init(name: String, identifier: String, primaryLanguages: [String], supportedLanguages: [String]) {
        self.name = name
        self.identifier = identifier
        self.primaryLanguages = primaryLanguages
        self.supportedLanguages = supportedLanguages
        super.init()
    }


    /// Asks the system to reload the provider's voices; there are no provider extensions on the
    /// simulated device, so nothing changes.
    open class func updateSpeechVoices() {}
}

/// `AVSpeechSynthesisProviderRequest`: the SSML and voice the system asks a provider to speak.
open class AVSpeechSynthesisProviderRequest: NSObject, @unchecked Sendable {
    public let ssmlRepresentation: String
    public let voice: AVSpeechSynthesisProviderVoice

    public init(ssmlRepresentation text: String, voice: AVSpeechSynthesisProviderVoice) {
        ssmlRepresentation = text
        self.voice = voice
        super.init()
    }

}
