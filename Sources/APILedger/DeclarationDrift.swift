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

    /// Words that do not change what a caller can write.
    static let ignored: Set<String> = ["public", "@objc", "nonisolated", "@MainActor", "@preconcurrency", "dynamic", "@_disfavoredOverload",
                                       "@inlinable", "@discardableResult", "override", "weak", "optional", "convenience", "required",
                                       "nonisolated(unsafe)", "@escaping", "open"]

    /// Drops the ignored words (`@escaping` too: Apple's C callbacks are function pointers), spells a
    /// constant as the read-only property Apple's interface shows (`let x: T` is `var x: T { get }`),
    /// a stored variable as `{ get set }`, and Foundation's `Notification.Name` as `NSNotification.Name`.
    static func normalized(_ declaration: String) -> String {
        var text = declaration.split(separator: " ").filter { !ignored.contains(String($0)) }.joined(separator: " ")
        text = text.replacingOccurrences(of: "NSNotification.Name", with: "Notification.Name")
        for prefix in ["static let ", "class let ", "let "] where text.hasPrefix(prefix) {
            text = prefix.replacingOccurrences(of: "let", with: "var") + text.dropFirst(prefix.count) + " { get }"
        }
        if text.hasPrefix("var ") || text.hasPrefix("static var ") || text.hasPrefix("class var "), !text.contains("{") {
            text += " { get set }"
        }
        return text.replacingOccurrences(of: "class var ", with: "static var ").replacingOccurrences(of: "class func ", with: "static func ")
    }
}
