import MediaServer

extension AVAudioSession {
    /// `AVAudioSession.Category`: a string-backed constant, as Apple's Swift overlay imports it.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let ambient = Category(rawValue: SessionCategory.ambient.rawValue)
        public static let soloAmbient = Category(rawValue: SessionCategory.soloAmbient.rawValue)
        public static let playback = Category(rawValue: SessionCategory.playback.rawValue)
        public static let record = Category(rawValue: SessionCategory.record.rawValue)
        public static let playAndRecord = Category(rawValue: SessionCategory.playAndRecord.rawValue)
        @available(*, deprecated, message: "No longer supported")
        public static let audioProcessing = Category(rawValue: SessionCategory.audioProcessing.rawValue)
        public static let multiRoute = Category(rawValue: SessionCategory.multiRoute.rawValue)
    }

    /// `AVAudioSession.Mode`.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let `default` = Mode(rawValue: SessionMode.default.rawValue)
        public static let voiceChat = Mode(rawValue: SessionMode.voiceChat.rawValue)
        public static let gameChat = Mode(rawValue: SessionMode.gameChat.rawValue)
        public static let videoRecording = Mode(rawValue: SessionMode.videoRecording.rawValue)
        public static let measurement = Mode(rawValue: SessionMode.measurement.rawValue)
        public static let moviePlayback = Mode(rawValue: SessionMode.moviePlayback.rawValue)
        public static let videoChat = Mode(rawValue: SessionMode.videoChat.rawValue)
        public static let spokenAudio = Mode(rawValue: SessionMode.spokenAudio.rawValue)
        public static let voicePrompt = Mode(rawValue: SessionMode.voicePrompt.rawValue)
        public static let shortFormVideo = Mode(rawValue: SessionMode.shortFormVideo.rawValue)
        public static let dualRoute = Mode(rawValue: SessionMode.dualRoute.rawValue)
    }

    /// `AVAudioSession.CategoryOptions`.
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let mixWithOthers = CategoryOptions(rawValue: MediaServer.CategoryOptions.mixWithOthers.rawValue)
        public static let duckOthers = CategoryOptions(rawValue: MediaServer.CategoryOptions.duckOthers.rawValue)
        @available(*, deprecated, renamed: "allowBluetoothHFP")
        public static let allowBluetooth = CategoryOptions(rawValue: MediaServer.CategoryOptions.allowBluetoothHFP.rawValue)
        public static let allowBluetoothHFP = CategoryOptions(rawValue: MediaServer.CategoryOptions.allowBluetoothHFP.rawValue)
        public static let defaultToSpeaker = CategoryOptions(rawValue: MediaServer.CategoryOptions.defaultToSpeaker.rawValue)
        public static let interruptSpokenAudioAndMixWithOthers =
            CategoryOptions(rawValue: MediaServer.CategoryOptions.interruptSpokenAudioAndMixWithOthers.rawValue)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: MediaServer.CategoryOptions.allowBluetoothA2DP.rawValue)
        public static let allowAirPlay = CategoryOptions(rawValue: MediaServer.CategoryOptions.allowAirPlay.rawValue)
        public static let overrideMutedMicrophoneInterruption =
            CategoryOptions(rawValue: MediaServer.CategoryOptions.overrideMutedMicrophoneInterruption.rawValue)
        public static let farFieldInput = CategoryOptions(rawValue: MediaServer.CategoryOptions.farFieldInput.rawValue)
        public static let bluetoothHighQualityRecording =
            CategoryOptions(rawValue: MediaServer.CategoryOptions.bluetoothHighQualityRecording.rawValue)
    }

    /// `AVAudioSession.RouteSharingPolicy`.
    public enum RouteSharingPolicy: UInt, Sendable {
        case `default` = 0
        case longFormAudio = 1
        case independent = 2
        case longFormVideo = 3

        @available(*, deprecated, renamed: "longFormAudio")
        public static let longForm = RouteSharingPolicy.longFormAudio
    }
}
