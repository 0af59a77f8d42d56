import APILedger
import Foundation

// Writes docs/api-ledger.tsv and docs/api-coverage.md from the SDK's symbol lists (the folder named
// by SOUNDCHECK_SDK_LISTS or --sdk-lists), the facades' symbol graphs (extracted from the build
// folder given by --bin-path) and docs/ledger/annotations.tsv. Tools/ledger builds and runs it.
// --drift FILE also writes, for each path both sides have, the two declarations where they differ.

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}

let root = URL(fileURLWithPath: option("--package-root") ?? FileManager.default.currentDirectoryPath)
let sdk = option("--sdk-lists").map { URL(fileURLWithPath: $0) } ?? LedgerPaths.sdkListsFolder
let binPath = option("--bin-path").map { URL(fileURLWithPath: $0) }
let drift = option("--drift")
guard let sdk, let binPath, arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: LedgerTool --bin-path BUILD_BIN [--sdk-lists FOLDER] [--package-root DIR] [--drift FILE]\n(the SDK lists' folder may come from SOUNDCHECK_SDK_LISTS instead)\n".utf8))
    exit(2)
}

do {
    let paths = LedgerPaths(packageRoot: root)
    let graphs = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-ledger-\(getpid())")
    defer { try? FileManager.default.removeItem(at: graphs) }
    let ledger = try paths.build(sdkFolder: sdk, binPath: binPath, graphs: graphs)
    try ledger.tsv.write(to: paths.ledger, atomically: true, encoding: .utf8)
    try CoverageReport(ledger: ledger).markdown.write(to: paths.coverage, atomically: true, encoding: .utf8)
    if let drift {
        let report = try DeclarationDrift(ours: try OurSymbols.read(folder: graphs), lists: try paths.lists(sdkFolder: sdk))
        try report.text.write(toFile: drift, atomically: true, encoding: .utf8)
    }
    for framework in Framework.all {
        let counts = ledger.counts(for: framework.name)
        print(framework.name, Ledger.Status.allCases.map { "\($0.rawValue) \(counts[$0, default: 0])" }.joined(separator: ", "))
    }
    let unexplained = ledger.unexplainedExtras
    if !unexplained.isEmpty {
        print("\(unexplained.count) public symbols are not in Apple's lists and not annotated:")
        for entry in unexplained { print("  \(entry.framework): \(entry.path)") }
    }
} catch {
    FileHandle.standardError.write(Data("LedgerTool: \(error)\n".utf8))
    exit(1)
}
