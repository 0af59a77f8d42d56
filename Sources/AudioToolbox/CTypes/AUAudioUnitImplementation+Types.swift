import CoreAudioTypes
import CoreMIDI

// AUAudioUnitImplementation.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum AURenderEventType: UInt8, @unchecked Sendable {
    case MIDI = 8
    case midiEventList = 10
    case midiSysEx = 9
    case parameter = 1
    case parameterRamp = 2
}

public typealias AUInternalRenderBlock = (UnsafeMutablePointer<AudioUnitRenderActionFlags>, UnsafePointer<AudioTimeStamp>, AUAudioFrameCount, Int, UnsafeMutablePointer<AudioBufferList>, UnsafePointer<AURenderEvent>?, AURenderPullInputBlock?) -> AUAudioUnitStatus

public struct AUMIDIEvent {
    public var next: UnsafeMutablePointer<AURenderEvent>?
    public var eventSampleTime: AUEventSampleTime
    public var eventType: AURenderEventType
    public var reserved: UInt8
    public var length: UInt16
    public var cable: UInt8
    public var data: (UInt8, UInt8, UInt8)
    public init(next: UnsafeMutablePointer<AURenderEvent>?, eventSampleTime: AUEventSampleTime, eventType: AURenderEventType, reserved: UInt8, length: UInt16, cable: UInt8, data: (UInt8, UInt8, UInt8)) {
        self.next = next
        self.eventSampleTime = eventSampleTime
        self.eventType = eventType
        self.reserved = reserved
        self.length = length
        self.cable = cable
        self.data = data
    }
}

public struct AUMIDIEventList {
    public var next: UnsafeMutablePointer<AURenderEvent>?
    public var eventSampleTime: AUEventSampleTime
    public var eventType: AURenderEventType
    public var reserved: UInt8
    public var cable: UInt8
    public var eventList: MIDIEventList
    public init(next: UnsafeMutablePointer<AURenderEvent>?, eventSampleTime: AUEventSampleTime, eventType: AURenderEventType, reserved: UInt8, cable: UInt8, eventList: MIDIEventList) {
        self.next = next
        self.eventSampleTime = eventSampleTime
        self.eventType = eventType
        self.reserved = reserved
        self.cable = cable
        self.eventList = eventList
    }
}

public struct AUParameterEvent {
    public var next: UnsafeMutablePointer<AURenderEvent>?
    public var eventSampleTime: AUEventSampleTime
    public var eventType: AURenderEventType
    public var reserved: (UInt8, UInt8, UInt8)
    public var rampDurationSampleFrames: AUAudioFrameCount
    public var parameterAddress: AUParameterAddress
    public var value: AUValue
    public init(next: UnsafeMutablePointer<AURenderEvent>?, eventSampleTime: AUEventSampleTime, eventType: AURenderEventType, reserved: (UInt8, UInt8, UInt8), rampDurationSampleFrames: AUAudioFrameCount, parameterAddress: AUParameterAddress, value: AUValue) {
        self.next = next
        self.eventSampleTime = eventSampleTime
        self.eventType = eventType
        self.reserved = reserved
        self.rampDurationSampleFrames = rampDurationSampleFrames
        self.parameterAddress = parameterAddress
        self.value = value
    }
}

public struct AURenderEventHeader {
    public var next: UnsafeMutablePointer<AURenderEvent>?
    public var eventSampleTime: AUEventSampleTime
    public var eventType: AURenderEventType
    public var reserved: UInt8
    public init(next: UnsafeMutablePointer<AURenderEvent>?, eventSampleTime: AUEventSampleTime, eventType: AURenderEventType, reserved: UInt8) {
        self.next = next
        self.eventSampleTime = eventSampleTime
        self.eventType = eventType
        self.reserved = reserved
    }
}
