import Foundation
import CoreAudioTypes

// Inter-App Audio (iOS 7; deprecated in iOS 13 "in favor of Audio Units"; unavailable on macOS):
// the remote unit types, the properties and the result codes of AUComponent.h and
// AudioUnitProperties.h, with the header values.

public let kAudioUnitType_RemoteEffect: UInt32 = 0x6175_7278        // 'aurx'
public let kAudioUnitType_RemoteGenerator: UInt32 = 0x6175_7267     // 'aurg'
public let kAudioUnitType_RemoteInstrument: UInt32 = 0x6175_7269    // 'auri'
public let kAudioUnitType_RemoteMusicEffect: UInt32 = 0x6175_726D   // 'aurm'

public let kAudioUnitProperty_HostCallbacks: AudioUnitPropertyID = 27
public let kAudioUnitProperty_RemoteControlEventListener: AudioUnitPropertyID = 100
public let kAudioUnitProperty_IsInterAppConnected: AudioUnitPropertyID = 101
public let kAudioUnitProperty_PeerURL: AudioUnitPropertyID = 102
public let kAudioOutputUnitProperty_MIDICallbacks: AudioUnitPropertyID = 2010
public let kAudioOutputUnitProperty_HostReceivesRemoteControlEvents: AudioUnitPropertyID = 2011
public let kAudioOutputUnitProperty_RemoteControlToHost: AudioUnitPropertyID = 2012
public let kAudioOutputUnitProperty_HostTransportState: AudioUnitPropertyID = 2013
public let kAudioOutputUnitProperty_NodeComponentDescription: AudioUnitPropertyID = 2014

/// A non-unique description passed to `AudioOutputUnitPublish`.
public let kAudioComponentErr_DuplicateDescription: OSStatus = -66752
/// A published description whose type is not one of the four remote types.
public let kAudioComponentErr_UnsupportedType: OSStatus = -66751
/// A published component may have one instance at a time.
public let kAudioComponentErr_TooManyInstances: OSStatus = -66750
/// Missing `inter-app-audio` entitlement or `audio` background mode, or the published component
/// is not declared in the app's Info.plist `AudioComponents`.
public let kAudioComponentErr_NotPermitted: OSStatus = -66748
/// The host did not render the node in time after initializing it: uninitialize, reinitialize.
public let kAudioComponentErr_InitializationTimedOut: OSStatus = -66747
/// An inter-app stream format not at the hardware sample rate.
public let kAudioComponentErr_InvalidFormat: OSStatus = -66746
/// `kAudio_UnimplementedError`: the call does not exist on this platform (IAA before iOS 7 or on a Mac).
public let kAudio_UnimplementedError: OSStatus = -4

/// "Operation denied" (12985, no symbolic name in the SDK): what a node gets when it starts its
/// I/O unit from the background without a host connection (WWDC 2013 session 602).
@_spi(Soundcheck) public let kInterAppAudioOperationDenied: OSStatus = 12985

/// Posted (on `NotificationCenter.default`, object nil) when the set of components changes: an
/// app that declares components was installed or removed, or a node published or went away.
nonisolated(unsafe) public let kAudioComponentRegistrationsChangedNotification: CFString = "AudioComponentRegistrationsChangedNotification"
/// Posted when a unit instance's implementation went away (the node app died); `userInfo["audioUnit"]`
/// is an `NSValue` holding the `AudioUnit` pointer.
nonisolated(unsafe) public let kAudioComponentInstanceInvalidationNotification: CFString = "AudioComponentInstanceInvalidationNotification"

/// What a node may ask its host to do (`kAudioOutputUnitProperty_RemoteControlToHost`).
public enum AudioUnitRemoteControlEvent: UInt32, Sendable {
    case togglePlayPause = 1
    case toggleRecord = 2
    case rewind = 3
}

/// The block a host sets as `kAudioUnitProperty_RemoteControlEventListener` on a node unit.
public typealias AudioUnitRemoteControlEventListener = (AudioUnitRemoteControlEvent) -> Void

