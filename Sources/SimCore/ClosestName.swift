/// The candidate nearest to `name` by edit distance, if it is close enough to be a typo:
/// the "did you mean" of error messages.
public func closestName(to name: String, among candidates: [String]) -> String? {
    // A truncated name ("usb" for "usb-interface") is the commonest slip; edit distance undervalues it.
    if name.count >= 3, let extended = candidates.sorted().first(where: { $0.hasPrefix(name) }) { return extended }
    let scored = candidates.map { (candidate: $0, distance: editDistance(name, $0)) }
    guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else { return nil }
    return best.distance <= max(2, name.count / 3) ? best.candidate : nil
}

/// Levenshtein distance over characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        previous = current
    }
    return previous[b.count]
}
