import ArgumentParser
import SimCore
import VirtualDevices

/// `soundcheck devices`: the ports a profile has, with accessories attached.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the ports, channels and formats of a simulated device.",
        discussion: """
            Accessories: \(AccessoryKind.names.map { $0.name + $0.parameters }.joined(separator: ", ")).
            Example: soundcheck devices --profile iphone --with usb-interface:4x4 --with hdmi:8
            """
    )

    @Option(name: .long, help: "A built-in profile (iphone, ipad, mac) or the path of a profile file.")
    var profile = "iphone"

    @Option(name: .customLong("with"), help: "Attach an accessory (repeatable), e.g. hdmi:6 or usb-interface:18x20.")
    var accessories: [String] = []

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup(title: "Real hardware")
    var jack: JACKDeviceFlags

    func run() throws {
        let device = jack.fromJACK ? try jack.device() : try DeviceSetup.make(profile: profile, accessories: accessories)
        print(json ? PortReport.json(device) : PortReport.table(device), terminator: json ? "\n" : "")
    }
}

/// Builds a device from command-line names, turning model errors into usage errors.
enum DeviceSetup {
    static func make(profile: String, accessories: [String]) throws -> VirtualDevice {
        let loaded: DeviceProfile
        do { loaded = try DeviceProfile.load(profile) } catch { throw UserError(error.description) }
        var device = VirtualDevice(profile: loaded)
        for spec in accessories {
            do {
                _ = try device.apply(.attach(try AccessoryKind(spec: spec), connector: nil))
            } catch let error as AccessorySpecError {
                throw UserError(error.description)
            } catch let error as DeviceEventError {
                throw UserError("cannot attach \(spec): \(error.description)")
            }
        }
        return device
    }
}
