import Foundation

/// The ledger as a committed file: `framework path status note`, tab-separated, one row per
/// symbol, sorted, so a change of status shows as a one-line diff.
extension Ledger {
    public static let header = "framework\tpath\tstatus\tnote"

    public var tsv: String {
        ([Ledger.header] + entries.map { "\($0.framework)\t\($0.path)\t\($0.status.rawValue)\t\($0.note)" })
            .joined(separator: "\n") + "\n"
    }

    /// Reads a committed ledger; a row with an unknown status is an error naming its line.
    public static func read(_ url: URL) throws -> Ledger {
        let rows = try SurfaceList.tabRows(url, expectingHeader: ["framework", "path", "status", "note"])
        return Ledger(entries: try rows.map { row in
            guard let status = Status(rawValue: row.fields[2]) else {
                throw LedgerError.badRow(file: url.path, line: row.line, "unknown status \"\(row.fields[2])\"")
            }
            return Entry(framework: row.fields[0], path: row.fields[1], status: status, note: row.fields[3])
        })
    }

    /// Counts by status for one framework.
    public func counts(for framework: String) -> [Status: Int] {
        entries.filter { $0.framework == framework }.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
    }
}

/// Where the ledger's files live in the repository, and where the SDK lists come from.
public struct LedgerPaths: Sendable {
    public var packageRoot: URL

    public init(packageRoot: URL) { self.packageRoot = packageRoot }

    public var ledger: URL { packageRoot.appendingPathComponent("docs/api-ledger.tsv") }
    public var coverage: URL { packageRoot.appendingPathComponent("docs/api-coverage.md") }
    public var annotations: URL { packageRoot.appendingPathComponent("docs/ledger/annotations.tsv") }

    /// The SDK lists' folder (`SOUNDCHECK_SDK_LISTS`), or nil when the machine has none.
    public static var sdkListsFolder: URL? {
        ProcessInfo.processInfo.environment["SOUNDCHECK_SDK_LISTS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// Every framework's list: the SDK lists from `sdkFolder`, ours from the repository.
    public func lists(sdkFolder: URL) throws -> [String: SurfaceList] {
        var lists: [String: SurfaceList] = [:]
        for framework in Framework.all {
            switch framework.list {
            case .sdk(let file):
                let url = sdkFolder.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw LedgerError.missingFile(url.path, why: "SOUNDCHECK_SDK_LISTS should name the folder of the iOS SDK's symbol lists")
                }
                lists[framework.name] = try SurfaceList.sdk(at: url)
            case .documented(let path):
                lists[framework.name] = try SurfaceList.documented(at: packageRoot.appendingPathComponent(path))
            }
        }
        return lists
    }

    /// Builds the ledger from the lists and the symbol graphs extracted into `graphs`.
    public func build(sdkFolder: URL, binPath: URL, graphs: URL) throws -> Ledger {
        let ours = try OurSymbols.extract(modules: Framework.facadeModules, packageRoot: packageRoot, binPath: binPath, output: graphs)
        return Ledger(frameworks: Framework.all, lists: try lists(sdkFolder: sdkFolder), ours: ours,
                      annotations: try Annotations.load(annotations), evidence: try TestEvidence(packageRoot: packageRoot))
    }
}
