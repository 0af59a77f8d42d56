import Foundation
import AudioToolbox
import Testing

/// Finding, naming and instantiating components (the wildcard walk and the two IO units are
/// built-in checks, `AudioUnitGraphChecks`).
@Suite("Audio component manager")
struct ComponentManagerTests {
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
        // A disposed instance has no component: the handle answered resolves to none.
        var after = AudioComponentDescription()
        #expect(AudioComponentGetDescription(AudioComponentInstanceGetComponent(unit), &after) == kAudio_ParamError)
    }
}
