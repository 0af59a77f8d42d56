import Foundation

extension AVAudioSession {
    /// `AVAudioSession.InterruptionType`.
    public enum InterruptionType: UInt, Sendable {
        case began = 1
        case ended = 0
    }

    /// `AVAudioSession.InterruptionOptions`.
    public struct InterruptionOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let shouldResume = InterruptionOptions(rawValue: 1)
    }

    /// `AVAudioSession.InterruptionReason` (iOS 14.5).
    public enum InterruptionReason: UInt, Sendable {
        case `default` = 0
        @available(*, deprecated, message: "not present from iOS 16 onwards")
        case appWasSuspended = 1
        case builtInMicMuted = 2
        case sceneWasBackgrounded = 3
        case routeDisconnected = 4
        case deviceUnauthenticated = 5
    }

    /// `AVAudioSession.RouteChangeReason`.
    public enum RouteChangeReason: UInt, Sendable {
        case unknown = 0
        case newDeviceAvailable = 1
        case oldDeviceUnavailable = 2
        case categoryChange = 3
        case override = 4
        case wakeFromSleep = 6
        case noSuitableRouteForCategory = 7
        case routeConfigurationChange = 8
    }

    /// `AVAudioSession.SilenceSecondaryAudioHintType`.
    public enum SilenceSecondaryAudioHintType: UInt, Sendable {
        case begin = 1
        case end = 0
    }

    /// `AVAudioSession.SetActiveOptions`.
    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// `AVAudioSession.RecordPermission` (deprecated in iOS 17 for `AVAudioApplication`).
    public enum RecordPermission: UInt, Sendable {
        case undetermined = 1_970_168_948 // 'undt'
        case denied = 1_684_369_017 // 'deny'
        case granted = 1_735_552_628 // 'grnt'
    }

    /// `AVAudioSession.PromptStyle` (iOS 13).
    public enum PromptStyle: UInt, Sendable {
        case none = 1_852_796_517 // 'none'
        case short = 1_936_224_884 // 'shrt'
        case normal = 1_852_992_876 // 'nrml'
    }

    /// `AVAudioSession.ErrorCode`: values are the OSStatus codes errors carry.
    public enum ErrorCode: Int, Sendable {
        case none = 0
        case mediaServicesFailed = 1_836_282_486
        case isBusy = 560_030_580
        case incompatibleCategory = 560_161_140
        case cannotInterruptOthers = 560_557_684
        case missingEntitlement = 1_701_737_535
        case siriIsRecording = 1_936_290_409
        case cannotStartPlaying = 561_015_905
        case cannotStartRecording = 561_145_187
        case badParam = -50
        case insufficientPriority = 561_017_449
        case resourceNotAvailable = 561_145_203
        case unspecified = 2_003_329_396
        case expiredSession = 561_210_739
        case sessionNotActive = 1_768_841_571
    }
}

/// The error domain Apple uses for audio session errors (OSStatus codes).
public let NSOSStatusErrorDomain = "NSOSStatusErrorDomain"

/// How a session activates (`AVAudioSession.activate(options:completionHandler:)`, watchOS only):
/// iOS declares the type but no option (`AVAudioSessionActivationOptionNone` is 0).
public struct AVAudioSessionActivationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}
