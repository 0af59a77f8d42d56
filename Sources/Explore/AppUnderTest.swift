import Scenario

/// An app the explorer puts in its scenarios: a model from the registry, optionally with one of
/// its `mistakes:` (`media-player:resumes-without-should-resume`).
public struct AppUnderTest: Sendable, Hashable, CustomStringConvertible {
    public var model: String
    public var mistake: String?

    public init(model: String, mistake: String? = nil) {
        self.model = model
        self.mistake = mistake
    }

    /// Reads `MODEL[:MISTAKE]`, checking both against the registry.
    public init(parsing text: String, registry: ScenarioAppRegistry) throws(ExploreError) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let model = registry.model(named: parts[0]) else {
            throw ExploreError("unknown app model '\(parts[0])' (models: \(registry.models.map(\.name).joined(separator: ", ")))")
        }
        self.model = model.name
        if parts.count == 2 {
            guard model.mistakes.contains(parts[1]) else {
                throw ExploreError("a \(model.name) app has no mistake '\(parts[1])' (it has: \(model.mistakes.joined(separator: ", ")))")
            }
            mistake = parts[1]
        }
    }

    public var description: String { mistake.map { "\(model):\($0)" } ?? model }

    /// Every shipped reference model, without mistakes.
    public static func shipped(_ registry: ScenarioAppRegistry) -> [AppUnderTest] {
        registry.models.map { AppUnderTest(model: $0.name) }
    }
}

/// A bad `soundcheck explore` argument, said in one sentence.
public struct ExploreError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
