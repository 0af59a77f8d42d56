import Foundation

/// Pins OpenAL Soft's configuration so no file on the machine changes how it renders.
///
/// OpenAL Soft (1.19) reads its options once per process, at its first ALC call, from
/// /etc/openal/alsoft.conf, `$XDG_CONFIG_DIRS/alsoft.conf` (default /etc/xdg), `~/.alsoftrc`,
/// `$XDG_CONFIG_HOME/alsoft.conf` (or ~/.config/alsoft.conf), alsoft.conf next to the executable,
/// and last the file named by `ALSOFT_CONF`; a later file's value replaces an earlier one's, and
/// an option set to the empty string reads as the library's default. So we point `ALSOFT_CONF`
/// at a file that sets every option of that version to the empty string, in the general
/// section and the loopback device's own (options can be given per device name), which
/// restores every default whatever the other files say. The loopback format, HRTF off and the
/// rest come from the context attributes (OpenALDevice).
///
/// Environment variables that change rendering or behaviour are removed first: those read at
/// that first call (`ALSOFT_DEFAULT_REVERB`, `__ALSOFT_SUSPEND_CONTEXT`, the error traps) and the
/// three a linked OpenAL Soft would read as the process starts (`__ALSOFT_HALF_ANGLE_CONES`,
/// `__ALSOFT_REVERSE_Z`, `__ALSOFT_REVERB_IGNORES_SOUND_SPEED`). Those three can be removed in
/// time because the library is not linked: COpenAL loads it with dlopen at the first OpenAL call,
/// which comes after this pinning.
enum OpenALSoftConfiguration {
    /// Every option OpenAL Soft 1.19 reads, by section (its alsoftrc.sample).
    static let options: [(section: String, keys: [String])] = [
        ("general", ["disable-cpu-exts", "drivers", "channels", "sample-type", "frequency", "period_size", "periods",
                     "stereo-mode", "stereo-encoding", "ambi-format", "hrtf", "default-hrtf", "hrtf-paths", "hrtf-mode",
                     "hrtf-size", "cf_level", "resampler", "rt-prio", "sources", "slots", "sends", "front-stablizer",
                     "output-limiter", "dither", "dither-depth", "volume-adjust", "excludefx", "default-reverb",
                     "trap-alc-error", "trap-al-error"]),
        ("decoder", ["hq-mode", "distance-comp", "nfc", "nfc-ref-delay", "quad", "surround51", "surround61", "surround71"]),
        ("reverb", ["boost"]),
    ]
    /// The name OpenAL Soft gives a loopback device, under which per-device options are looked up.
    static let loopbackDeviceName = "Loopback"
    static let removedVariables = ["ALSOFT_DEFAULT_REVERB", "__ALSOFT_SUSPEND_CONTEXT", "ALSOFT_TRAP_ERROR",
                                   "ALSOFT_TRAP_AL_ERROR", "ALSOFT_TRAP_ALC_ERROR",
                                   "__ALSOFT_HALF_ANGLE_CONES", "__ALSOFT_REVERSE_Z", "__ALSOFT_REVERB_IGNORES_SOUND_SPEED"]

    /// The pinning file's text: each option empty, for every device and for the loopback device.
    static var text: String {
        var lines = ["# Written by Soundcheck: every OpenAL Soft option at its default."]
        for (section, keys) in options {
            let named = section == "general" ? loopbackDeviceName : "\(section)/\(loopbackDeviceName)"
            for header in [section, named] {
                lines.append("[\(header)]")
                lines += keys.map { "\($0) =" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pins once, before OpenAL Soft's first ALC call (every entry into the library calls this
    /// first); nil when pinned, else why OpenAL must not be used in this process.
    static let problem: String? = pin()

    private static func pin() -> String? {
        for name in removedVariables { unsetenv(name) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-alsoft-\(getpid()).conf").path
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            return "cannot write OpenAL Soft's pinned configuration to \(path)"
        }
        setenv("ALSOFT_CONF", path, 1)
        return nil
    }
}
