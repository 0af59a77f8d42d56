import ArgumentParser
import Foundation
import JACKBackend
import VirtualDevices

/// `devices --from-jack`: a JACK server's physical ports as a device, optionally written as a
/// profile file a scenario can name as its `device:`.
struct JACKDeviceFlags: ParsableArguments {
    @Flag(name: .customLong("from-jack"), help: "List the physical ports of the running JACK server as a device (instead of --profile).")
    var fromJACK = false

    @Option(name: .customLong("jack-server"), help: "With --from-jack: the JACK server name (default: $JACK_DEFAULT_SERVER, else 'default').")
    var server: String?

    @Option(name: .customLong("write-profile"), help: "With --from-jack: also write the device as a profile file here.")
    var writeProfile: String?

    func validate() throws {
        if !fromJACK && (server != nil || writeProfile != nil) {
            throw ValidationError("--jack-server and --write-profile need --from-jack")
        }
    }

    /// Reads the server's ports as a device (writing the profile file when asked).
    func device() throws -> VirtualDevice {
        let client: JACKClient
        do { client = try JACKClient(name: "soundcheck-devices-\(getpid())", server: server) } catch { throw UserError(error.description) }
        defer { client.close() }
        let profile = JACKDeviceProfile(client: client)
        guard !profile.outputs.isEmpty || !profile.inputs.isEmpty else {
            throw UserError("the JACK server '\(profile.server)' has no physical ports")
        }
        if let writeProfile {
            try Data(profile.yaml.utf8).write(to: URL(fileURLWithPath: writeProfile))
            print("wrote \(writeProfile) (profile \(profile.id))")
        }
        do {
            return VirtualDevice(profile: try DeviceProfile.parse(profile.yaml, file: writeProfile ?? "<jack>"))
        } catch {
            throw UserError("the JACK server's ports do not make a valid profile: \(error.description)")
        }
    }
}
