import Foundation

/// The requirement IDs at the start of a test's display name, before its colon:
/// `SESSION-INTERRUPT-ALARM/SIRI: …` names `SESSION-INTERRUPT-ALARM` and `SESSION-INTERRUPT-SIRI`
/// (each part after a '/' replaces the ID's last word), and `ROUTING-A, ROUTING-B: …` names both.
/// A name that does not start with a catalogued area's prefix names none.
public enum TestName {
    public static func requirementIDs(in name: String) -> [String] {
        guard let colon = name.firstIndex(of: ":") else { return [] }
        let items = name[..<colon].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var ids: [String] = []
        for item in items {
            let parts = item.split(separator: "/").map(String.init)
            guard let first = parts.first, CatalogArea.owner(of: first) != nil,
                  first.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" }) else { return [] }
            let stem = first.split(separator: "-").dropLast().joined(separator: "-")
            ids += [first] + parts.dropFirst().map { stem + "-" + $0 }
        }
        return ids
    }
}
