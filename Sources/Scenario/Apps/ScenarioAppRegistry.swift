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

/// One kind of app a scenario can declare: a reference model, or a user's app registered with the
/// bench (`BenchApp` in the Soundcheck module).
public struct ScenarioAppModel: Sendable {
    public var name: String
    /// The controls `do: <command>` (or `call: <command>`) may use on it.
    public var commands: [String]
    /// The mistakes `mistakes: […]` may ask of it.
    public var mistakes: [String]
    /// Whether it declares the `audio` background mode unless the scenario says otherwise.
    public var backgroundAudio: Bool
    /// The entitlements it is built with unless the scenario says otherwise (`inter-app-audio`);
    /// nil: every capability the simulation models, as the reference apps have.
    public var entitlements: [String]?
    /// App rules and invariants this model is not judged by, each with the reason its author gave.
    public var exemptions: [String: String]
    /// Creates the app in its own context; an error fails the run at the step that launched it.
    public var make: @Sendable (AppConfiguration, AppLog) throws -> ScenarioApp

    public init(name: String, commands: [String] = [], mistakes: [String] = [], backgroundAudio: Bool = false,
                entitlements: [String]? = nil, exemptions: [String: String] = [:],
                make: @escaping @Sendable (AppConfiguration, AppLog) throws -> ScenarioApp) {
        self.name = name
        self.commands = commands
        self.mistakes = mistakes
        self.backgroundAudio = backgroundAudio
        self.entitlements = entitlements
        self.exemptions = exemptions
        self.make = make
    }
}
