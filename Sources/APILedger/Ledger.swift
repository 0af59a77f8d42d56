import Foundation

/// One framework the ledger covers: where its symbol list comes from, and which of our modules
/// carry its symbols.
public struct Framework: Sendable {
    public enum ListSource: Sendable {
        /// Apple's SDK list, a file of the folder named by `SOUNDCHECK_SDK_LISTS` (not in the repository).
        case sdk(file: String)
        /// Our own list, made from Apple's documentation, in the repository.
        case documented(path: String)
    }

    public var name: String
    public var list: ListSource
    public var modules: [String]

    /// The frameworks of the ledger, in the order the coverage tables show them.
    public static let all: [Framework] = [
        Framework(name: "AVFAudio", list: .sdk(file: "avfaudio.tsv"), modules: ["AVFAudio"]),
        Framework(name: "AudioToolbox", list: .sdk(file: "audiotoolbox.tsv"), modules: ["AudioToolbox", "AudioUnit"]),
        Framework(name: "CoreAudioTypes", list: .sdk(file: "coreaudiotypes.tsv"), modules: ["CoreAudioTypes"]),
        Framework(name: "CoreMIDI", list: .sdk(file: "coremidi.tsv"), modules: ["CoreMIDI"]),
        Framework(name: "MediaPlayer", list: .sdk(file: "mediaplayer.tsv"), modules: ["MediaPlayer"]),
        Framework(name: "AVFoundation", list: .documented(path: "docs/ledger/avfoundation-playback.tsv"), modules: ["AVFoundation"]),
    ]

    /// Every facade module whose symbols can satisfy a path (a type may live in a module other than
    /// Apple's: UIImage in UIKitCore). Only the modules of `all` are checked for extras.
    public static let facadeModules = ["AVFAudio", "AVFoundation", "AudioToolbox", "AudioUnit", "CoreAudio", "CoreAudioTypes",
                                       "CoreMIDI", "CoreMedia", "MediaPlayer", "OpenAL", "UIKit", "UIKitCore"]
}

/// The per-symbol ledger: every path of every framework's list, and every public symbol of ours
/// that no list has, each with one status.
public struct Ledger: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        case simulated, declared, notProvided = "not provided", outside, missing, extra
    }

    public struct Entry: Sendable, Equatable {
        public var framework: String
        public var path: String
        public var status: Status
        /// The proving test file, the reason, or the mismatch.
        public var note: String
    }

    public var entries: [Entry]

    /// Builds the ledger from the lists (by framework name), our symbols, the annotations and the
    /// test evidence.
    public init(frameworks: [Framework], lists: [String: SurfaceList], ours: OurSymbols,
                annotations: Annotations, evidence: TestEvidence) {
        let present = ours.modulesByPath
        var entries: [Entry] = []
        for framework in frameworks {
            guard let list = lists[framework.name] else { continue }
            for path in list.ownPaths {
                entries.append(Ledger.entry(framework: framework.name, path: path, present: present[path] != nil,
                                            annotations: annotations, evidence: evidence))
            }
        }
        // Ours that no list has: an extra, fine only when annotated (a `mac` profile API).
        let known = lists.values.reduce(into: Set<String>()) { $0.formUnion($1.allPaths) }
        for framework in frameworks where lists[framework.name] != nil {
            let paths = Set(ours.symbols.filter { framework.modules.contains($0.module) }.map(\.path))
            for path in paths.subtracting(known).sorted() {
                let rule = annotations.rule(for: path, in: framework.name, among: [.extra])
                entries.append(Entry(framework: framework.name, path: path, status: .extra,
                                     note: rule?.reason ?? Ledger.unannotatedExtra))
            }
        }
        self.entries = entries.sorted { ($0.framework, $0.path) < ($1.framework, $1.path) }
    }

    public init(entries: [Entry]) { self.entries = entries }

    /// The note of an extra nobody explained: the ledger test fails on it.
    public static let unannotatedExtra = "not in Apple's iOS SDK: rename it as Apple spells it, remove it, or make it @_spi(Soundcheck)"

    static func entry(framework: String, path: String, present: Bool, annotations: Annotations, evidence: TestEvidence) -> Entry {
        if present {
            if let rule = annotations.rule(for: path, in: framework, among: [.simulated, .declared]) {
                return Entry(framework: framework, path: path, status: rule.status == .simulated ? .simulated : .declared, note: rule.reason)
            }
            if let file = evidence.file(for: path) {
                return Entry(framework: framework, path: path, status: .simulated, note: file)
            }
            return Entry(framework: framework, path: path, status: .declared, note: "no test or check names it yet")
        }
        if let rule = annotations.rule(for: path, in: framework, among: [.notProvided, .outside]) {
            return Entry(framework: framework, path: path, status: rule.status == .outside ? .outside : .notProvided, note: rule.reason)
        }
        return Entry(framework: framework, path: path, status: .missing, note: "")
    }

    /// The extras that no annotation explains.
    public var unexplainedExtras: [Entry] { entries.filter { $0.status == .extra && $0.note == Ledger.unannotatedExtra } }
}
