// swift-tools-version: 6.1
// Soundcheck: a deterministic simulation and conformance bench for Apple's audio stack, on Linux.
// Layers (each imports only what sits below it) are described in docs/architecture.md.
import Foundation
import PackageDescription

/// A system library found with pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Soundcheck",
    platforms: [.macOS(.v14)],
    products: [
        // Apple's audio frameworks, under Apple's module names: a file written for iOS compiles here with
        // its imports unchanged. A package depends on them for Linux only (docs/your-app.md):
        // `.product(name: "AVFoundation", package: "Soundcheck", condition: .when(platforms: [.linux]))`.
        .library(name: "AVFAudio", targets: ["AVFAudio"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "AudioToolbox", targets: ["AudioToolbox"]),
        .library(name: "AudioUnit", targets: ["AudioUnit"]),
        .library(name: "CoreAudio", targets: ["CoreAudio"]),
        .library(name: "CoreAudioTypes", targets: ["CoreAudioTypes"]),
        .library(name: "CoreMIDI", targets: ["CoreMIDI"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        .library(name: "MediaPlayer", targets: ["MediaPlayer"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "OpenAL", targets: ["OpenAL"]),
        // The bench for your own tests: a simulated device, your apps in scenario files, explore.
        .library(name: "Soundcheck", targets: ["Soundcheck"]),
        .executable(name: "soundcheck", targets: ["SoundcheckCLI"]),
        // The layers below, for the benchmarks (Benchmarks/, a package of its own) and for tools
        // that drive the simulation directly.
        .library(name: "SimCore", targets: ["SimCore"]),
        .library(name: "VirtualDevices", targets: ["VirtualDevices"]),
        .library(name: "AudioGraph", targets: ["AudioGraph"]),
        .library(name: "MediaServer", targets: ["MediaServer"]),
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "Explore", targets: ["Explore"]),
        .library(name: "BLEMIDI", targets: ["BLEMIDI"]),
        .library(name: "AudioFiles", targets: ["AudioFiles"]),
        .library(name: "JACKBackend", targets: ["JACKBackend"]),
        .library(name: "VoiceProcessing", targets: ["VoiceProcessing"]),
        // For the fuzz targets (Fuzz/): the RTSP response reader and the xUnit results reader.
        .library(name: "AirPlayRAOP", targets: ["AirPlayRAOP"]),
        .library(name: "Conformance", targets: ["Conformance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Native libraries, each imported by exactly one Swift target.
        systemLibrary("CJACK", pkgConfig: "jack", apt: "libjack-jackd2-dev"),
        systemLibrary("CALSA", pkgConfig: "alsa", apt: "libasound2-dev"),
        systemLibrary("CSndFile", pkgConfig: "sndfile", apt: "libsndfile1-dev"),
        // MP3 arriving in pieces (Audio Queue buffers): libmpg123's feed decoder, which libsndfile also uses.
        systemLibrary("CMpg123", pkgConfig: "libmpg123", apt: "libmpg123-dev"),
        // AAC and Apple Lossless packets (Audio Queue buffers): FFmpeg's libavcodec, which has decoders for both;
        // its encoders and libavformat's MPEG-4 muxer and demuxer write and read .m4a/.mp4 files (AVAudioFile).
        systemLibrary("CAVCodec", pkgConfig: "libavcodec", apt: "libavcodec-dev"),
        systemLibrary("CSoxr", pkgConfig: "soxr", apt: "libsoxr-dev"),
        // Time stretching and pitch shifting for the time-pitch effect (AUNewTimePitch).
        systemLibrary("CRubberBand", pkgConfig: "rubberband", apt: "librubberband-dev"),
        // The fast time-pitch engine (WSOLA), through the C API that Debian ships with the library.
        systemLibrary("CSoundTouch", pkgConfig: "soundtouch", apt: "libsoundtouch-dev"),
        // The trace hash: the system's libcrypto, instead of building BoringSSL for one SHA-256.
        systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),
        // xUnit results (`--test-results`): libxml2's streaming reader, behind a C shim (CXMLReader) whose header
        // keeps libxml2's ICU includes out of Swift. Foundation's XMLParser traps on some malformed files (docs/fuzzing.md).
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        .target(name: "CXMLReader", dependencies: ["CLibXML2"]),
        // Speech synthesis (AVSpeechSynthesizer): eSpeak NG's header only. The library is loaded with dlopen
        // for each synthesis (so each starts from its initial state: docs/speech.md), so it is not linked, and
        // pkg-config (whose libs would link it into the process) is not asked.
        .systemLibrary(name: "CEspeakNG", path: "Sources/CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),

        .target(
            name: "SimCore",
            dependencies: [
                .product(name: "HeapModule", package: "swift-collections"),
                "CCrypto",
            ]
        ),
        .target(
            name: "VirtualDevices",
            dependencies: ["SimCore", "BLEMIDI", "Yams"],
            exclude: ["Profiles"],
            plugins: ["EmbedYAML"]
        ),
        // The real-time render core, and the only Swift importer of CSoxr (sample-rate conversion)
        // and CRubberBand and CSoundTouch (the time-pitch effect's engines).
        .target(name: "AudioGraph", dependencies: ["SimCore", "CSoxr", "CRubberBand", "CSoundTouch"]),
        .target(name: "MediaServer", dependencies: ["SimCore", "VirtualDevices", "AudioGraph"]),
        .target(name: "CoreAudioTypes"),
        // Host time (HostTime.h) over the simulation clock, and the shared types.
        .target(name: "CoreAudio", dependencies: ["CoreAudioTypes", "MediaServer"]),
        // UIKit's UIImage (Inter-App Audio icons), below AudioToolbox, which returns it; UIKit re-exports it
        // (on Apple platforms too, UIKit re-exports a UIKitCore).
        .target(name: "UIKitCore"),
        .target(name: "AVFAudio", dependencies: ["CoreAudioTypes", "AudioToolbox", "CoreMIDI", "CoreMedia", "AudioFiles", "AudioGraph", "MediaServer", "VirtualDevices", "SimCore",
                                              "CEspeakNG"]),
        // Stands in for Swift Testing's UIKit overlay, which the compiler asks for when a file imports both.
        .target(name: "_Testing_UIKit"),
        .target(name: "UIKit", dependencies: ["UIKitCore", "_Testing_UIKit", "AVFAudio", "MediaServer", "VirtualDevices"]),
        // What a user's test target imports: the harness (SimulatedDevice), and the bench that runs scenario
        // files, the report's app rules and explore over the user's own apps (BenchApp, Bench).
        .target(name: "Soundcheck", dependencies: ["AVFAudio", "UIKit", "AudioFiles", "Scenario", "Explore", "Conformance",
                                                   "MediaServer", "VirtualDevices", "SimCore"]),
        // soundcheck explore: seeded random scenarios, invariants checked after every step, shrinking.
        .target(name: "Explore", dependencies: ["Scenario", "Conformance", "MediaServer", "SimCore", "VirtualDevices"]),
        // Mistakes/ holds the scenarios explore found, which the tests read from the source tree.
        .testTarget(name: "ExploreTests", dependencies: ["Explore", "Scenario", "MediaServer", "SimCore", "VirtualDevices"], exclude: ["Mistakes"]),
        // The requirement catalog, verdicts, scenario checks, the app rules and the report writers.
        .target(
            name: "Conformance",
            dependencies: ["Scenario", "MediaServer", "SimCore", "VirtualDevices", "Yams", "CXMLReader"],
            exclude: ["Catalog"],
            plugins: ["EmbedYAML"]
        ),
        // The checks compiled into the bench, which drive the facades and the harness like an app would,
        // with the fixtures and Apple-API apps they share with the tests. The CLI runs them all, so a
        // report made from the binary alone is complete.
        .target(
            name: "BuiltInChecks",
            dependencies: ["Conformance", "Soundcheck", "AVFAudio", "AVFoundation", "AudioToolbox", "CoreAudioTypes", "CoreMIDI",
                           "CoreMedia", "MediaPlayer", "OpenAL", "UIKit", "BLEMIDI", "VoiceProcessing", "AudioFiles", "AudioGraph",
                           "MediaServer", "SimCore", "VirtualDevices"]
        ),
        .target(name: "Scenario", dependencies: ["CoreMIDI", "AudioToolbox", "OpenAL", "AVFoundation", "CoreMedia", "MediaPlayer", "AVFAudio", "UIKit", "AudioFiles", "MediaServer", "AudioGraph", "VirtualDevices", "SimCore", "Yams"]),
        // JACK: real hardware through a JACK server (run --backend jack, devices --from-jack, the two-arm test).
        // CJACKProcess holds the real-time process callbacks in C; JACKBackend the clients and the scenario run.
        .target(name: "CJACKProcess", dependencies: ["CJACK"]),
        .target(name: "JACKBackend", dependencies: ["CJACK", "CJACKProcess", "Scenario", "MediaServer", "VirtualDevices", "SimCore", "AudioGraph"]),
        .target(name: "CRealtimeProbe", path: "Tests/CRealtimeProbe"),
        .testTarget(name: "JACKBackendTests", dependencies: ["JACKBackend", "CRealtimeProbe", "CJACK", "Scenario", "MediaServer", "VirtualDevices", "SimCore", "CoreMIDI"]),
        .target(name: "ALSABackend", dependencies: ["CALSA"]),
        .target(name: "AudioFiles", dependencies: ["CSndFile", "CMpg123", "CAVCodec"]),
        // The command-line tool (the product `soundcheck`); its module has a name of its own, since
        // `soundcheck` and `Soundcheck` are one folder on a case-insensitive file system.
        .executableTarget(
            name: "SoundcheckCLI",
            dependencies: [
                "SimCore", "VirtualDevices", "Scenario", "Conformance", "BuiltInChecks", "Explore", "JACKBackend", "ALSABackend", "AudioFiles", "AudioGraph", "BLEMIDI",
                "AirPlayRAOP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The profiles and the catalog are compiled into their modules (no resource bundle), so a
        // `soundcheck` binary copied anywhere still has them.
        .plugin(name: "EmbedYAML", capability: .buildTool(), dependencies: ["EmbedYAMLTool"]),
        .executableTarget(name: "EmbedYAMLTool"),

        .testTarget(name: "SimCoreTests", dependencies: ["SimCore"]),
        .testTarget(name: "AudioGraphTests", dependencies: ["AudioGraph", "SimCore", "CRealtimeProbe"]),
        .testTarget(name: "VirtualDevicesTests", dependencies: ["VirtualDevices", "SimCore", "CRealtimeProbe"]),
        .testTarget(name: "MediaServerTests", dependencies: ["MediaServer", "VirtualDevices", "SimCore"]),
        // The bench over a user's own app type (Soundcheck's BenchApp), with its scenario files.
        .testTarget(name: "BenchTests", dependencies: ["Soundcheck", "AVFAudio", "SimCore"], exclude: ["Scenarios"]),
        .testTarget(name: "SoundcheckTests", dependencies: ["Conformance", "BuiltInChecks", "Soundcheck", "AVFAudio", "UIKit", "MediaServer", "VirtualDevices", "SimCore", "VoiceProcessing"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "BuiltInChecks", "Scenario", "VirtualDevices", "MediaServer", "SimCore"],
                    exclude: ["requirement-ids.txt"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "AVFAudio", "AudioToolbox", "AudioFiles", "MediaServer", "VirtualDevices", "SimCore"]),
        .testTarget(name: "NativeLibraryTests", dependencies: ["JACKBackend", "ALSABackend", "AudioFiles", "AudioGraph"]),
        .testTarget(name: "SoundcheckCLITests", dependencies: ["SimCore"]),
        // AVSpeechSynthesizer over eSpeak NG: speech at the simulated ports, words, transport, write.
        .testTarget(name: "SpeechTests", dependencies: ["Soundcheck", "AVFAudio", "MediaServer", "SimCore"]),
        .testTarget(name: "AudioFilesTests", dependencies: ["AudioFiles", "AVFAudio", "CoreAudioTypes", "SimCore"]),

        // Core MIDI (Apple's Swift API over the device's MIDI server) and its tests, including
        // code written for Apple's CoreMIDI that only changes its import.
        .target(name: "CoreMIDI", dependencies: ["CoreAudioTypes", "MediaServer", "VirtualDevices", "SimCore"]),
        .testTarget(name: "CoreMIDITests", dependencies: ["Conformance", "BuiltInChecks", "CoreMIDI", "MediaServer", "VirtualDevices", "SimCore"]),

        // MIDI over Bluetooth LE: the packet codec (no dependencies), its peer-vector, property and fuzz tests.
        .target(name: "BLEMIDI"),
        .testTarget(name: "BLEMIDITests", dependencies: ["BLEMIDI", "Conformance", "BuiltInChecks", "SimCore"]),
        // Audio Units: the AudioToolbox C API (component manager, RemoteIO/VPIO, mixer, converter,
        // effect units, AUGraph) over the media server's render clients.
        .target(name: "AudioToolbox", dependencies: ["CoreAudioTypes", "UIKitCore", "CoreMIDI", "AudioFiles", "AudioGraph", "MediaServer", "VoiceProcessing", "SimCore"]),
        // The Audio Unit API under its older framework name: AudioToolbox, re-exported.
        .target(name: "AudioUnit", dependencies: ["AudioToolbox"]),
        .testTarget(name: "AudioToolboxTests",
                    dependencies: ["CRealtimeProbe", "Conformance", "BuiltInChecks", "AudioToolbox", "CoreMIDI", "Soundcheck", "AVFAudio", "UIKit", "CoreAudioTypes", "MediaServer", "AudioGraph", "VirtualDevices", "SimCore"]),

        // OpenAL: Debian's OpenAL Soft (COpenAL: its headers, the library loaded with dlopen on first use
        // so the variables it reads at load time can be cleared first) behind Apple's alc*/al* API
        // (OpenAL, named like the other facades), rendered by its loopback device on the IO cycle.
        .target(name: "COpenAL", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "OpenAL", dependencies: ["COpenAL", "AudioToolbox", "CoreAudioTypes", "MediaServer"]),
        .testTarget(name: "OpenALTests",
                    dependencies: ["OpenAL", "COpenAL", "CRealtimeProbe", "AudioToolbox", "AudioGraph", "Soundcheck", "AVFAudio",
                                   "MediaServer", "SimCore", "VirtualDevices", "Conformance", "BuiltInChecks"]),

        // Voice processing (echo cancellation, noise suppression, AGC) over webrtc-audio-processing 0.3,
        // whose API is C++: the system library carries its pkg-config flags, CWebRTCShim wraps it in
        // C, and VoiceProcessing is the one Swift importer.
        systemLibrary("CWebRTCAudioProcessing", pkgConfig: "webrtc-audio-processing", apt: "libwebrtc-audio-processing-dev"),
        // SwiftPM takes the include path from pkg-config but drops its -D flags, so they are repeated here.
        .target(
            name: "CWebRTCShim",
            dependencies: ["CWebRTCAudioProcessing"],
            cxxSettings: [.define("WEBRTC_POSIX"), .define("WEBRTC_AUDIO_PROCESSING_ONLY_BUILD")]
        ),
        .target(name: "VoiceProcessing", dependencies: ["CWebRTCShim", "SimCore"]),
        .testTarget(name: "VoiceProcessingTests", dependencies: ["VoiceProcessing", "SimCore", "CRealtimeProbe"]),

        // The real AirPlay 1 (RAOP) sender over Glibc sockets, and its loopback test against shairport-sync.
        .target(name: "AirPlayRAOP"),
        // loopback-bind.c is preloaded into the test's shairport-sync (built by the test), not part of the target.
        .testTarget(name: "AirPlayRAOPTests", dependencies: ["AirPlayRAOP"], exclude: ["loopback-bind.c"]),

        // AVAudioEngine and its nodes: offline and device tests, an app written against Apple's API
        // (Fixtures); CRealtimeProbe (in the JACK block) counts what the render path allocates.
        .testTarget(
            name: "EngineTests",
            dependencies: ["CRealtimeProbe", "Conformance", "BuiltInChecks", "Soundcheck", "AVFAudio", "AudioToolbox", "CoreAudioTypes",
                           "AudioGraph", "MediaServer", "VirtualDevices", "SimCore"]
        ),

        // AirPlay 2 long-form audio (issue 14): Core Media's time and sample buffers over the simulation
        // clock, AVFoundation's sample-buffer renderer and synchronizer over the AirPlay receivers.
        .target(name: "CoreMedia", dependencies: ["CoreAudioTypes", "MediaServer", "SimCore"]),
        .target(name: "AVFoundation", dependencies: ["CoreMedia", "CoreAudioTypes", "CoreMIDI", "AudioToolbox", "AVFAudio", "MediaServer", "VirtualDevices", "SimCore", "AudioGraph"]),
        // MediaPlayer's remote commands and Now Playing info, delivered by the simulated system.
        .target(name: "MediaPlayer", dependencies: ["AVFoundation", "UIKitCore", "MediaServer", "SimCore"]),
        // The fixtures (SampleBufferPlayer, NowPlayingController) live in Conformance with the checks that use them.
        .testTarget(name: "AirPlayTests", dependencies: ["Conformance", "BuiltInChecks", "AVFoundation", "CoreMedia", "MediaPlayer", "Scenario", "AVFAudio", "Soundcheck", "MediaServer", "VirtualDevices", "SimCore"]),
        // AVCaptureSession's audio capture and AVPlayer's timeline (time observers, status, queue edits).
        .testTarget(name: "CaptureTests", dependencies: ["AVFoundation", "CoreMedia", "AVFAudio", "MediaPlayer", "Soundcheck", "MediaServer", "VirtualDevices", "SimCore"]),

        // The per-symbol API ledger (docs/api-ledger.tsv, docs/api-coverage.md): our facades' symbol graphs
        // against the SDK's symbol lists. LedgerTool (run by Tools/ledger) depends on the facades so that
        // building it builds the modules whose graphs it reads; it is not a product.
        .target(name: "APILedger"),
        .executableTarget(name: "LedgerTool", dependencies: ["APILedger", "AVFAudio", "AVFoundation", "AudioToolbox", "AudioUnit", "CoreAudio",
                                                             "CoreAudioTypes", "CoreMIDI", "CoreMedia", "MediaPlayer", "OpenAL", "UIKit"]),
        .testTarget(name: "LedgerTests", dependencies: ["APILedger", "AVFAudio", "AVFoundation", "AudioToolbox", "AudioUnit", "CoreAudio",
                                                        "CoreAudioTypes", "CoreMIDI", "CoreMedia", "MediaPlayer", "OpenAL", "UIKit"]),
    ]
)

// This repository's own debug builds (`Tools/soundcheck`, `Tools/test`, `Tools/report`, which set
// SOUNDCHECK_BUILD=wmo) differ from SwiftPM's defaults in two ways. Both need unsafe flags, which
// SwiftPM refuses in a package that others depend on by version, so a build without the variable —
// a user's package depending on Soundcheck, or a plain `swift build` here — gets SwiftPM's defaults.
//
// - Each module compiles whole (`-wmo`, unoptimised), not in batches of files: every batch parses
//   and type-checks the declarations of the whole module again, so a clean build in batches costs
//   a fifth more (measured on 2 cores: 292–300 against 240–253 CPU s, 169–173 against 144–154 s).
//   `-num-threads` keeps one object per file, as SwiftPM's output map expects. The module is
//   written by the same job: a separate job would parse and type-check every declaration again
//   (and expand every `@Test` again), for a head start that 2 cores cannot use (the test modules,
//   which nothing imports, built in 63–83 instead of 84–92 CPU s). The price is an edit
//   of one function body, which recompiles its whole module (9–12 s instead of 2 s for MediaServer);
//   SOUNDCHECK_BUILD=incremental goes back to batches for a long session of such edits.
// - Line tables only: crash backtraces still name file and line, objects are a third smaller and
//   the compiler has less to emit than with full debug info (variable locations for a debugger).
//   SOUNDCHECK_DEBUG_INFO=full brings that back for a session in lldb. It goes to the frontend
//   directly: SwiftPM puts its own `-g` after a target's flags, and the driver keeps the last.
//
// Any change of these variables rebuilds everything, as any change of flags does.
let build = Context.environment["SOUNDCHECK_BUILD"]
var debugFlags: [String] = []
if build == "wmo" {
    debugFlags += ["-disable-batch-mode", "-wmo", "-no-emit-module-separately-wmo", "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)"]
}
if build == "wmo" || build == "incremental", Context.environment["SOUNDCHECK_DEBUG_INFO"] != "full" {
    debugFlags += ["-Xfrontend", "-gline-tables-only"]
}
if !debugFlags.isEmpty {
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(debugFlags, .when(configuration: .debug))]
    }
}
