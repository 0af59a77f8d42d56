import Testing
@testable import MediaServer

/// Every category × option cell of AVAudioSession.CategoryOptions, AVFAudio, written out here independently of the
/// implementation's table. A cell is "settable" when `make` raises no applicability error naming
/// the option (farFieldInput may still need allowBluetoothHFP; that dependency is tested elsewhere).
@Suite("Category options per category (SESSION-CONFIG-OPTION-CATEGORY)")
struct CategoryOptionMatrixTests {
    struct Cell: Sendable, CustomTestStringConvertible {
        let option: CategoryOptions
        let name: String
        let category: SessionCategory
        let settable: Bool
        var testDescription: String { "\(name) with \(category.name): \(settable ? "settable" : "rejected")" }
    }

    static let columns: [SessionCategory] = [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]

    /// Rows in raw-value order; columns as `columns`. Y = settable (iOS 26 profile, mode default).
    static let table: [(CategoryOptions, String, String)] = [
        (.mixWithOthers, "mixWithOthers", "Y N Y N Y Y"),
        (.duckOthers, "duckOthers", "Y N Y N Y Y"),
        (.allowBluetoothHFP, "allowBluetoothHFP", "N N N Y Y N"),
        (.defaultToSpeaker, "defaultToSpeaker", "N N N N Y N"),
        (.interruptSpokenAudioAndMixWithOthers, "interruptSpokenAudioAndMixWithOthers", "N N Y N Y Y"),
        (.allowBluetoothA2DP, "allowBluetoothA2DP", "N N N N Y N"),
        (.allowAirPlay, "allowAirPlay", "N N N N Y N"),
        (.overrideMutedMicrophoneInterruption, "overrideMutedMicrophoneInterruption", "N N N N Y Y"),
        (.farFieldInput, "farFieldInput", "N N N Y Y N"),
        (.bluetoothHighQualityRecording, "bluetoothHighQualityRecording", "N N N N Y Y"),
    ]

    static let cells: [Cell] = table.flatMap { option, name, row in
        zip(columns, row.split(separator: " ")).map { category, mark in
            Cell(option: option, name: name, category: category, settable: mark == "Y")
        }
    }

    // SESSION-CONFIG-OPTION-CATEGORY-MATRIX
    @Test("SESSION-CONFIG-OPTION-CATEGORY-MATRIX: each option is settable exactly where the CategoryOptions docs say", arguments: cells)
    func cell(_ cell: Cell) {
        let error = configurationError(cell.category, options: cell.option)
        let applicabilityError = error.map { $0.rule.hasPrefix("\(cell.name) is only applicable") } ?? false
        #expect(applicabilityError == !cell.settable, "\(String(describing: error))")
        if !cell.settable { #expect(error?.code == .badParam) }
    }

    @Test("SESSION-CONFIG-DEFAULT-TO-SPEAKER-PLAYANDRECORD-ONLY: the error names the rule as Apple's console does")
    func defaultToSpeakerRule() {
        let error = configurationError(.playback, options: .defaultToSpeaker)
        #expect(error == SessionError(.badParam, "defaultToSpeaker is only applicable with category playAndRecord"))
    }

    @Test("SESSION-CONFIG-OPTION-CATEGORY-RULE-TEXT: multi-category rules list every category")
    func ruleTexts() {
        #expect(configurationError(.soloAmbient, options: .mixWithOthers)?.rule
            == "mixWithOthers is only applicable with categories ambient, playAndRecord, playback and multiRoute")
        #expect(configurationError(.playback, options: .allowBluetoothHFP)?.rule
            == "allowBluetoothHFP is only applicable with categories record and playAndRecord, or multiRoute with mode dualRoute")
        #expect(configurationError(.record, options: .overrideMutedMicrophoneInterruption)?.rule
            == "overrideMutedMicrophoneInterruption is only applicable with categories playAndRecord and multiRoute")
    }

    @Test("SESSION-CONFIG-OPTION-INTERRUPT-SPOKEN-NAMED: 0x11 is reported as interruptSpokenAudio, not mixWithOthers")
    func compoundOptionIsReportedByItsName() {
        let error = configurationError(.soloAmbient, options: .interruptSpokenAudioAndMixWithOthers)
        #expect(error?.rule.hasPrefix("interruptSpokenAudioAndMixWithOthers is only applicable") == true)
    }

    @Test("SESSION-CONFIG-OPTION-FIRST-BROKEN-RULE: with several bad options, the lowest raw value is reported")
    func firstBrokenRule() {
        let error = configurationError(.record, options: [.allowAirPlay, .defaultToSpeaker])
        #expect(error?.rule == "defaultToSpeaker is only applicable with category playAndRecord")
    }

    @Test("SESSION-CONFIG-AUDIOPROCESSING-NO-OPTIONS: audioProcessing (iOS ≤ 9) takes no option", arguments: [
        CategoryOptions.mixWithOthers, .duckOthers, .allowBluetoothHFP, .defaultToSpeaker, .interruptSpokenAudioAndMixWithOthers,
    ])
    func audioProcessingTakesNoOption(_ option: CategoryOptions) {
        let ios9 = PlatformProfile(release: 9)
        #expect(configurationError(.audioProcessing, profile: ios9) == nil)
        let error = configurationError(.audioProcessing, options: option, profile: ios9)
        #expect(error?.code == .badParam)
        #expect(error?.rule.contains("is only applicable with") == true)
    }

    @Test("SESSION-CONFIG-AIRPLAY-OPTION-ERROR-CODE: allowAirPlay misuse is badParam by default, 'what' when chosen")
    func allowAirPlayErrorCode() {
        #expect(configurationError(.playback, options: .allowAirPlay)?.code == .badParam)
        let observed = SessionConfiguration.Settings(allowAirPlayMisuseCode: .unspecified)
        let error = configurationError(.playback, options: .allowAirPlay, settings: observed)
        #expect(error == SessionError(.unspecified, "allowAirPlay is only applicable with category playAndRecord"))
        // Only allowAirPlay follows the setting.
        #expect(configurationError(.playback, options: .allowBluetoothA2DP, settings: observed)?.code == .badParam)
    }

    @Test("SESSION-CONFIG-DUCK-AMBIENT-SETTING: duckOthers with ambient follows the header unless told otherwise")
    func duckOthersWithAmbient() throws {
        #expect(try configure(.ambient, options: .duckOthers).ducksOthers)
        let docReading = SessionConfiguration.Settings(duckOthersAllowedWithAmbient: false)
        let error = configurationError(.ambient, options: .duckOthers, settings: docReading)
        #expect(error == SessionError(.badParam, "duckOthers is only applicable with categories playAndRecord, playback and multiRoute"))
    }

    @Test("SESSION-CONFIG-DUALROUTE-BLUETOOTH: multiRoute takes allowBluetoothHFP and farFieldInput only in mode dualRoute")
    func dualRouteOptions() throws {
        let config = try configure(.multiRoute, mode: .dualRoute, options: [.allowBluetoothHFP, .farFieldInput])
        #expect(config.allowsBluetoothHFP)
        #expect(config.categoryOptions.contains(.farFieldInput))
        #expect(configurationError(.multiRoute, options: .allowBluetoothHFP)?.code == .badParam)
    }
}
