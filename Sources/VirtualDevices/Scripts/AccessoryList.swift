import SimCore

/// Reads an `accessories:` list (event scripts and scenarios) and attaches it to a fresh device of
/// `profile` right away, so a connector conflict (two accessories on the one headphone jack, an
/// HDMI adapter on a profile without Lightning) is reported at the entry, before anything runs.
public enum AccessoryList {
    public static func read(_ value: YAMLValue?, profile: DeviceProfile) throws(SourceError) -> [AccessoryKind] {
        var device = VirtualDevice(profile: profile)
        var kinds: [AccessoryKind] = []
        for entry in try value?.list("accessories") ?? [] {
            let kind = try DeviceEventReader.accessory(entry)
            do { _ = try device.apply(.attach(kind, connector: nil)) } catch {
                throw entry.error("cannot attach '\(kind.spec)' at the start: \(error.description)")
            }
            kinds.append(kind)
        }
        return kinds
    }
}
