import Foundation
import PackagePlugin

/// Compiles a target's YAML data folder (`Profiles` or `Catalog`) into the module as Swift source,
/// so an installed `soundcheck` carries its device profiles and requirement catalog inside the
/// binary and needs no resource bundle beside it.
@main
struct EmbedYAML: BuildToolPlugin {
    /// The data folders this plugin knows, relative to the target's directory.
    static let folders = ["Profiles", "Catalog"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = target.directoryURL
        guard let folder = Self.folders.map({ directory.appending(path: $0) })
            .first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { return [] }
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
            .map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedYAML.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(folder.lastPathComponent)/*.yaml into \(target.name)",
                executable: try context.tool(named: "EmbedYAMLTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