// Host callbacks (AUComponent.h): every out-pointer may be nil; each returns an OSStatus.
public typealias HostCallback_GetBeatAndTempo = (UnsafeMutableRawPointer?, UnsafeMutablePointer<Float64>?,
                                                 UnsafeMutablePointer<Float64>?) -> OSStatus
public typealias HostCallback_GetMusicalTimeLocation = (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt32>?,
                                                        UnsafeMutablePointer<Float32>?, UnsafeMutablePointer<UInt32>?,
                                                        UnsafeMutablePointer<Float64>?) -> OSStatus
public typealias HostCallback_GetTransportState = (UnsafeMutableRawPointer?, UnsafeMutablePointer<DarwinBoolean>?,
                                                   UnsafeMutablePointer<DarwinBoolean>?, UnsafeMutablePointer<Float64>?,
                                                   UnsafeMutablePointer<DarwinBoolean>?, UnsafeMutablePointer<Float64>?,
                                                   UnsafeMutablePointer<Float64>?) -> OSStatus
public typealias HostCallback_GetTransportState2 = (UnsafeMutableRawPointer?, UnsafeMutablePointer<DarwinBoolean>?,
                                                    UnsafeMutablePointer<DarwinBoolean>?, UnsafeMutablePointer<DarwinBoolean>?,
                                                    UnsafeMutablePointer<Float64>?, UnsafeMutablePointer<DarwinBoolean>?,
                                                    UnsafeMutablePointer<Float64>?, UnsafeMutablePointer<Float64>?) -> OSStatus

/// `kAudioUnitProperty_HostCallbacks`: what a host offers a node about its timeline.
public struct HostCallbackInfo {
    public var hostUserData: UnsafeMutableRawPointer?
    public var beatAndTempoProc: HostCallback_GetBeatAndTempo?
    public var musicalTimeLocationProc: HostCallback_GetMusicalTimeLocation?
    public var transportStateProc: HostCallback_GetTransportState?
    public var transportStateProc2: HostCallback_GetTransportState2?

    public init() {}
    public init(hostUserData: UnsafeMutableRawPointer?, beatAndTempoProc: HostCallback_GetBeatAndTempo?,
                musicalTimeLocationProc: HostCallback_GetMusicalTimeLocation?,
                transportStateProc: HostCallback_GetTransportState?, transportStateProc2: HostCallback_GetTransportState2?) {
        self.hostUserData = hostUserData
        self.beatAndTempoProc = beatAndTempoProc
        self.musicalTimeLocationProc = musicalTimeLocationProc
        self.transportStateProc = transportStateProc
        self.transportStateProc2 = transportStateProc2
    }
}

/// `kAudioOutputUnitProperty_MIDICallbacks`: where a node receives its host's MIDI, at the start
/// of each render cycle, with each event's frame offset into that cycle.
public struct AudioOutputUnitMIDICallbacks {
    public var userData: UnsafeMutableRawPointer?
    public var MIDIEventProc: (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UInt32) -> Void
    public var MIDISysExProc: (UnsafeMutableRawPointer?, UnsafePointer<UInt8>, UInt32) -> Void

    /// Apple's only initializer: both callbacks are required (the C struct's function pointers are nonnull).
    public init(userData: UnsafeMutableRawPointer?,
                MIDIEventProc: @escaping (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UInt32) -> Void,
                MIDISysExProc: @escaping (UnsafeMutableRawPointer?, UnsafePointer<UInt8>, UInt32) -> Void) {
        self.userData = userData
        self.MIDIEventProc = MIDIEventProc
        self.MIDISysExProc = MIDISysExProc
    }
}

extension AudioComponentDescription {
    /// One of the four Inter-App Audio types.
    var isRemote: Bool {
        [kAudioUnitType_RemoteEffect, kAudioUnitType_RemoteGenerator, kAudioUnitType_RemoteInstrument,
         kAudioUnitType_RemoteMusicEffect].contains(componentType)
    }

    /// Type, subtype and manufacturer equal (flags are not part of a component's identity).
    func sameComponent(as other: AudioComponentDescription) -> Bool {
        componentType == other.componentType && componentSubType == other.componentSubType
            && componentManufacturer == other.componentManufacturer
    }
}
