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
        .executable(name: "soundcheck", targets: ["soundcheck"]),
        .library(name: "SimCore", targets: ["SimCore"]),
        .library(name: "VirtualDevices", targets: ["VirtualDevices"]),
        .library(name: "AudioGraph", targets: ["AudioGraph"]),
        .library(name: "MediaServer", targets: ["MediaServer"]),
        .library(name: "OpenAVFAudio", targets: ["OpenAVFAudio"]),
        .library(name: "OpenAudioToolbox", targets: ["OpenAudioToolbox"]),
        .library(name: "OpenUIKit", targets: ["OpenUIKit"]),
        .library(name: "Soundcheck", targets: ["Soundcheck"]),
        // For the benchmarks (Benchmarks/), which run scenarios in-process.
        .library(name: "Scenario", targets: ["Scenario"]),
        // Core MIDI's Swift API over the simulated MIDI server and Bluetooth LE links.
        .library(name: "OpenCoreMIDI", targets: ["OpenCoreMIDI"]),
        // The BLE-MIDI packet codec, for the benchmarks and the simulated BLE link.
        .library(name: "BLEMIDI", targets: ["BLEMIDI"]),
        // For the effects benchmark, which writes its inputs as WAV files for sox.
        .library(name: "AudioFiles", targets: ["AudioFiles"]),
        // For the JACK benchmark (Benchmarks/jack-vs-idle).
        .library(name: "JACKBackend", targets: ["JACKBackend"]),
        // For the voice-processing benchmark.
        .library(name: "VoiceProcessing", targets: ["VoiceProcessing"]),
        // For the policy-only exploration benchmark.
        .library(name: "Explore", targets: ["Explore"]),
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
        // The trace hash: the system's libcrypto, instead of building BoringSSL for one SHA-256.
        systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),

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
        // and CRubberBand (the time-pitch effect kernel).
        .target(name: "AudioGraph", dependencies: ["SimCore", "CSoxr", "CRubberBand"]),
        .target(name: "MediaServer", dependencies: ["SimCore", "VirtualDevices", "AudioGraph"]),
        .target(name: "OpenCoreAudioTypes"),
        // UIKit's UIImage (Inter-App Audio icons), below OpenAudioToolbox, which returns it; OpenUIKit re-exports it.
        .target(name: "OpenUIKitTypes"),
        .target(name: "OpenAVFAudio", dependencies: ["OpenCoreAudioTypes", "OpenAudioToolbox", "AudioFiles", "AudioGraph", "MediaServer", "VirtualDevices", "SimCore"]),
        .target(name: "OpenUIKit", dependencies: ["OpenUIKitTypes", "OpenAVFAudio", "MediaServer", "VirtualDevices"]),
        .target(name: "Soundcheck", dependencies: ["OpenAVFAudio", "OpenUIKit", "AudioFiles", "MediaServer", "VirtualDevices", "SimCore"]),
        // soundcheck explore: seeded random scenarios, invariants checked after every step, shrinking.
        .target(name: "Explore", dependencies: ["Scenario", "Conformance", "MediaServer", "SimCore", "VirtualDevices"]),
        .testTarget(name: "ExploreTests", dependencies: ["Explore", "Scenario", "MediaServer", "SimCore"]),
        .target(
            name: "Conformance",
            // The built-in checks drive the facades and the harness like an app would.
            dependencies: ["Scenario", "Soundcheck", "OpenAVFAudio", "OpenAudioToolbox", "OpenCoreMIDI", "BLEMIDI", "OpenOpenAL",
                           "OpenAVFoundation", "OpenCoreMedia", "OpenMediaPlayer", "OpenUIKit", "VoiceProcessing",
                           "AudioFiles", "AudioGraph", "MediaServer", "SimCore", "VirtualDevices", "Yams"],
            exclude: ["Catalog"],
            plugins: ["EmbedYAML"]
        ),
        .target(name: "Scenario", dependencies: ["OpenCoreMIDI", "OpenAudioToolbox", "OpenOpenAL", "OpenAVFoundation", "OpenCoreMedia", "OpenMediaPlayer", "OpenAVFAudio", "OpenUIKit", "AudioFiles", "MediaServer", "AudioGraph", "VirtualDevices", "SimCore", "Yams"]),
        // JACK: real hardware through a JACK server (run --backend jack, devices --from-jack, the two-arm test).
        // CJACKProcess holds the real-time process callbacks in C; JACKBackend the clients and the scenario run.
        .target(name: "CJACKProcess", dependencies: ["CJACK"]),
        .target(name: "JACKBackend", dependencies: ["CJACK", "CJACKProcess", "Scenario", "MediaServer", "VirtualDevices", "SimCore", "AudioGraph"]),
        .target(name: "CRealtimeProbe", path: "Tests/CRealtimeProbe"),
        .testTarget(name: "JACKBackendTests", dependencies: ["JACKBackend", "CRealtimeProbe", "CJACK", "Scenario", "MediaServer", "VirtualDevices", "SimCore", "OpenCoreMIDI"]),
        .target(name: "ALSABackend", dependencies: ["CALSA"]),
        .target(name: "AudioFiles", dependencies: ["CSndFile", "CMpg123", "CAVCodec"]),
        .executableTarget(
            name: "soundcheck",
            dependencies: [
                "SimCore", "VirtualDevices", "Scenario", "Conformance", "Explore", "JACKBackend", "ALSABackend", "AudioFiles", "AudioGraph", "BLEMIDI",
                "AirPlayRAOP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The profiles and the catalog are compiled into their modules (no resource bundle), so a
        // `soundcheck` binary copied anywhere still has them.
        .plugin(name: "EmbedYAML", capability: .buildTool(), dependencies: ["EmbedYAMLTool"]),
        .executableTarget(name: "EmbedYAMLTool"),

        .testTarget(name: "SimCoreTests", dependencies: ["SimCore"]),
        .testTarget(name: "AudioGraphTests", dependencies: ["AudioGraph", "SimCore"]),
        .testTarget(name: "VirtualDevicesTests", dependencies: ["VirtualDevices", "SimCore"]),
        .testTarget(name: "MediaServerTests", dependencies: ["MediaServer", "VirtualDevices", "SimCore"]),
        .testTarget(name: "SoundcheckTests", dependencies: ["Conformance", "Soundcheck", "OpenAVFAudio", "OpenUIKit", "MediaServer", "VirtualDevices", "SimCore", "VoiceProcessing"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "Scenario", "VirtualDevices", "MediaServer", "SimCore"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "OpenAVFAudio", "OpenAudioToolbox", "AudioFiles", "MediaServer", "VirtualDevices", "SimCore"]),
        .testTarget(name: "NativeLibraryTests", dependencies: ["JACKBackend", "ALSABackend", "AudioFiles", "AudioGraph"]),
        .testTarget(name: "SoundcheckCLITests", dependencies: ["SimCore"]),
        .testTarget(name: "AudioFilesTests", dependencies: ["AudioFiles", "OpenAVFAudio", "OpenCoreAudioTypes", "SimCore"]),

        // Core MIDI (Apple's Swift API over the device's MIDI server) and its tests, including
        // code written for Apple's CoreMIDI that only changes its import.
        .target(name: "OpenCoreMIDI", dependencies: ["OpenCoreAudioTypes", "MediaServer", "VirtualDevices", "SimCore"]),
        .testTarget(name: "OpenCoreMIDITests", dependencies: ["Conformance", "OpenCoreMIDI", "MediaServer", "VirtualDevices", "SimCore"]),

        // MIDI over Bluetooth LE: the packet codec (no dependencies), its peer-vector, property and fuzz tests.
        .target(name: "BLEMIDI"),
        .testTarget(name: "BLEMIDITests", dependencies: ["BLEMIDI", "Conformance", "SimCore"]),
        // Audio Units: the AudioToolbox C API (component manager, RemoteIO/VPIO, mixer, converter,
        // effect units, AUGraph) over the media server's render clients.
        .target(name: "OpenAudioToolbox", dependencies: ["OpenCoreAudioTypes", "OpenUIKitTypes", "OpenCoreMIDI", "AudioFiles", "AudioGraph", "MediaServer", "VoiceProcessing", "SimCore"]),
        .testTarget(name: "OpenAudioToolboxTests",
                    dependencies: ["CRealtimeProbe", "Conformance", "OpenAudioToolbox", "OpenCoreMIDI", "Soundcheck", "OpenAVFAudio", "OpenUIKit", "OpenCoreAudioTypes", "MediaServer", "AudioGraph", "VirtualDevices", "SimCore"]),

        // OpenAL: Debian's OpenAL Soft (COpenAL: its headers, the library loaded with dlopen on first use
        // so the variables it reads at load time can be cleared first) behind Apple's alc*/al* API
        // (OpenOpenAL, named like the other facades), rendered by its loopback device on the IO cycle.
        .target(name: "COpenAL", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "OpenOpenAL", dependencies: ["COpenAL", "OpenAudioToolbox", "OpenCoreAudioTypes", "MediaServer"]),
        .testTarget(name: "OpenOpenALTests",
                    dependencies: ["OpenOpenAL", "COpenAL", "CRealtimeProbe", "OpenAudioToolbox", "AudioGraph", "Soundcheck", "OpenAVFAudio",
                                   "MediaServer", "SimCore", "VirtualDevices", "Conformance"]),

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
            dependencies: ["CRealtimeProbe", "Conformance", "Soundcheck", "OpenAVFAudio", "OpenAudioToolbox", "OpenCoreAudioTypes",
                           "AudioGraph", "MediaServer", "VirtualDevices", "SimCore"]
        ),

        // AirPlay 2 long-form audio (issue 14): Core Media's time and sample buffers over the simulation
        // clock, AVFoundation's sample-buffer renderer and synchronizer over the AirPlay receivers.
        .target(name: "OpenCoreMedia", dependencies: ["OpenCoreAudioTypes", "MediaServer", "SimCore"]),
        .target(name: "OpenAVFoundation", dependencies: ["OpenCoreMedia", "OpenCoreAudioTypes", "OpenAVFAudio", "MediaServer", "VirtualDevices", "SimCore", "AudioGraph"]),
        // MediaPlayer's remote commands and Now Playing info, delivered by the simulated system.
        .target(name: "OpenMediaPlayer", dependencies: ["MediaServer", "SimCore"]),
        // The fixtures (SampleBufferPlayer, NowPlayingController) live in Conformance with the checks that use them.
        .testTarget(name: "AirPlayTests", dependencies: ["Conformance", "OpenAVFoundation", "OpenCoreMedia", "OpenMediaPlayer", "Scenario", "OpenAVFAudio", "Soundcheck", "MediaServer", "VirtualDevices", "SimCore"]),
    ]
)

// Debug builds (the tests, `Tools/soundcheck`) differ from SwiftPM's defaults in two ways, set here
// so every `swift build` and `swift test` passes the same flags and none rebuilds what another built:
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
// Either variable rebuilds everything, as any change of flags does.
var debugFlags: [String] = []
if Context.environment["SOUNDCHECK_BUILD"] != "incremental" {
    debugFlags += ["-disable-batch-mode", "-wmo", "-no-emit-module-separately-wmo", "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)"]
}
if Context.environment["SOUNDCHECK_DEBUG_INFO"] != "full" {
    debugFlags += ["-Xfrontend", "-gline-tables-only"]
}
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(debugFlags, .when(configuration: .debug))]
}
