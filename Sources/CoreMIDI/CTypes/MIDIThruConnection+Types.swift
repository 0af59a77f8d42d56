import CoreAudioTypes
import Foundation

// MIDIThruConnection.h's types as the iOS SDK imports them into Swift, with the raw values of Apple's
// header (generated from it; the tests in Tests/ check a sample of each family against the header).

public enum MIDITransformControlType: UInt8, @unchecked Sendable {
    case controlType_14Bit = 1
    case controlType_14BitNRPN = 5
    case controlType_14BitRPN = 3
    case controlType_7Bit = 0
    case controlType_7BitNRPN = 4
    case controlType_7BitRPN = 2
}

public enum MIDITransformType: UInt16, @unchecked Sendable {
    case add = 8
    case filterOut = 1
    case mapControl = 2
    case mapValue = 12
    case maxValue = 11
    case minValue = 10
    case none = 0
    case scale = 9
}

public typealias MIDIThruConnectionRef = MIDIObjectRef

public struct MIDIControlTransform {
    public var controlType: MIDITransformControlType
    public var remappedControlType: MIDITransformControlType
    public var controlNumber: UInt16
    public var transform: MIDITransformType
    public var param: Int16
    public init() { self.controlType = .controlType_7Bit; self.remappedControlType = .controlType_7Bit; self.controlNumber = 0; self.transform = .none; self.param = 0 }
    public init(controlType: MIDITransformControlType, remappedControlType: MIDITransformControlType, controlNumber: UInt16, transform: MIDITransformType, param: Int16) {
        self.controlType = controlType
        self.remappedControlType = remappedControlType
        self.controlNumber = controlNumber
        self.transform = transform
        self.param = param
    }
}

public struct MIDIThruConnectionEndpoint {
    public var endpointRef: MIDIEndpointRef
    public var uniqueID: MIDIUniqueID
    public init() { self.endpointRef = 0; self.uniqueID = 0 }
    public init(endpointRef: MIDIEndpointRef, uniqueID: MIDIUniqueID) {
        self.endpointRef = endpointRef
        self.uniqueID = uniqueID
    }
}

public struct MIDITransform {
    public var transform: MIDITransformType
    public var param: Int16
    public init() { self.transform = .none; self.param = 0 }
    public init(transform: MIDITransformType, param: Int16) {
        self.transform = transform
        self.param = param
    }
}

public struct MIDIValueMap {
    public var value: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    public init() { self.value = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }
    public init(value: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)) {
        self.value = value
    }
}

public struct MIDIThruConnectionParams {
    public var version: UInt32
    public var numSources: UInt32
    public var sources: (MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint)
    public var numDestinations: UInt32
    public var destinations: (MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint)
    public var channelMap: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    public var lowVelocity: UInt8
    public var highVelocity: UInt8
    public var lowNote: UInt8
    public var highNote: UInt8
    public var noteNumber: MIDITransform
    public var velocity: MIDITransform
    public var keyPressure: MIDITransform
    public var channelPressure: MIDITransform
    public var programChange: MIDITransform
    public var pitchBend: MIDITransform
    public var filterOutSysEx: UInt8
    public var filterOutMTC: UInt8
    public var filterOutBeatClock: UInt8
    public var filterOutTuneRequest: UInt8
    public var reserved2: (UInt8, UInt8, UInt8)
    public var filterOutAllControls: UInt8
    public var numControlTransforms: UInt16
    public var numMaps: UInt16
    public var reserved3: (UInt16, UInt16, UInt16, UInt16)
    public init() { self.version = 0; self.numSources = 0; self.sources = (MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint()); self.numDestinations = 0; self.destinations = (MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint(), MIDIThruConnectionEndpoint()); self.channelMap = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0); self.lowVelocity = 0; self.highVelocity = 0; self.lowNote = 0; self.highNote = 0; self.noteNumber = MIDITransform(); self.velocity = MIDITransform(); self.keyPressure = MIDITransform(); self.channelPressure = MIDITransform(); self.programChange = MIDITransform(); self.pitchBend = MIDITransform(); self.filterOutSysEx = 0; self.filterOutMTC = 0; self.filterOutBeatClock = 0; self.filterOutTuneRequest = 0; self.reserved2 = (0, 0, 0); self.filterOutAllControls = 0; self.numControlTransforms = 0; self.numMaps = 0; self.reserved3 = (0, 0, 0, 0) }
    public init(version: UInt32, numSources: UInt32, sources: (MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint), numDestinations: UInt32, destinations: (MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint, MIDIThruConnectionEndpoint), channelMap: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8), lowVelocity: UInt8, highVelocity: UInt8, lowNote: UInt8, highNote: UInt8, noteNumber: MIDITransform, velocity: MIDITransform, keyPressure: MIDITransform, channelPressure: MIDITransform, programChange: MIDITransform, pitchBend: MIDITransform, filterOutSysEx: UInt8, filterOutMTC: UInt8, filterOutBeatClock: UInt8, filterOutTuneRequest: UInt8, reserved2: (UInt8, UInt8, UInt8), filterOutAllControls: UInt8, numControlTransforms: UInt16, numMaps: UInt16, reserved3: (UInt16, UInt16, UInt16, UInt16)) {
        self.version = version
        self.numSources = numSources
        self.sources = sources
        self.numDestinations = numDestinations
        self.destinations = destinations
        self.channelMap = channelMap
        self.lowVelocity = lowVelocity
        self.highVelocity = highVelocity
        self.lowNote = lowNote
        self.highNote = highNote
        self.noteNumber = noteNumber
        self.velocity = velocity
        self.keyPressure = keyPressure
        self.channelPressure = channelPressure
        self.programChange = programChange
        self.pitchBend = pitchBend
        self.filterOutSysEx = filterOutSysEx
        self.filterOutMTC = filterOutMTC
        self.filterOutBeatClock = filterOutBeatClock
        self.filterOutTuneRequest = filterOutTuneRequest
        self.reserved2 = reserved2
        self.filterOutAllControls = filterOutAllControls
        self.numControlTransforms = numControlTransforms
        self.numMaps = numMaps
        self.reserved3 = reserved3
    }
}
