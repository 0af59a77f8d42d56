import MediaServer

extension AVAudioSession {
    /// `setRouteSharingPolicy(_:)`, the Mac's session API (macOS 10.13): "AVAudioSession is new
    /// altogether on macOS … you simply set the route sharing policy to long-form" (WWDC 2017
    /// session 509). A Mac app has no category, mode or activation to set.
    ///
    /// The simulated Mac runs the same media server as the iOS profiles, where a route sharing
    /// policy belongs to the playback category, so the policy is set with it; on an iPhone or
    /// iPad, where the call does not exist, it fails with `badParam`.
    public func setRouteSharingPolicy(_ inPolicy: RouteSharingPolicy) throws {
        guard read(false, { server, _ in server.device.profile.family == .computer }) else {
            throw Self.error(.badParam, "setRouteSharingPolicy(_:) is the Mac's API; on iOS the policy is set with the category")
        }
        try setCategory(.playback, mode: .default, policy: inPolicy, options: [])
    }
}
