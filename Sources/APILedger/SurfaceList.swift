import Foundation

/// One public symbol of Apple's surface: its path (type path, then the member with its argument
/// labels, joined with dots, as a symbol graph writes it) and its Swift declaration.
public struct SurfaceSymbol: Sendable, Equatable {
    public var path: String
    public var declaration: String
    /// A protocol's member that the symbol graph attaches to a conforming type (`!=`, `hashValue`):
    /// the type inherits it, the framework does not declare it.
    public var synthesized: Bool
}

/// A framework's symbol list: Apple's SDK list (a TSV generated from the iOS SDK's symbol graphs,
/// columns `precise kind title path declaration`) or our own list made from Apple's documentation
/// (columns `path declaration source`, for the frameworks whose SDK list we do not have).
public struct SurfaceList: Sendable {
    public var symbols: [SurfaceSymbol]

    /// The framework's own paths, once each (a path with overloads that differ in types only counts once).
    public var ownPaths: [String] {
        var seen = Set<String>()
        return symbols.filter { !$0.synthesized }.map(\.path).filter { seen.insert($0).inserted }
    }

    /// Every path the framework's types answer to, synthesized members included.
    public var allPaths: Set<String> { Set(symbols.map(\.path)) }

    /// The first declaration given for each path.
    public var declarations: [String: String] {
        var result: [String: String] = [:]
        for symbol in symbols where result[symbol.path] == nil { result[symbol.path] = symbol.declaration }
        return result
    }

    /// Reads an SDK list: a header row, then tab-separated rows, fields never quoted.
    public static func sdk(at url: URL) throws -> SurfaceList {
        let rows = try tabRows(url, expectingHeader: ["precise", "kind", "title", "path", "declaration"])
        return SurfaceList(symbols: rows.map { row in
            SurfaceSymbol(path: row.fields[3], declaration: row.fields[4], synthesized: row.fields[0].contains("::SYNTHESIZED::"))
        })
    }

    /// Reads one of our documentation lists: `path declaration source`, `#` comments allowed.
    public static func documented(at url: URL) throws -> SurfaceList {
        let rows = try tabRows(url, expectingHeader: ["path", "declaration", "source"])
        return SurfaceList(symbols: rows.map { SurfaceSymbol(path: $0.fields[0], declaration: $0.fields[1], synthesized: false) })
    }

    struct Row { var line: Int; var fields: [String] }

    /// The rows after the header, each with as many fields as the header; a row with fewer is an
    /// error naming the file and line.
    static func tabRows(_ url: URL, expectingHeader header: [String]) throws -> [Row] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [Row] = []
        var sawHeader = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if !sawHeader {
                guard Array(fields.prefix(header.count)) == header else {
                    throw LedgerError.badRow(file: url.path, line: index + 1, "expected the header \(header.joined(separator: " "))")
                }
                sawHeader = true
                continue
            }
            guard fields.count >= header.count else {
                throw LedgerError.badRow(file: url.path, line: index + 1, "has \(fields.count) fields, \(header.count) expected")
            }
            rows.append(Row(line: index + 1, fields: fields))
        }
        return rows
    }
}

public enum LedgerError: Error, CustomStringConvertible {
    case badRow(file: String, line: Int, String)
    case missingFile(String, why: String)
    case extractionFailed(module: String, output: String)

    public var description: String {
        switch self {
        case .badRow(let file, let line, let message): "\(file):\(line): \(message)"
        case .missingFile(let path, let why): "\(path): not found (\(why))"
        case .extractionFailed(let module, let output): "swift-symbolgraph-extract failed for \(module):\n\(output)"
        }
    }
}
