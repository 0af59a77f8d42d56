import Foundation
import MediaServer
import UIKitCore
@_spi(Soundcheck) import AudioToolbox

// The standard type names `typeName` compares with (AVAudioUnitComponent.h).
public let AVAudioUnitTypeOutput = "Output"
public let AVAudioUnitTypeMusicDevice = "Music Device"
public let AVAudioUnitTypeMusicEffect = "Music Effect"
public let AVAudioUnitTypeFormatConverter = "Format Converter"
public let AVAudioUnitTypeEffect = "Effect"
public let AVAudioUnitTypeMixer = "Mixer"
public let AVAudioUnitTypePanner = "Panner"
public let AVAudioUnitTypeGenerator = "Generator"
public let AVAudioUnitTypeOfflineEffect = "Offline Effect"
public let AVAudioUnitTypeMIDIProcessor = "MIDI Processor"
public let AVAudioUnitManufacturerNameApple = "Apple"

extension NSNotification.Name {
    /// Posted when a component's user tags change; the object is the `AVAudioUnitComponent`.
    public static let AVAudioUnitComponentTagsDidChange = NSNotification.Name("AVAudioUnitComponentTagsDidChange")
}

/// One audio unit the device offers, as `AVAudioUnitComponentManager` describes it: its name and
/// manufacturer (split from `AudioComponentCopyName`'s "Manufacturer: Name"), type name, version,
/// MIDI abilities and tags. The system tags come from the unit's creator (Apple tags its own with
/// standard tags; an app's come from its Info.plist `tags`); user tags are the device user's own.
open class AVAudioUnitComponent: NSObject, @unchecked Sendable {
    let record: AudioComponentRecord
    private let manager: AVAudioUnitComponentManager

    init(_ record: AudioComponentRecord, manager: AVAudioUnitComponentManager) {
        self.record = record
        self.manager = manager
    }

    public var name: String { split.name }
    public var manufacturerName: String { split.manufacturer }
    public var typeName: String { Self.typeNames[record.description.componentType] ?? FourCC.text(record.description.componentType) }
    public var localizedTypeName: String { typeName }
    /// 0xMMMMmmDD.
    public var version: Int { Int(record.version) }
    /// "1.2.3" from the version's major, minor and dot-release fields.
    public var versionString: String { "\(record.version >> 16).\((record.version >> 8) & 0xFF).\(record.version & 0xFF)" }
    /// Always true on iOS, where every unit runs in a sandbox.
    public var isSandboxSafe: Bool { true }
    public var hasMIDIInput: Bool {
        [kAudioUnitType_MusicDevice, kAudioUnitType_MusicEffect, kAudioUnitType_RemoteInstrument, kAudioUnitType_RemoteMusicEffect,
         Self.midiProcessor].contains(record.description.componentType)
    }
    public var hasMIDIOutput: Bool { record.description.componentType == Self.midiProcessor }
    public var audioComponent: AudioComponent { record.component }
    public var audioComponentDescription: AudioComponentDescription { record.description }
    /// The unit's icon; the registered components carry none (iOS reads an app extension's icon
    /// from its bundle, and Apple's own units have none).
    public var icon: UIImage? { nil }
    /// Validation is a macOS tool (`auval`); on iOS every component the system lists has been
    /// accepted, so it reads true.
    public var passesAUVal: Bool { true }
    /// What `AudioComponentCopyConfigurationInfo` reads from a unit's bundle (channel
    /// configurations, MIDI abilities). The simulated components are registered in code, with no
    /// bundle to read: empty, as for a unit that publishes nothing.
    public var configurationDictionary: [String: Any] { [:] }

    /// The user's tags for this unit (kept per device user); setting posts
    /// `AVAudioUnitComponentTagsDidChange`. (macOS API; the simulated Mac profile uses it.)
    public var userTagNames: [String] {
        get { manager.userTags[key] ?? [] }
        set {
            manager.userTags[key] = newValue
            NotificationCenter.default.post(name: .AVAudioUnitComponentTagsDidChange, object: self)
        }
    }

