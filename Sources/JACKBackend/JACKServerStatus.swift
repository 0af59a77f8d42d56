import Foundation

/// What `soundcheck doctor` says about the JACK server: running or not, and its format.
public struct JACKServerStatus: Sendable {
    public var server: String
    /// Nil when running; otherwise why no client could connect.
    public var problem: String?
    public var sampleRate = 0
    public var periodFrames = 0
    public var physicalPlaybackPorts = 0
    public var physicalCapturePorts = 0

    /// Asks the server (never starts one).
    public static func probe(server: String? = nil) -> JACKServerStatus {
        do {
            let client = try JACKClient(name: "soundcheck-doctor-\(getpid())", server: server)
            defer { client.close() }
            return JACKServerStatus(server: client.serverDisplayName, problem: nil, sampleRate: client.sampleRate,
                                    periodFrames: client.periodFrames, physicalPlaybackPorts: client.physicalPlaybackPorts.count,
                                    physicalCapturePorts: client.physicalCapturePorts.count)
        } catch {
            let name = server ?? ProcessInfo.processInfo.environment["JACK_DEFAULT_SERVER"] ?? "default"
            return JACKServerStatus(server: name, problem: error.description)
        }
    }

    /// One line for people.
    public var summary: String {
        if let problem { return "JACK server '\(server)': not available (\(problem))" }
        return "JACK server '\(server)': running at \(sampleRate) Hz, \(periodFrames) frames per period "
            + "(\(String(format: "%.2f", Double(periodFrames) * 1000 / Double(max(1, sampleRate)))) ms), "
            + "\(physicalPlaybackPorts) physical outputs, \(physicalCapturePorts) physical inputs"
    }
}
