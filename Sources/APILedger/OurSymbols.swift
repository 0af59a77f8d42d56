import Foundation

/// Our facades' public symbols, read from the symbol graphs the toolchain extracts from the built
/// modules (`swift-symbolgraph-extract`). `@_spi` symbols are not in a default graph, so the
/// Soundcheck helpers the facades share (`@_spi(Soundcheck) public`) are not counted.
public struct OurSymbols: Sendable {
    public struct Symbol: Sendable, Equatable {
        public var module: String
        public var path: String
        public var declaration: String
    }

    public var symbols: [Symbol]

    /// Every path, with the modules that declare it.
    public var modulesByPath: [String: Set<String>] {
        symbols.reduce(into: [:]) { $0[$1.path, default: []].insert($1.module) }
    }

    /// Reads every `*.symbols.json` in a folder. An extension graph (`AVFAudio@Foundation.symbols.json`)
    /// belongs to the module before the `@`.
    public static func read(folder: URL) throws -> OurSymbols {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".symbols.json") }.sorted()
        var symbols: [Symbol] = []
        for file in files {
            let module = String(file.prefix { $0 != "@" && $0 != "." })
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let graph = try JSONDecoder().decode(Graph.self, from: data)
            for symbol in graph.symbols where symbol.accessLevel == "public" || symbol.accessLevel == "open" {
                // Symbols whose name starts with an underscore are hidden from documentation and
                // completion, as Apple's own are.
                if symbol.pathComponents.contains(where: { $0.hasPrefix("_") }) { continue }
                let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                symbols.append(Symbol(module: module, path: symbol.pathComponents.joined(separator: "."), declaration: declaration))
            }
        }
        symbols.sort { ($0.module, $0.path, $0.declaration) < ($1.module, $1.path, $1.declaration) }
        return OurSymbols(symbols: symbols)
    }

    /// Extracts the symbol graphs of `modules` from a build folder (`swift build --show-bin-path`)
    /// into `output`, then reads them. Synthesized members are left out: a protocol's member
    /// is Apple's wherever the conformance is.
    public static func extract(modules: [String], packageRoot: URL, binPath: URL, output: URL) throws -> OurSymbols {
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let moduleMaps = try clangModuleMaps(packageRoot: packageRoot, binPath: binPath)
        for module in modules {
            var arguments = ["-module-name", module, "-target", targetTriple,
                             "-I", binPath.appendingPathComponent("Modules").path,
                             "-minimum-access-level", "public", "-skip-synthesized-members",
                             "-output-dir", output.path]
            for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
            let (status, text) = try run(tool: "swift-symbolgraph-extract", arguments)
            if status != 0 { throw LedgerError.extractionFailed(module: module, output: text) }
        }
        return try read(folder: output)
    }

    /// The module maps of the C targets the facades import below them: SwiftPM writes one per
    /// C target that has none of its own into its build folder; the others (system libraries and
    /// targets with an `include/module.modulemap`) carry theirs in the source tree.
    static func clangModuleMaps(packageRoot: URL, binPath: URL) throws -> [String] {
        let fm = FileManager.default
        var maps: [String] = []
        let sources = packageRoot.appendingPathComponent("Sources")
        for target in try fm.contentsOfDirectory(atPath: sources.path).sorted() {
            for place in ["module.modulemap", "include/module.modulemap"] {
                let map = sources.appendingPathComponent(target).appendingPathComponent(place)
                if fm.fileExists(atPath: map.path) { maps.append(map.path) }
            }
        }
        // The C targets of dependencies (Yams' CYaml), in their checkouts.
        let checkouts = packageRoot.appendingPathComponent(".build/checkouts")
        if let walker = fm.enumerator(atPath: checkouts.path) {
            while let entry = walker.nextObject() as? String {
                if entry.hasSuffix("include/module.modulemap") { maps.append(checkouts.appendingPathComponent(entry).path) }
            }
        }
        for entry in try fm.contentsOfDirectory(atPath: binPath.path).sorted() where entry.hasSuffix(".build") {
            let map = binPath.appendingPathComponent(entry).appendingPathComponent("module.modulemap")
            if fm.fileExists(atPath: map.path) { maps.append(map.path) }
        }
        return maps
    }

    static var targetTriple: String {
        #if arch(x86_64)
        "x86_64-unknown-linux-gnu"
        #else
        "aarch64-unknown-linux-gnu"
        #endif
    }

    /// Runs a tool found on PATH, returning its exit status and its merged output.
    static func run(tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct Graph: Decodable {
        var symbols: [GraphSymbol]
    }

    struct GraphSymbol: Decodable {
        var pathComponents: [String]
        var accessLevel: String
        var declarationFragments: [Fragment]?
    }

    struct Fragment: Decodable { var spelling: String }
}
