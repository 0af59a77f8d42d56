import MediaServer
import SimCore

/// `--platform`: only the profiles the media server models (the help lists them), with a
/// did-you-mean for a near miss.
enum PlatformOption {
    static let names = PlatformProfile.all.map(\.description)
    static let help = "Platform profile: \(names.joined(separator: ", "))."

    static func parse(_ name: String) throws -> PlatformProfile {
        if let profile = PlatformProfile.all.first(where: { $0.description == name }) { return profile }
        let hint = closestName(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw UserError("unknown platform '\(name)'\(hint) (expected one of: \(names.joined(separator: ", ")))")
    }
}
