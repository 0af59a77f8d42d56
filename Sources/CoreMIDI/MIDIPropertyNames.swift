// The object properties of MIDIServices.h beyond the basic ones in MIDITypes.swift. Their values
// are the keys Core MIDI stores them under; apps only ever pass the constants. The values of the
// older ones are those of Apple's CoreMIDI Java constants (CoreAudio Java, 2003); the ones that
// list lacks (marked "ours") follow its naming and are not confirmed.
// Every property reads and writes through MIDIObjectGet/Set…Property: unset, it answers
// kMIDIUnknownProperty; read as the wrong type, kMIDIWrongPropertyType.

// Identity and ownership.
/// String: the driver that owns a device (Apple's key is "driver").
nonisolated(unsafe) public let kMIDIPropertyDriverOwner: CFString = "driver"
/// Integer: the version of the owning driver's API.
nonisolated(unsafe) public let kMIDIPropertyDriverVersion: CFString = "driverVersion"
/// String: the device's editor app (ours).
nonisolated(unsafe) public let kMIDIPropertyDriverDeviceEditorApp: CFString = "driverDeviceEditorApp"
/// String: a path to the device's icon.
nonisolated(unsafe) public let kMIDIPropertyImage: CFString = "image"
/// Integer: the device's or entity's system-exclusive ID.
nonisolated(unsafe) public let kMIDIPropertyDeviceID: CFString = "deviceID"
/// Integer or data: the unique ID of the external object this one is cabled to (0: none).
nonisolated(unsafe) public let kMIDIPropertyConnectionUniqueID: CFString = "connUniqueID"
/// Integer: 1 when the entity has no external connectors.
nonisolated(unsafe) public let kMIDIPropertyIsEmbeddedEntity: CFString = "embedded"
/// Integer: 1 when the endpoint sends to every other endpoint of its device.
nonisolated(unsafe) public let kMIDIPropertyIsBroadcast: CFString = "broadcast"
/// Integer: the unique ID of the entity that carries a device's real-time messages (ours).
nonisolated(unsafe) public let kMIDIPropertySingleRealtimeEntity: CFString = "single realtime entity"
/// Data: endpoints associated with this one, such as a source and destination of one UMP endpoint (ours).
nonisolated(unsafe) public let kMIDIPropertyAssociatedEndpoint: CFString = "associatedEndpoint"

// Timing and bandwidth.
/// Integer: how many microseconds ahead clients should schedule output to the object.
nonisolated(unsafe) public let kMIDIPropertyAdvanceScheduleTimeMuSec: CFString = "scheduleAheadMuSec"
/// Integer: bytes a second of SysEx the object accepts (3125 for MIDI 1.0 speed).
nonisolated(unsafe) public let kMIDIPropertyMaxSysExSpeed: CFString = "maxSysExSpeed"

// Channels.
/// Integer: a bitmap of the channels the object receives on, bit 0 for channel 1.
nonisolated(unsafe) public let kMIDIPropertyReceiveChannels: CFString = "receiveChannels"
/// Integer: a bitmap of the channels the object transmits on.
nonisolated(unsafe) public let kMIDIPropertyTransmitChannels: CFString = "transmitChannels"
/// Integer: how many channels the device can receive on at once (ours).
nonisolated(unsafe) public let kMIDIPropertyMaxReceiveChannels: CFString = "max receive channels"
/// Integer: 1 when the device transmits on every channel at once (ours).
nonisolated(unsafe) public let kMIDIPropertyMaxTransmitChannels: CFString = "max transmit channels"

// What an external device does (integers, 0 or 1), for setup editors.
nonisolated(unsafe) public let kMIDIPropertySupportsGeneralMIDI: CFString = "supports General MIDI"
nonisolated(unsafe) public let kMIDIPropertySupportsMMC: CFString = "supports MMC"
/// Ours: not in the 2003 list.
nonisolated(unsafe) public let kMIDIPropertySupportsShowControl: CFString = "supports show control"
nonisolated(unsafe) public let kMIDIPropertyCanRoute: CFString = "can route"
nonisolated(unsafe) public let kMIDIPropertyReceivesClock: CFString = "receives clock"
nonisolated(unsafe) public let kMIDIPropertyReceivesMTC: CFString = "receives MTC"
nonisolated(unsafe) public let kMIDIPropertyReceivesNotes: CFString = "receives notes"
nonisolated(unsafe) public let kMIDIPropertyReceivesProgramChanges: CFString = "receives program changes"
nonisolated(unsafe) public let kMIDIPropertyReceivesBankSelectMSB: CFString = "receives bank select MSB"
nonisolated(unsafe) public let kMIDIPropertyReceivesBankSelectLSB: CFString = "receives bank select LSB"
nonisolated(unsafe) public let kMIDIPropertyTransmitsClock: CFString = "transmits clock"
nonisolated(unsafe) public let kMIDIPropertyTransmitsMTC: CFString = "transmits MTC"
nonisolated(unsafe) public let kMIDIPropertyTransmitsNotes: CFString = "transmits notes"
nonisolated(unsafe) public let kMIDIPropertyTransmitsProgramChanges: CFString = "transmits program changes"
nonisolated(unsafe) public let kMIDIPropertyTransmitsBankSelectMSB: CFString = "transmits bank select MSB"
nonisolated(unsafe) public let kMIDIPropertyTransmitsBankSelectLSB: CFString = "transmits bank select LSB"
nonisolated(unsafe) public let kMIDIPropertyPanDisruptsStereo: CFString = "pan disrupts stereo"
nonisolated(unsafe) public let kMIDIPropertyIsSampler: CFString = "is sampler"
nonisolated(unsafe) public let kMIDIPropertyIsDrumMachine: CFString = "is drum machine"
nonisolated(unsafe) public let kMIDIPropertyIsMixer: CFString = "is mixer"
nonisolated(unsafe) public let kMIDIPropertyIsEffectUnit: CFString = "is effect unit"

// Names of patches, notes and controls (MIDINameDocument).
/// Dictionary: the device's current name configuration.
nonisolated(unsafe) public let kMIDIPropertyNameConfiguration: CFString = "nameConfiguration"
/// Dictionary: the same, in the newer form (ours).
nonisolated(unsafe) public let kMIDIPropertyNameConfigurationDictionary: CFString = "nameConfigurationDictionary"

// Universal MIDI Packets (ours).
/// Integer: a bitmap of the UMP groups the endpoint uses, bit 0 for group 1.
nonisolated(unsafe) public let kMIDIPropertyUMPActiveGroupBitmap: CFString = "UMPActiveGroupBitmap"
/// Integer: 1 when the endpoint may send messages that belong to no group.
nonisolated(unsafe) public let kMIDIPropertyUMPCanTransmitGroupless: CFString = "UMPCanTransmitGroupless"

/// The unique ID no object has.
public var kMIDIInvalidUniqueID: MIDIUniqueID { 0 }