    /// User tags and the creator's system tags.
    public var allTagNames: [String] {
        var tags = userTagNames
        for tag in record.tags where !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    /// Whether the unit takes `numInputChannels` channels in and gives `numOutputChannels` out
    /// (macOS API; the simulated Mac profile uses it). Asked of a fresh instance: zero channels
    /// means the unit has no bus on that side; otherwise it must accept a stream format of that
    /// many channels there. Inter-App Audio nodes are not asked (an instance would launch the app).
    public func supportsNumberInputChannels(_ numInputChannels: Int, outputChannels numOutputChannels: Int) -> Bool {
        let remote = [kAudioUnitType_RemoteEffect, kAudioUnitType_RemoteGenerator, kAudioUnitType_RemoteInstrument,
                      kAudioUnitType_RemoteMusicEffect]
        guard numInputChannels >= 0, numOutputChannels >= 0, numInputChannels + numOutputChannels > 0,
              !remote.contains(record.description.componentType) else { return false }
        var instance: AudioComponentInstance?
        guard AudioComponentInstanceNew(record.component, &instance) == noErr, let unit = instance else { return false }
        defer { _ = AudioComponentInstanceDispose(unit) }
        return Self.accepts(unit, kAudioUnitScope_Input, channels: numInputChannels)
            && Self.accepts(unit, kAudioUnitScope_Output, channels: numOutputChannels)
    }

    private static func accepts(_ unit: AudioUnit, _ scope: AudioUnitScope, channels: Int) -> Bool {
        var count: UInt32 = 0
        var size = UInt32(MemoryLayout<UInt32>.size)
        guard AudioUnitGetProperty(unit, kAudioUnitProperty_ElementCount, scope, 0, &count, &size) == noErr else { return false }
        guard channels > 0 else { return count == 0 }
        guard count > 0 else { return false }
        var format = AudioStreamBasicDescription(mSampleRate: 44_100, mFormatID: kAudioFormatLinearPCM,
                                                 mFormatFlags: kAudioFormatFlagsNativeFloatPacked | kAudioFormatFlagIsNonInterleaved,
                                                 mBytesPerPacket: 4, mFramesPerPacket: 1, mBytesPerFrame: 4,
                                                 mChannelsPerFrame: UInt32(channels), mBitsPerChannel: 32, mReserved: 0)
        return AudioUnitSetProperty(unit, kAudioUnitProperty_StreamFormat, scope, 0, &format,
                                    UInt32(MemoryLayout<AudioStreamBasicDescription>.size)) == noErr
    }

    public override var description: String { "\(record.fullName) (\(typeName) \(versionString))" }

    var key: String {
        let d = record.description
        return "\(d.componentType)/\(d.componentSubType)/\(d.componentManufacturer)"
    }

    private var split: (manufacturer: String, name: String) {
        let parts = record.fullName.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return (FourCC.text(record.description.componentManufacturer), record.fullName) }
        return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
    }

    private static let midiProcessor: OSType = 0x6175_6D69   // 'aumi'

    /// The remote (Inter-App Audio) types read as the local type each stands for.
    private static let typeNames: [OSType: String] = [
        kAudioUnitType_Output: AVAudioUnitTypeOutput, kAudioUnitType_MusicDevice: AVAudioUnitTypeMusicDevice,
        kAudioUnitType_MusicEffect: AVAudioUnitTypeMusicEffect, kAudioUnitType_FormatConverter: AVAudioUnitTypeFormatConverter,
        kAudioUnitType_Effect: AVAudioUnitTypeEffect, kAudioUnitType_Mixer: AVAudioUnitTypeMixer,
        0x6175_706E: AVAudioUnitTypePanner, 0x6175_676E: AVAudioUnitTypeGenerator, 0x6175_6F6C: AVAudioUnitTypeOfflineEffect,
        midiProcessor: AVAudioUnitTypeMIDIProcessor,
        kAudioUnitType_RemoteEffect: AVAudioUnitTypeEffect, kAudioUnitType_RemoteGenerator: AVAudioUnitTypeGenerator,
        kAudioUnitType_RemoteInstrument: AVAudioUnitTypeMusicDevice, kAudioUnitType_RemoteMusicEffect: AVAudioUnitTypeMusicEffect,
    ]
}
