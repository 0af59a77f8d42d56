import ArgumentParser
import MediaServer
import SimCore

/// `--platform`: only the profiles the media server models. A typed option, so ArgumentParser
/// refuses any other name before `run()` and `--help` lists the choices and the default, which is
/// `PlatformProfile.default` (spelled nowhere else).
struct PlatformOption: ExpressibleByArgument, CustomStringConvertible {
    let profile: PlatformProfile

    static let `default` = PlatformOption(profile: .default)
    static var allValueStrings: [String] { PlatformProfile.all.map(\.description) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    init(profile: PlatformProfile) { self.profile = profile }

    init?(argument: String) {
        guard let profile = PlatformProfile.all.first(where: { $0.description == argument }) else { return nil }
        self.profile = profile
    }

    var description: String { profile.description }
}
