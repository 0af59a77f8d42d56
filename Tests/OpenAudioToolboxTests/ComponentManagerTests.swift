import Foundation
import OpenAudioToolbox
import Testing

/// Finding, naming and instantiating components.
@Suite("Audio component manager")
struct ComponentManagerTests {
    static func all(matching search: AudioComponentDescription) -> [AudioComponent] {
        var search = search
        var found: [AudioComponent] = []
        var next = AudioComponentFindNext(nil, &search)
        while let component = next {
            found.append(component)
            next = AudioComponentFindNext(component, &search)
        }
        return found
    }

    static func name(_ component: AudioComponent) -> String? {
        var name: Unmanaged<CFString>?
        guard AudioComponentCopyName(component, &name) == 0 else { return nil }
        return name?.takeRetainedValue() as String?
    }

    @Test("AU-FIND-NEXT-WILDCARD: a wildcard search walks every component in the same order each time, and AudioComponentCount agrees")
    func deterministicOrder() {
        var any = AudioComponentDescription()
        let first = Self.all(matching: any).map { Self.name($0) }
        let second = Self.all(matching: any).map { Self.name($0) }
        #expect(first == second)
        #expect(first.first == "Apple: AURemoteIO")
        #expect(AudioComponentCount(&any) == UInt32(first.count))
    }

    @Test("AU-TWO-IO-UNITS: the output units are RemoteIO and VoiceProcessingIO; RemoteIO is found by its full description, named, described and versioned")
    func remoteIO() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: kAudioUnitManufacturer_Apple,
                                                    componentFlags: 0, componentFlagsMask: 0)
        var outputs = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: 0, componentManufacturer: 0,
                                                componentFlags: 0, componentFlagsMask: 0)
        #expect(Self.all(matching: outputs).map { Self.name($0) } == ["Apple: AURemoteIO", "Apple: AUVoiceProcessor"])
        #expect(AudioComponentCount(&outputs) == 2)
        let component = try #require(AudioComponentFindNext(nil, &description))
        #expect(Self.name(component) == "Apple: AURemoteIO")
        var described = AudioComponentDescription()
        #expect(AudioComponentGetDescription(component, &described) == 0)
        #expect(described == description)
        #expect(described.componentType == 0x6175_6F75 && described.componentSubType == 0x7269_6F63)
        var version: UInt32 = 0
        #expect(AudioComponentGetVersion(component, &version) == 0 && version > 0)
        #expect(AudioComponentFindNext(component, &description) == nil)
    }

    @Test("a description nothing matches finds nothing")
    func noMatch() {
        var description = AudioComponentDescription(componentType: 0x6175_706E, componentSubType: 0, componentManufacturer: 0,
                                                    componentFlags: 0, componentFlagsMask: 0)   // 'aupn': no panners here
        #expect(AudioComponentFindNext(nil, &description) == nil)
        #expect(AudioComponentCount(&description) == 0)
    }

    @Test("an instance knows its component, and disposing it twice is refused")
    func instanceLifecycle() throws {
        var description = AudioComponentDescription(componentType: kAudioUnitType_Output, componentSubType: kAudioUnitSubType_RemoteIO,
                                                    componentManufacturer: 0, componentFlags: 0, componentFlagsMask: 0)
        let component = try #require(AudioComponentFindNext(nil, &description))
        var instance: AudioComponentInstance?
        #expect(AudioComponentInstanceNew(component, &instance) == 0)
        let unit = try #require(instance)
        #expect(AudioComponentInstanceGetComponent(unit) == component)
        // Without an app (no AppContext) the I/O unit cannot initialize.
        #expect(AudioUnitInitialize(unit) == kAudioUnitErr_FailedInitialization)
        #expect(AudioComponentInstanceDispose(unit) == 0)
        #expect(AudioComponentInstanceDispose(unit) == kAudio_ParamError)
    }
}
