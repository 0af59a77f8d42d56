/// Makes a failing script as small as it can while the same invariant still breaks first: delta
/// debugging over the steps, then dropping whole apps (with their steps), accessories and the
/// optional settings, then moving steps earlier (closing the gap before each step). Every
/// candidate is run in full, so the result is a real failing scenario, and the search is
/// deterministic: the same failure shrinks to the same script on every machine.
public struct Shrinker: Sendable {
    public var runner: ScriptRunner
    /// Runs the shrinker may spend on one failure.
    public var budget: Int

    public init(runner: ScriptRunner, budget: Int = 600) {
        self.runner = runner
        self.budget = budget
    }

    public struct Result: Sendable {
        public let script: ExploreScript
        public let failure: InvariantFailure
        public let attempts: Int
    }

    public func shrink(_ run: ExploreRun, appsUnderTest: Set<String>) -> Result? {
        guard let target = run.firstFailure else { return nil }
        var search = Search(runner: runner, invariant: target.invariant, appsUnderTest: appsUnderTest, budget: budget)
        var best = run.script
        var bestFailure = target
        var changed = true
        while changed, search.attempts < budget {
            changed = false
            if let smaller = search.ddmin(best) { best = smaller.0; bestFailure = smaller.1; changed = true }
            for candidate in Self.structural(best) where Self.weight(candidate).lexicographicallyPrecedes(Self.weight(best)) {
                if let failure = search.fails(candidate) { best = candidate; bestFailure = failure; changed = true }
            }
            for index in best.steps.indices {
                for candidate in Self.earlier(best, step: index) {
                    if let failure = search.fails(candidate) { best = candidate; bestFailure = failure; changed = true; break }
                }
            }
        }
        return Result(script: best, failure: bestFailure, attempts: search.attempts)
    }

    /// What the shrinker makes smaller, most important first: a candidate is kept only if lighter.
    static func weight(_ script: ExploreScript) -> [Int64] {
        [Int64(script.steps.count), Int64(script.apps.count), Int64(script.accessories.count),
         (script.endsInterruptionWithoutNotifyOthers ? 1 : 0) + Int64(script.apps.filter { $0.options != nil }.count),
         script.steps.last?.at ?? 0]
    }

    /// Scripts with one app (and its steps), one accessory or one optional setting fewer.
    static func structural(_ script: ExploreScript) -> [ExploreScript] {
        var candidates: [ExploreScript] = []
        for app in script.apps where script.apps.count > 1 {
            var smaller = script
            smaller.apps.removeAll { $0.name == app.name }
            smaller.steps.removeAll { $0.app == app.name }
            candidates.append(smaller)
        }
        for index in script.accessories.indices {
            var smaller = script
            smaller.accessories.remove(at: index)
            candidates.append(smaller)
        }
        if script.endsInterruptionWithoutNotifyOthers {
            var plainer = script
            plainer.endsInterruptionWithoutNotifyOthers = false
            candidates.append(plainer)
        }
        for index in script.apps.indices where script.apps[index].options != nil {
            var plainer = script
            plainer.apps[index].options = nil
            candidates.append(plainer)
        }
        return candidates
    }

    /// The script with the gap before step `index` closed, or cut to 100 ms; later steps move too.
    static func earlier(_ script: ExploreScript, step index: Int) -> [ExploreScript] {
        let previous = index == 0 ? 0 : script.steps[index - 1].at
        let gap = script.steps[index].at - previous
        return [0, 100].filter { $0 < gap }.map { newGap in
            var moved = script
            let shift = gap - newGap
            for later in index..<moved.steps.count { moved.steps[later].at -= shift }
            return moved
        }
    }

    /// The runs of one shrink, counted against the budget.
    struct Search {
        let runner: ScriptRunner
        let invariant: String
        let appsUnderTest: Set<String>
        let budget: Int
        var attempts = 0

        /// The candidate's first failure, if it is of the same invariant: the minimal file then
        /// fails first for the reason explore found. (Requiring it to break nothing else keeps a
        /// mistake that breaks two related rules from shrinking far enough.)
        mutating func fails(_ candidate: ExploreScript) -> InvariantFailure? {
            guard attempts < budget else { return nil }
            attempts += 1
            let run = runner.run(candidate, appsUnderTest: appsUnderTest.filter { name in candidate.apps.contains { $0.name == name } })
            return run.firstFailure?.invariant == invariant ? run.firstFailure : nil
        }

        /// Zeller's ddmin over the steps: try dropping chunks, halving the chunk size when none can go.
        mutating func ddmin(_ script: ExploreScript) -> (ExploreScript, InvariantFailure)? {
            var steps = script.steps
            var found: (ExploreScript, InvariantFailure)?
            var parts = 2
            while steps.count >= 1, attempts < budget {
                let size = max(1, (steps.count + parts - 1) / parts)
                var reduced = false
                for start in stride(from: 0, to: steps.count, by: size) {
                    var candidate = script
                    candidate.steps = Array(steps[..<start] + steps[min(steps.count, start + size)...])
                    if let failure = fails(candidate) {
                        steps = candidate.steps
                        found = (candidate, failure)
                        parts = max(parts - 1, 2)
                        reduced = true
                        break
                    }
                }
                if !reduced {
                    if size == 1 { break }
                    parts = min(steps.count, parts * 2)
                }
            }
            return found
        }
    }
}
