import Foundation
import AVFAudio
import VirtualDevices

/// Reads what an app declaration says about the sound it plays: `file:` (an audio file, found
/// next to the scenario wherever the run starts from, checked to open as audio before anything
/// runs) and `channel-assignments:` (the output port channels its player sends its channels to).
enum AppAudioFile {
    /// The file's absolute URL and its channel count.
    static func read(_ value: YAMLValue, scenarioFile: String) throws(SourceError) -> (url: URL, channelCount: Int) {
        let path = try value.string("file")
        guard !path.isEmpty else { throw value.error("file: needs the path of an audio file") }
        let folder = (scenarioFile as NSString).deletingLastPathComponent
        let resolved = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        let url = URL(fileURLWithPath: resolved).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw value.error("file '\(path)' does not exist (looked for \(url.path); a relative path is relative to the scenario file)")
        }
        let file: AVAudioFile
        do { file = try AVAudioFile(forReading: url) } catch {
            throw value.error("file '\(path)' is not an audio file that can be played: \(error.localizedDescription)")
        }
        guard file.length > 0 else { throw value.error("file '\(path)' holds no audio frames") }
        return (url, Int(file.fileFormat.channelCount))
    }

    /// `[{ port: "USB Audio 2x2", channel: 3 }, …]`: one output port channel per channel played.
    static func channelAssignments(_ value: YAMLValue, playedChannels: Int) throws(SourceError) -> [PortChannelReference] {
        var references: [PortChannelReference] = []
        for item in try value.list("channel-assignments") {
            let map = try item.mapping("a channel assignment", allowed: ["port", "channel"])
            let port = try map.required("port").string("port (a name, UID or type)")
            references.append(PortChannelReference(port: rawPortType(port) ?? port,
                                                   channel: try map.required("channel").int("channel", in: 1...64)))
        }
        guard references.count == playedChannels else {
            throw value.error("channel-assignments lists \(references.count) channel(s), but the app plays \(playedChannels) "
                + "(\(playedChannels == 1 ? "its tone is mono" : "its file's channels")): give one port channel per channel played")
        }
        return references
    }

    /// A port type's Swift name (`builtInSpeaker`) as its raw value (`Speaker`), which is what an
    /// app sees in `AVAudioSessionPortDescription.portType`.
    private static func rawPortType(_ name: String) -> String? {
        guard let type = SeenPorts.portType(named: name), type.rawValue != name else { return nil }
        return type.rawValue
    }
}
