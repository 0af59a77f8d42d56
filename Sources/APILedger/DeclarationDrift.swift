import Foundation

/// The paths both sides have whose declarations differ once the words that do not change what a
/// caller can write are dropped (`public`, `@objc`, `@MainActor`, …). A reading aid for fixing
/// signatures, not a verdict: types spelled differently (`NSNotification.Name`, `Notification.Name`)
/// show up too.
public struct DeclarationDrift: Sendable {
    public var text: String

    public init(ours: OurSymbols, lists: [String: SurfaceList]) throws {
        var apple: [String: Set<String>] = [:]
        for list in lists.values {
            for symbol in list.symbols { apple[symbol.path, default: []].insert(DeclarationDrift.normalized(symbol.declaration)) }
        }
        var lines: [String] = []
        for symbol in ours.symbols {
            guard let theirs = apple[symbol.path] else { continue }
            let mine = DeclarationDrift.normalized(symbol.declaration)
            if theirs.contains(mine) { continue }
            lines.append("\(symbol.path)\n  ours:  \(mine)\n  Apple: \(theirs.sorted().joined(separator: "\n         "))")
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    static let ignored: Set<String> = ["public", "@objc", "nonisolated", "@MainActor", "@preconcurrency", "dynamic", "@_disfavoredOverload", "@inlinable"]

    static func normalized(_ declaration: String) -> String {
        declaration.split(separator: " ").filter { !ignored.contains(String($0)) }.joined(separator: " ")
    }
}
