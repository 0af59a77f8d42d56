extension SessionConfiguration {
    /// Choices Apple's documentation leaves open, made once and named so a scenario can select the
    /// other reading. `reference` is what the bench does unless told otherwise.
    public struct Settings: Hashable, Sendable {
        /// The error for `allowAirPlay` with a category other than playAndRecord. The derived session
        /// model (docs/architecture.md, configuration step 4) uses badParam (-50) like every other invalid option; one
        /// device report (AVAudioSession.CategoryOptions docs, playback + allowAirPlay) saw `unspecified` ('what').
        public var allowAirPlayMisuseCode: SessionErrorCode
        /// Whether `duckOthers` may be set with `ambient`. The header (the iOS 14 and iOS 26 SDK headers) lists ambient;
        /// Apple's documentation page does not (AVAudioSession.CategoryOptions docs). Where header and documentation
        /// disagree we follow the header, which is what the compiler and the running system read (QA1754).
        public var duckOthersAllowedWithAmbient: Bool

        public init(allowAirPlayMisuseCode: SessionErrorCode = .badParam, duckOthersAllowedWithAmbient: Bool = true) {
            self.allowAirPlayMisuseCode = allowAirPlayMisuseCode
            self.duckOthersAllowedWithAmbient = duckOthersAllowedWithAmbient
        }

        /// badParam for allowAirPlay misuse; duckOthers allowed with ambient.
        public static let reference = Settings()
    }
}
