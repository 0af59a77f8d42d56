/// `AVAudioSession.ErrorCode` with Apple's numeric values (FourCCs; AVAudioSession.ErrorCode, AVFAudio). Errors surface
/// in `NSOSStatusErrorDomain` with these codes.
public enum SessionErrorCode: Int, CaseIterable, Hashable, Sendable {
    case none = 0
    case mediaServicesFailed = 1_836_282_486 // 'msrv'
    case isBusy = 560_030_580 // '!act'
    case incompatibleCategory = 560_161_140 // '!cat'
    case cannotInterruptOthers = 560_557_684 // '!int'
    case missingEntitlement = 1_701_737_535 // 'ent?'
    case siriIsRecording = 1_936_290_409 // 'siri'
    case cannotStartPlaying = 561_015_905 // '!pla'
    case cannotStartRecording = 561_145_187 // '!rec'
    case badParam = -50
    case insufficientPriority = 561_017_449 // '!pri'
    case resourceNotAvailable = 561_145_203 // '!res'
    case unspecified = 2_003_329_396 // 'what'
    case expiredSession = 561_210_739 // '!ses'
    case sessionNotActive = 1_768_841_571 // 'inac'

    public var name: String { "\(self)" }
}

/// An error the media server returns to an app: Apple's code plus the rule that was broken, so a
/// scenario failure can say why ("defaultToSpeaker is only valid with playAndRecord").
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: SessionErrorCode
    public let rule: String

    public init(_ code: SessionErrorCode, _ rule: String) {
        self.code = code
        self.rule = rule
    }

    public var description: String { "\(code.name) (\(code.rawValue)): \(rule)" }
}
