/// One row of the category-option table (AVAudioSession.CategoryOptions, AVFAudio): which categories an app
/// may set the option with, and the release that introduced it. Kept as ordered data so error
/// messages and `PlatformProfile.availableCategoryOptions` come from the same source.
struct CategoryOptionRule: Sendable {
    let name: String
    /// The option's full value (interruptSpokenAudioAndMixWithOthers is 0x11).
    let option: CategoryOptions
    /// The bit that identifies a request for the option: 0x10 for interruptSpokenAudioAndMixWithOthers,
    /// so that its embedded mixWithOthers bit is not mistaken for a separate request.
    let marker: CategoryOptions
    let introducedIn: Int
    /// Where apps may set the option, in the order messages list them.
    let categories: [SessionCategory]
    /// Also settable with multiRoute when the mode is dualRoute (the iOS 26 SDK header).
    let alsoWithDualRoute: Bool

    init(_ option: CategoryOptions, _ name: String, marker: CategoryOptions? = nil, since introducedIn: Int,
         _ categories: [SessionCategory], alsoWithDualRoute: Bool = false) {
        self.name = name
        self.option = option
        self.marker = marker ?? option
        self.introducedIn = introducedIn
        self.categories = categories
        self.alsoWithDualRoute = alsoWithDualRoute
    }

    /// Raw-value order, which is the order validation reports the first broken rule in.
    static let all: [CategoryOptionRule] = [
        // The header lists playAndRecord, playback and multiRoute; ambient already implies the option,
        // so restating it there is accepted (apps commonly do; no failure is reported).
        .init(.mixWithOthers, "mixWithOthers", since: 6, [.ambient, .playAndRecord, .playback, .multiRoute]),
        // ambient per the header; `SessionConfiguration.Settings.duckOthersAllowedWithAmbient` can drop it.
        .init(.duckOthers, "duckOthers", since: 6, [.ambient, .playAndRecord, .playback, .multiRoute]),
        .init(.allowBluetoothHFP, "allowBluetoothHFP", since: 6, [.record, .playAndRecord], alsoWithDualRoute: true),
        .init(.defaultToSpeaker, "defaultToSpeaker", since: 6, [.playAndRecord]),
        .init(.interruptSpokenAudioAndMixWithOthers, "interruptSpokenAudioAndMixWithOthers",
              marker: CategoryOptions(rawValue: 0x10), since: 9, [.playAndRecord, .playback, .multiRoute]),
        .init(.allowBluetoothA2DP, "allowBluetoothA2DP", since: 10, [.playAndRecord]),
        .init(.allowAirPlay, "allowAirPlay", since: 10, [.playAndRecord]),
        // "a category that supports both input and output" (the iOS 14 and iOS 26 SDK headers).
        .init(.overrideMutedMicrophoneInterruption, "overrideMutedMicrophoneInterruption", since: 14,
              [.playAndRecord, .multiRoute]),
        .init(.farFieldInput, "farFieldInput", since: 26, [.record, .playAndRecord], alsoWithDualRoute: true),
        .init(.bluetoothHighQualityRecording, "bluetoothHighQualityRecording", since: 26, [.playAndRecord, .multiRoute]),
    ]

    /// Every bit some option uses; anything else is an unknown option.
    static let knownBits: CategoryOptions = all.reduce(into: []) { $0.formUnion($1.option) }

    /// The options `options` asks for, in raw-value order. Bits of a compound option
    /// (interruptSpokenAudioAndMixWithOthers) are consumed by it, as `CategoryOptions.names` does.
    static func requested(in options: CategoryOptions) -> [CategoryOptionRule] {
        var remaining = options
        var found: [CategoryOptionRule] = []
        for rule in all.reversed() where remaining.isSuperset(of: rule.marker) {
            found.append(rule)
            remaining.subtract(rule.option)
        }
        return found.reversed()
    }

    /// `categories`, less ambient for duckOthers when the settings follow Apple's documentation page.
    func allowedCategories(_ settings: SessionConfiguration.Settings) -> [SessionCategory] {
        guard option == .duckOthers, !settings.duckOthersAllowedWithAmbient else { return categories }
        return categories.filter { $0 != .ambient }
    }

    /// Whether the option may be set with `category` in `effectiveMode`.
    func isApplicable(to category: SessionCategory, mode effectiveMode: SessionMode,
                      categories allowed: [SessionCategory]) -> Bool {
        allowed.contains(category) || (alsoWithDualRoute && category == .multiRoute && effectiveMode == .dualRoute)
    }

    /// "defaultToSpeaker is only applicable with category playAndRecord", echoing the wording of
    /// Apple's console error (AVAudioSession.CategoryOptions docs).
    func applicabilityRule(categories allowed: [SessionCategory]) -> String {
        let names = allowed.map(\.name)
        let list = names.count == 1 ? "category \(names[0])" : "categories \(Self.listed(names))"
        let dualRoute = alsoWithDualRoute ? ", or multiRoute with mode dualRoute" : ""
        return "\(name) is only applicable with \(list)\(dualRoute)"
    }

    /// "a, b and c".
    static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
