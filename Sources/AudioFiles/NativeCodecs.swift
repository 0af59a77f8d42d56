import CSndFile
import CSoxr

/// The native libraries behind audio files (libsndfile) and sample-rate conversion (libsoxr).
public enum NativeCodecs {
    /// libsndfile's version string, e.g. "libsndfile-1.2.0".
    public static var sndfileVersion: String { String(cString: sf_version_string()) }

    /// libsoxr's version string, e.g. "libsoxr-0.1.3".
    public static var soxrVersion: String { String(cString: soxr_version()) }
}
