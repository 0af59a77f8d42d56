import MediaServer
import CoreAudioTypes

/// What `AVAudioUnitComponentManager` reads about the components a device offers: the system's
/// units and the ones installed apps declare, in search order, with their names, versions and
/// system tags.
@_spi(Soundcheck)
public struct AudioComponentRecord {
    public let component: AudioComponent
    public let description: AudioComponentDescription
    /// "Apple: AUNBandEQ": manufacturer, colon, unit name (`AudioComponentCopyName`).
    public let fullName: String
    public let version: UInt32
    public let tags: [String]
    /// The app that declares it; nil for the system's own units.
    public let appName: String?
}

@_spi(Soundcheck)
public enum AudioComponentRegistry {
    /// The components the device of `binding` offers now (the system's alone without a device).
    public static func records(_ binding: AppBinding?) -> [AudioComponentRecord] {
        let components = binding.map { RegisteredComponent.all + InterAppAudio.of($0.server).components } ?? RegisteredComponent.all
        return components.map {
            AudioComponentRecord(component: $0.handle, description: $0.description, fullName: $0.name, version: $0.version,
                                 tags: $0.tags, appName: $0.owner?.name)
        }
    }
}
