/// The compact duration notation used by scenario scripts and traces: `250ms`, `2s`, `1m30s`,
/// `1h`, `20us`, `5ns`, or a plain `0`. Units must appear largest first, each at most once.
extension HostDuration: CustomStringConvertible, LosslessStringConvertible {
    private static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000),
        ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
    ]

    /// Parses the notation; returns nil for anything else (no sign, no spaces, no decimals).
    public init?(_ text: String) {
        if text == "0" { self = .zero; return }
        var total: Int64 = 0
        var rest = Substring(text)
        var nextUnit = 0
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 12, let value = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix(while: { $0.isASCII && $0.isLetter })
            guard let index = Self.units.indices.first(where: { Self.units[$0].suffix == letters }),
                  index >= nextUnit else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: Self.units[index].nanoseconds)
            guard !overflow, total <= Int64.max - product else { return nil }
            total += product
            rest = rest.dropFirst(letters.count)
            nextUnit = index + 1
        }
        self.init(nanoseconds: total)
    }

    /// The shortest exact rendering in the same notation (`1m30s`, `250ms`, `-2s`).
    public var description: String {
        if nanoseconds == 0 { return "0" }
        var remaining = nanoseconds.magnitude
        var text = nanoseconds < 0 ? "-" : ""
        for unit in Self.units {
            let size = UInt64(unit.nanoseconds)
            if remaining >= size {
                text += "\(remaining / size)\(unit.suffix)"
                remaining %= size
            }
        }
        return text
    }
}
