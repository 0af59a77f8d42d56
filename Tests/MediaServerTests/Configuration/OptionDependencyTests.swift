import Testing
@testable import MediaServer

/// Options whose validity depends on another option or on the mode (AVAudioSession.Mode docs exceptions, AVAudioSession.CategoryOptions docs, the iOS 26 SDK header):
/// unlike an unsupported mode alone, these raise errors.
@Suite("Option dependencies (SESSION-CONFIG-DEPENDENCY)")
struct OptionDependencyTests {
    @Test("SESSION-CONFIG-FARFIELD-REQUIRES-HFP: farFieldInput without allowBluetoothHFP is badParam",
          arguments: [SessionCategory.record, .playAndRecord])
    func farFieldNeedsHFP(_ category: SessionCategory) throws {
        #expect(configurationError(category, options: .farFieldInput)
            == SessionError(.badParam, "farFieldInput requires allowBluetoothHFP"))
        let config = try configure(category, options: [.farFieldInput, .allowBluetoothHFP])
        #expect(config.categoryOptions == [.farFieldInput, .allowBluetoothHFP])
    }

    @Test("SESSION-CONFIG-FARFIELD-IMPLIED-HFP: voiceChat's implied allowBluetoothHFP satisfies farFieldInput")
    func farFieldWithVoiceChat() throws {
        let config = try configure(.playAndRecord, mode: .voiceChat, options: .farFieldInput)
        #expect(config.allowsBluetoothHFP && config.categoryOptions.contains(.farFieldInput))
    }

    @Test("SESSION-CONFIG-BT-HQ-DEFAULT-MODE: bluetoothHighQualityRecording only with mode default",
          arguments: [SessionMode.voiceChat, .videoChat, .gameChat, .measurement, .videoRecording])
    func highQualityNeedsDefaultMode(_ mode: SessionMode) {
        #expect(configurationError(.playAndRecord, mode: mode, options: .bluetoothHighQualityRecording)
            == SessionError(.badParam, "bluetoothHighQualityRecording is only applicable with mode default"))
    }

    @Test("SESSION-CONFIG-BT-HQ-EFFECTIVE-MODE: a mode the category ignores counts as default for bluetoothHighQualityRecording")
    func highQualityWithIgnoredMode() throws {
        #expect(try configure(.playAndRecord, options: .bluetoothHighQualityRecording).effectiveMode == .default)
        let config = try configure(.playAndRecord, mode: .moviePlayback, options: .bluetoothHighQualityRecording)
        #expect(config.effectiveMode == .default && config.categoryOptions == .bluetoothHighQualityRecording)
    }

    @Test("SESSION-CONFIG-MUTED-MIC-INPUT-OUTPUT: overrideMutedMicrophoneInterruption needs input and output")
    func mutedMicrophoneNeedsInputAndOutput() throws {
        #expect(try configure(.playAndRecord, options: .overrideMutedMicrophoneInterruption)
            .categoryOptions == .overrideMutedMicrophoneInterruption)
        for category in [SessionCategory.playback, .ambient, .soloAmbient, .record] {
            #expect(configurationError(category, options: .overrideMutedMicrophoneInterruption)?.code == .badParam)
        }
    }

    @Test("SESSION-CONFIG-DUALROUTE-REQUIRES-HFP: mode dualRoute without allowBluetoothHFP is badParam")
    func dualRouteNeedsHFP() {
        #expect(configurationError(.multiRoute, mode: .dualRoute)
            == SessionError(.badParam, "mode dualRoute requires allowBluetoothHFP"))
    }

    @Test("SESSION-CONFIG-DUALROUTE-RELEASE: before iOS 26 dualRoute is ignored, so multiRoute rejects allowBluetoothHFP")
    func dualRouteBeforeRelease() throws {
        let error = configurationError(.multiRoute, mode: .dualRoute, options: .allowBluetoothHFP, profile: .ios17)
        #expect(error?.rule.hasPrefix("allowBluetoothHFP is only applicable") == true)
        #expect(try configure(.multiRoute, mode: .dualRoute, profile: .ios17).effectiveMode == .default)
    }

    @Test("SESSION-CONFIG-MULTIROUTE-MIXING-DEFAULT-MODE: from iOS 26 mixing options need multiRoute in mode default",
          arguments: [CategoryOptions.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers])
    func multiRouteMixing(_ option: CategoryOptions) throws {
        let error = configurationError(.multiRoute, mode: .dualRoute, options: option.union(.allowBluetoothHFP))
        #expect(error?.code == .badParam)
        #expect(error?.rule.hasSuffix("is only applicable with category multiRoute in mode default") == true)
        #expect(try configure(.multiRoute, options: option).isMixable)
        #expect(try configure(.multiRoute, mode: .gameChat, options: option, profile: .ios17).isMixable)
    }
}
