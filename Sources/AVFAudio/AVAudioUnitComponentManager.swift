import Foundation
import MediaServer
@_spi(Soundcheck) import AudioToolbox

/// Finds the audio units a device offers — the system's own and those installed apps declare —
/// by description (zero fields are wildcards), by a test block that may stop early, or by an
/// `NSPredicate` over `AVAudioUnitComponent`; and lists the tags in use.
///
/// One manager per simulated device (`shared()` in an app's code returns its device's): every
/// host on the device shares its one scan, the central cache the 2014 talk describes. On Linux,
/// Foundation's `NSPredicate` supports block predicates only (`NSPredicate(format:)` is not
/// implemented there), so `components(matching:)` with a predicate evaluates block predicates.
open class AVAudioUnitComponentManager: NSObject, @unchecked Sendable {
    /// Posted (object: the shared manager) when the set of components changes: an app that
    /// provides components was installed or removed, or a node published or went away.
    public static let registrationsChangedNotification = NSNotification.Name("AVAudioUnitComponentManagerRegistrationsChangedNotification")

    private let binding: AppBinding?
    var userTags: [String: [String]] = [:]

    private init(binding: AppBinding?) {
        self.binding = binding
        super.init()
        // Only this device's changes: simulated devices share one process's notification center.
        guard let server = binding?.server else { return }
        InterAppAudio.of(server).observeRegistrations { [weak self] in
            guard let self else { return }
            NotificationCenter.default.post(name: Self.registrationsChangedNotification, object: self)
        }
    }

    /// The device's manager, for the app whose code runs now.
    public class func shared() -> AVAudioUnitComponentManager {
        guard let binding = AppContext.current else { return detached }
        return binding.server.attachment(for: AppID("<server>"), key: "AVFAudio.AVAudioUnitComponentManager") {
            AVAudioUnitComponentManager(binding: AppBinding(server: binding.server, app: AppID("<server>")))
        }
    }

    nonisolated(unsafe) private static let detached = AVAudioUnitComponentManager(binding: nil)

    /// Every component now, in search order (the same order `AudioComponentFindNext` walks).
    private var all: [AVAudioUnitComponent] {
        AudioComponentRegistry.records(binding).map { AVAudioUnitComponent($0, manager: self) }
    }

    public func components(matching desc: AudioComponentDescription) -> [AVAudioUnitComponent] {
        func field(_ wanted: OSType, _ actual: OSType) -> Bool { wanted == 0 || wanted == actual }
        return all.filter {
            let d = $0.audioComponentDescription
            return field(desc.componentType, d.componentType) && field(desc.componentSubType, d.componentSubType)
                && field(desc.componentManufacturer, d.componentManufacturer)
        }
    }

    /// The components the block accepts, in order; setting `stop` ends the search after the current one.
    public func components(passingTest testHandler: (AVAudioUnitComponent, UnsafeMutablePointer<ObjCBool>) -> Bool) -> [AVAudioUnitComponent] {
        var found: [AVAudioUnitComponent] = []
        var stop = ObjCBool(false)
        for component in all {
            if testHandler(component, &stop) { found.append(component) }
            if stop.boolValue { break }
        }
        return found
    }

    public func components(matching predicate: NSPredicate) -> [AVAudioUnitComponent] {
        all.filter { predicate.evaluate(with: $0) }
    }

    /// Every tag in use: the user's tags and all system tags.
    public var tagNames: [String] {
        var names: [String] = []
        for component in all {
            for tag in component.allTagNames where !names.contains(tag) { names.append(tag) }
        }
        return names
    }

    /// The standard system tags, in the user's language (the device speaks English).
    public var standardLocalizedTagNames: [String] { AppleUnitTags.standard }
}
