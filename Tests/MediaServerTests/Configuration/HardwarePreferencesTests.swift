import SimCore
import Testing
@testable import MediaServer

/// The app's requests and the errors its setters return (setPreferredSampleRate/IOBufferDuration docs, AVAudioSession.ErrorCode docs, AVAudioSession hardware-value docs).
@Suite("Hardware preferences (SESSION-HW-PREFERENCE)")
struct HardwarePreferencesTests {
    @Test("SESSION-HW-PREFERENCE-ECHO: preferred values read back as requested, even when the hardware cannot honour them")
    func echo() throws {
        var preferences = HardwarePreferences()
        #expect(preferences.preferredSampleRate == nil && preferences.preferredIOBufferDuration == nil)
        try preferences.setPreferredSampleRate(22_050)
        try preferences.setPreferredIOBufferDuration(.microseconds(2_900))
        #expect(preferences.preferredSampleRate == 22_050)
        #expect(preferences.preferredIOBufferDuration == .microseconds(2_900))
        // The hardware runs at its nearest rate, but the getter keeps the request.
        let settings = HardwareNegotiator.resolve(preferences: preferences, hardware: Fixture.phone,
                                                  outputs: [Fixture.speaker], inputs: [])
        #expect(settings.sampleRate == 44_100)
        #expect(preferences.preferredSampleRate == 22_050)
    }

    @Test("SESSION-HW-RATE-POSITIVE: zero or negative sample rates are badParam and change nothing", arguments: [0, -1, -48_000])
    func nonPositiveRate(_ hertz: Int) throws {
        var preferences = try Fixture.preferences(rate: 48_000)
        let error = thrownError { () throws(SessionError) in try preferences.setPreferredSampleRate(hertz) }
        #expect(error == SessionError(.badParam, "preferred sample rate must be positive, got \(hertz) Hz"))
        #expect(preferences.preferredSampleRate == 48_000)
    }

    @Test("SESSION-HW-IOBUFFER-POSITIVE: zero or negative IO buffer durations are badParam",
          arguments: [HostDuration.zero, .nanoseconds(-1), .milliseconds(-5)])
    func nonPositiveDuration(_ duration: HostDuration) {
        var preferences = HardwarePreferences()
        let error = thrownError { () throws(SessionError) in try preferences.setPreferredIOBufferDuration(duration) }
        #expect(error?.code == .badParam)
        #expect(error?.rule.hasPrefix("preferred IO buffer duration must be positive") == true)
        #expect(preferences.preferredIOBufferDuration == nil)
    }

    @Test("SESSION-HW-INPUT-GAIN-CLAMP: input gain is clamped to 0...1", arguments: [
        (-0.5, 0.0), (0.0, 0.0), (0.25, 0.25), (1.0, 1.0), (7.0, 1.0), (-Double.infinity, 0.0), (Double.infinity, 1.0),
    ])
    func gainClamped(_ requested: Double, _ stored: Double) throws {
        var preferences = HardwarePreferences()
        try preferences.setInputGain(requested, configuration: try configure(.record))
        #expect(preferences.inputGain == stored)
    }

    @Test("SESSION-HW-INPUT-GAIN-ERRORS: NaN is badParam; a category without input is incompatibleCategory")
    func gainErrors() throws {
        var preferences = HardwarePreferences()
        let record = try configure(.record)
        let playback = try configure(.playback)
        #expect(thrownError { () throws(SessionError) in try preferences.setInputGain(.nan, configuration: record) }?.code
            == .badParam)
        #expect(thrownError { () throws(SessionError) in try preferences.setInputGain(0.5, configuration: playback) }?.code
            == .incompatibleCategory)
        #expect(preferences.inputGain == nil)
    }
}
