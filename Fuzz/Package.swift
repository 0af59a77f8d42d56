// swift-tools-version: 6.1
// Soundcheck's libFuzzer targets: a package of its own, so that the root package (which users
// depend on by version) never needs the sanitizer flags. Each target is one executable whose
// `LLVMFuzzerTestOneInput` feeds untrusted bytes to one reader. Build and run them with
// `Tools/fuzz`, which adds the address sanitizer and coverage instrumentation to every module
// on the command line (docs/fuzzing.md).
import PackageDescription

/// A fuzz target: an executable whose `@main` runs libFuzzer's driver, linked with libFuzzer.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzDriver"] + dependencies, linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])])
}

let package = Package(
    name: "SoundcheckFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Soundcheck", path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzer"]),
        fuzzTarget("fuzz-scenario", [.product(name: "Scenario", package: "Soundcheck"),
                                     .product(name: "VirtualDevices", package: "Soundcheck")]),
        fuzzTarget("fuzz-event-script", [.product(name: "VirtualDevices", package: "Soundcheck")]),
        fuzzTarget("fuzz-ble-midi", [.product(name: "BLEMIDI", package: "Soundcheck")]),
        fuzzTarget("fuzz-sound-file", [.product(name: "AudioFiles", package: "Soundcheck")]),
        fuzzTarget("fuzz-m4a", [.product(name: "AudioFiles", package: "Soundcheck")]),
        fuzzTarget("fuzz-mp3", [.product(name: "AudioFiles", package: "Soundcheck")]),
        fuzzTarget("fuzz-rtsp", [.product(name: "AirPlayRAOP", package: "Soundcheck")]),
        fuzzTarget("fuzz-xunit", [.product(name: "Conformance", package: "Soundcheck")]),
        fuzzTarget("fuzz-midi-file", [.product(name: "AudioToolbox", package: "Soundcheck"),
                                      .product(name: "CoreAudioTypes", package: "Soundcheck")]),
        // Writes the audio targets' generated seeds (Tools/fuzz --seed); not a fuzz target.
        .executableTarget(name: "fuzz-seeds", dependencies: [.product(name: "AudioFiles", package: "Soundcheck")]),
    ]
)
