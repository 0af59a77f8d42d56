import CJACK

/// The JACK client library this build links, for real-hardware runs through a JACK server.
public enum JACKLibrary {
    /// The library's own version string, e.g. "1.9.21".
    public static var version: String {
        guard let text = jack_get_version_string() else { return "unknown" }
        return String(cString: text)
    }
}
