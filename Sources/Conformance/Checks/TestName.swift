/// The requirement IDs at the start of a test's display name: `SESSION-INTERRUPT-ALARM/SIRI: …`
/// names `SESSION-INTERRUPT-ALARM` and `SESSION-INTERRUPT-SIRI` (each part after a '/' replaces the
/// first ID's last word). A name that does not start with a catalogued area's prefix names none.
public enum TestName {
    public static func requirementIDs(in name: String) -> [String] {
        let head = name.prefix { $0 != ":" && $0 != "\"" && $0 != " " }
        let parts = head.split(separator: "/").map(String.init)
        guard let first = parts.first, CatalogArea.owner(of: first) != nil,
              first.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" }) else { return [] }
        let stem = first.split(separator: "-").dropLast().joined(separator: "-")
        return [first] + parts.dropFirst().map { stem + "-" + $0 }
    }
}
