// A host's audio-unit browser, written only against Apple's AVFAudio API: it lists effects by
// description, finds the first instrument with a test block that stops the search, filters by
// tag with a predicate, shows the tags in use, and rescans when the set of components changes.
// (The predicate is a block predicate: Linux Foundation has no `NSPredicate(format:)`.) The same
// file compiles on iOS.
import AVFAudio
import AudioToolbox
import Foundation

final class ComponentBrowser: @unchecked Sendable {
    private(set) var rescans = 0
    private(set) var effectNames: [String] = []
    private var observer: NSObjectProtocol?

    init() {
        rescan()
        observer = NotificationCenter.default.addObserver(forName: AVAudioUnitComponentManager.registrationsChangedNotification,
                                                          object: AVAudioUnitComponentManager.shared(), queue: nil) { [weak self] _ in self?.rescan() }
    }

    deinit { observer.map(NotificationCenter.default.removeObserver) }

    func rescan() {
        rescans += 1
        var effects = AudioComponentDescription()
        effects.componentType = kAudioUnitType_Effect
        effectNames = AVAudioUnitComponentManager.shared().components(matching: effects).map(\.name)
    }

    /// Every component whose type name is the standard one for effects.
    func allEffects() -> [AVAudioUnitComponent] {
        AVAudioUnitComponentManager.shared().components(matching: NSPredicate { component, _ in
            (component as? AVAudioUnitComponent)?.typeName == AVAudioUnitTypeEffect
        })
    }

    /// The first component that takes MIDI; the search stops there.
    func firstInstrument(visited: inout Int) -> AVAudioUnitComponent? {
        var count = 0
        let found = AVAudioUnitComponentManager.shared().components { component, stop in
            count += 1
            guard component.hasMIDIInput else { return false }
            stop.pointee = true
            return true
        }
        visited = count
        return found.first
    }

    func tagged(_ tag: String) -> [String] {
        AVAudioUnitComponentManager.shared().components(matching: NSPredicate { component, _ in
            (component as? AVAudioUnitComponent)?.allTagNames.contains(tag) == true
        }).map(\.name)
    }

    var tags: [String] { AVAudioUnitComponentManager.shared().tagNames }
    var standardTags: [String] { AVAudioUnitComponentManager.shared().standardLocalizedTagNames }
}
