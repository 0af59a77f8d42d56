import Foundation

/// Runs the `sox` tools installed by Tools/bootstrap.
enum Sox {
    static let missing = "sox/soxi not found on PATH: run Tools/bootstrap (CI installs the Debian 'sox' package)"

    static func path(_ tool: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` with `arguments`; returns exit status and combined stdout + stderr.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let executable = path(tool) else { throw SoxMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct SoxMissing: Error, CustomStringConvertible {
        var description: String { Sox.missing }
    }
}
