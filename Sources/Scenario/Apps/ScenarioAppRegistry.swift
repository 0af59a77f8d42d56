/// Maps the `model:` of a scenario's app to the code that creates it.
///
/// ```swift
/// var registry = ScenarioAppRegistry.standard
/// registry.register(ScenarioAppModel(name: "my-player", commands: ["play", "pause"]) { configuration, log in
///     MyPlayer(log: log)
/// })
/// let result = try ScenarioRunner(registry: registry).run(try Scenario.load(file: "my.yaml"))
/// ```
public struct ScenarioAppRegistry: Sendable {
    public private(set) var models: [ScenarioAppModel] = []

    public init(_ models: [ScenarioAppModel] = []) {
        for model in models { register(model) }
    }

    /// Adds or replaces a model.
    public mutating func register(_ model: ScenarioAppModel) {
        models.removeAll { $0.name == model.name }
        models.append(model)
    }

    public func model(named name: String) -> ScenarioAppModel? { models.first { $0.name == name } }

    /// The reference apps: game, media-player, podcast, navigation, voip, recorder, dj, synth.
    public static let standard = ScenarioAppRegistry(ReferenceApps.models)
}

/// One kind of app a scenario can declare.
public struct ScenarioAppModel: Sendable {
    public var name: String
    /// The controls `do: <command>` may use on it.
    public var commands: [String]
    /// The mistakes `mistakes: […]` may ask of it.
    public var mistakes: [String]
    /// Whether it declares the `audio` background mode unless the scenario says otherwise.
    public var backgroundAudio: Bool
    public var make: @Sendable (AppConfiguration, AppLog) -> ScenarioApp

    public init(name: String, commands: [String] = [], mistakes: [String] = [], backgroundAudio: Bool = false,
                make: @escaping @Sendable (AppConfiguration, AppLog) -> ScenarioApp) {
        self.name = name
        self.commands = commands
        self.mistakes = mistakes
        self.backgroundAudio = backgroundAudio
        self.make = make
    }
}
