import CoreAudioTypes

// AUParameters.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public struct AUParameterAutomationEvent {
    public var hostTime: UInt64
    public var address: AUParameterAddress
    public var value: AUValue
    public var eventType: AUParameterAutomationEventType
    public var reserved: UInt64
    public init(hostTime: UInt64, address: AUParameterAddress, value: AUValue, eventType: AUParameterAutomationEventType, reserved: UInt64) {
        self.hostTime = hostTime
        self.address = address
        self.value = value
        self.eventType = eventType
        self.reserved = reserved
    }
}

public struct AURecordedParameterEvent {
    public var hostTime: UInt64
    public var address: AUParameterAddress
    public var value: AUValue
    public init() { self.hostTime = 0; self.address = 0; self.value = 0 }
    public init(hostTime: UInt64, address: AUParameterAddress, value: AUValue) {
        self.hostTime = hostTime
        self.address = address
        self.value = value
    }
}

public typealias AUParameterAutomationObserver = (Int, UnsafePointer<AUParameterAutomationEvent>) -> Void
public typealias AUParameterRecordingObserver = (Int, UnsafePointer<AURecordedParameterEvent>) -> Void
