import Testing
@testable import MediaServer

/// Long-form route sharing policy rules of `setCategory(_:mode:policy:options:)` (AVAudioSession.RouteSharingPolicy docs).
@Suite("Route sharing policy rules (SESSION-CONFIG-POLICY)")
struct RouteSharingPolicyTests {
    static let longForm: [RouteSharingPolicy] = [.longFormAudio, .longFormVideo]

    @Test("SESSION-CONFIG-POLICY-LONGFORM-PLAYBACK: long-form playback is accepted and read back", arguments: longForm)
    func acceptedWithPlayback(_ policy: RouteSharingPolicy) throws {
        let config = try configure(.playback, policy: policy)
        #expect(config.routeSharingPolicy == policy)
        #expect(config.category == .playback)
    }

    @Test("SESSION-CONFIG-POLICY-LONGFORM-PLAYBACK-ONLY: any other category is badParam naming the rule",
          arguments: [SessionCategory.ambient, .soloAmbient, .record, .playAndRecord, .multiRoute])
    func otherCategoriesRejected(_ category: SessionCategory) {
        let error = configurationError(category, policy: .longFormAudio)
        #expect(error == SessionError(.badParam, "routeSharingPolicy longFormAudio is only applicable with category playback"))
    }

    @Test("SESSION-CONFIG-POLICY-LONGFORM-MODES: modes default, moviePlayback and spokenAudio only",
          arguments: SessionMode.allCases)
    func longFormModes(_ mode: SessionMode) {
        let allowed: [SessionMode] = [.default, .moviePlayback, .spokenAudio]
        let error = configurationError(.playback, mode: mode, policy: .longFormVideo)
        if allowed.contains(mode) {
            #expect(error == nil)
        } else {
            #expect(error == SessionError(.badParam,
                "routeSharingPolicy longFormVideo is only applicable with modes default, moviePlayback and spokenAudio"))
        }
    }

    @Test("SESSION-CONFIG-POLICY-LONGFORM-SHORTFORMVIDEO: shortFormVideo is not applicable with long-form policies",
          arguments: longForm)
    func shortFormVideoRejected(_ policy: RouteSharingPolicy) {
        #expect(configurationError(.playback, mode: .shortFormVideo, policy: policy)?.code == .badParam)
    }

    @Test("SESSION-CONFIG-POLICY-LONGFORM-NO-OPTIONS: long-form policies take no options", arguments: [
        CategoryOptions.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers,
    ])
    func noOptions(_ options: CategoryOptions) {
        let error = configurationError(.playback, policy: .longFormAudio, options: options)
        #expect(error == SessionError(.badParam, "routeSharingPolicy longFormAudio does not allow category options"))
    }

    @Test("SESSION-CONFIG-POLICY-BACK-TO-DEFAULT: options are allowed again when the policy returns to default")
    func optionsBackWithDefaultPolicy() throws {
        _ = try configure(.playback, policy: .longFormAudio)
        let config = try configure(.playback, policy: .default, options: .mixWithOthers)
        #expect(config.routeSharingPolicy == .default && config.isMixable)
    }

    @Test("SESSION-CONFIG-POLICY-INDEPENDENT-SYSTEM-ONLY: apps cannot set the independent policy")
    func independentRejected() {
        let error = configurationError(.playback, policy: .independent)
        #expect(error == SessionError(.badParam, "routeSharingPolicy independent is set by the system; apps must not set it"))
    }

    @Test("SESSION-CONFIG-POLICY-RELEASES: policies arrive in iOS 11, longFormVideo in iOS 13")
    func policyReleases() {
        #expect(configurationError(.playback, policy: .longFormAudio, profile: .ios8)
            == SessionError(.badParam, "routeSharingPolicy longFormAudio is not available on ios8"))
        #expect(configurationError(.playback, policy: .longFormAudio, profile: PlatformProfile(release: 11)) == nil)
        #expect(configurationError(.playback, policy: .longFormVideo, profile: PlatformProfile(release: 12))?.code == .badParam)
        #expect(configurationError(.playback, policy: .longFormVideo, profile: PlatformProfile(release: 13)) == nil)
    }
}
