extension SessionConfiguration {
    /// Choices the reference leaves open, made once and named so a scenario can select the other
    /// reading. `reference` is what the bench does unless told otherwise.
    public struct Settings: Hashable, Sendable {
        /// The error for `allowAirPlay` with a category other than playAndRecord. The reference's
        /// derived model (§17 step 4) uses badParam (-50) like every other invalid option; one
        /// device report (§4, playback + allowAirPlay) saw `unspecified` ('what').
        public var allowAirPlayMisuseCode: SessionErrorCode
        /// Whether `duckOthers` may be set with `ambient`. The header (H-T14, H-T27) lists ambient;
        /// the DOC page does not (§4, §19 question 3). We follow the header, as the reference does
        /// where header and DOC disagree (§10.4).
        public var duckOthersAllowedWithAmbient: Bool

        public init(allowAirPlayMisuseCode: SessionErrorCode = .badParam, duckOthersAllowedWithAmbient: Bool = true) {
            self.allowAirPlayMisuseCode = allowAirPlayMisuseCode
            self.duckOthersAllowedWithAmbient = duckOthersAllowedWithAmbient
        }

        /// badParam for allowAirPlay misuse; duckOthers allowed with ambient.
        public static let reference = Settings()
    }
}
