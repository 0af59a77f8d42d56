/// Where `--connect TARGET` sends a port. TARGET is a client name ("system", "capture") or a
/// regular expression over full port names ("system:playback_[12]"). A port whose short name the
/// target also has ("Speaker-1" to "capture:Speaker-1") goes there; otherwise channel n goes to
/// the target's n-th port, wrapping, so `--connect system` plays every device output's left and
/// right channels on the first two physical outputs.
struct JACKConnector {
    let pattern: String

    init(target: String) {
        pattern = target.contains(":") || target.contains("^") ? target : "^\(target):"
    }

    func destination(forShortName short: String, channel: Int, candidates: [String]) -> String? {
        guard !candidates.isEmpty else { return nil }
        if let same = candidates.first(where: { $0.split(separator: ":", maxSplits: 1).last.map(String.init) == short }) {
            return same
        }
        return candidates[(channel - 1) % candidates.count]
    }
}
