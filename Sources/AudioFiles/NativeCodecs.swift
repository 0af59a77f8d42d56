import CSndFile

/// The native library behind audio files (libsndfile). Sample-rate conversion (libsoxr) lives in
/// AudioGraph, which owns the render path.
public enum NativeCodecs {
    /// libsndfile's version string, e.g. "libsndfile-1.2.0".
    public static var sndfileVersion: String { String(cString: sf_version_string()) }
}
