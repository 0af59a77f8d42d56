import VirtualDevices

/// JACK port names for a device's port channels: the port type's raw value and the 1-based
/// channel ("Speaker-1", "HDMIOutput-3"). A second port of the same type gets its ordinal
/// ("USBAudio2-1"), so no two device ports ever share a JACK name.
struct JACKPortNames {
    private var baseNames: [String: String] = [:]
    private var taken: Set<String> = []

    /// The base name of the port with `uid` and type `type`, fixed the first time it is asked for.
    mutating func baseName(uid: String, type: String) -> String {
        if let known = baseNames[uid] { return known }
        var candidate = type, ordinal = 1
        while taken.contains(candidate) {
            ordinal += 1
            candidate = "\(type)\(ordinal)"
        }
        taken.insert(candidate)
        baseNames[uid] = candidate
        return candidate
    }

    static func channelName(base: String, channel: Int) -> String { "\(base)-\(channel)" }
}
