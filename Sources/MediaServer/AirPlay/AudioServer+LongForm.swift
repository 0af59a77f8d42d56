import SimCore
import VirtualDevices

extension AudioServer {
    /// The user picks outputs for long-form audio in the route picker (Control Center's AirPlay
    /// menu): long-form sessions play there, everything else keeps the local route.
    public func pickLongFormRoute(_ uids: [String]) {
        record(.routePicked, ["ports": .list(uids.map { .string($0) })])
        carry(policy.pickLongFormRoute(uids))
    }
}
