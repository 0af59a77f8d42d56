// swift-tools-version: 6.1
// Soundcheck's benchmarks: a package of its own, so that building or testing the root package never
// builds ordo-one/benchmark and its dependencies. Run from the repository root with `Tools/bench`.
import PackageDescription

let package = Package(
    name: "SoundcheckBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Soundcheck", path: ".."),
        // Only the malloc interposer trait: its default "RuntimeInterposer" trait would pull in a
        // package this machine kind does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The workloads, shared by the benchmarks and by a plain executable to profile under callgrind.
        .target(
            name: "SchedulerWorkloads",
            dependencies: [.product(name: "SimCore", package: "Soundcheck")]
        ),
        .executableTarget(
            name: "SchedulerBenchmarks",
            dependencies: [
                "SchedulerWorkloads",
                .product(name: "SimCore", package: "Soundcheck"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SchedulerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The long-form AirPlay session (one hour, three speakers, dropouts): speed and peak memory per length.
        .executableTarget(name: "airplay-workload", dependencies: ["ScenarioWorkloads"]),
        .executableTarget(name: "scheduler-workload", dependencies: ["SchedulerWorkloads"]),
        // The render path: eight voices at eight rates converted and mixed onto 8-channel HDMI.
        .target(
            name: "RenderWorkloads",
            dependencies: [.product(name: "AudioGraph", package: "Soundcheck")]
        ),
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                "RenderWorkloads",
                .product(name: "AudioGraph", package: "Soundcheck"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "render-vs-sox",
            dependencies: ["RenderWorkloads", .product(name: "AudioGraph", package: "Soundcheck")]
        ),
        // The effect kernels: 32 voices through EQ, mixed, through reverb, against the same chain in sox;
        // and every kernel's steady-state render, which must not allocate.
        .target(
            name: "EffectWorkloads",
            dependencies: [
                .product(name: "AudioGraph", package: "Soundcheck"),
                .product(name: "AudioFiles", package: "Soundcheck"),
                .product(name: "SimCore", package: "Soundcheck"),
            ]
        ),
        .executableTarget(
            name: "EffectBenchmarks",
            dependencies: [
                "EffectWorkloads",
                .product(name: "AudioGraph", package: "Soundcheck"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EffectBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The same chain as the app would build it: 32 AVAudioPlayerNodes through AVAudioUnitEQ, a
        // submix and AVAudioUnitReverb into the main mixer, rendered offline (renderOffline), against sox.
        .target(
            name: "EngineWorkloads",
            dependencies: ["EffectWorkloads", .product(name: "AVFAudio", package: "Soundcheck")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "EngineWorkloads",
                "EffectWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "engine-vs-sox",
            dependencies: ["EngineWorkloads", "EffectWorkloads"]
        ),
        // The simulation path: an hour-long scenario with audio checks, the server's steady IO
        // cycle, a scenario with 1,000 apps.
        .target(
            name: "ScenarioWorkloads",
            dependencies: [
                .product(name: "Scenario", package: "Soundcheck"),
                .product(name: "Soundcheck", package: "Soundcheck"),
                .product(name: "MediaServer", package: "Soundcheck"),
                .product(name: "AVFAudio", package: "Soundcheck"),
                .product(name: "AudioToolbox", package: "Soundcheck"),
                .product(name: "SimCore", package: "Soundcheck"),
            ]
        ),
        .executableTarget(
            name: "ScenarioBenchmarks",
            dependencies: ["ScenarioWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ScenarioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "scenario-workload", dependencies: ["ScenarioWorkloads"]),
        // MIDI over Bluetooth LE: a 16-channel stream over one link into Core MIDI for an hour.
        .target(
            name: "MIDIWorkloads",
            dependencies: [
                .product(name: "CoreMIDI", package: "Soundcheck"),
                .product(name: "MediaServer", package: "Soundcheck"),
                .product(name: "VirtualDevices", package: "Soundcheck"),
                .product(name: "SimCore", package: "Soundcheck"),
            ]
        ),
        .executableTarget(
            name: "MIDIBenchmarks",
            dependencies: ["MIDIWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/MIDIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "midi-workload", dependencies: ["MIDIWorkloads"]),

        // The BLE-MIDI codec: decode and encode throughput next to a plain copy of the same packets.
        .target(name: "BLEMIDIWorkloads", dependencies: [.product(name: "BLEMIDI", package: "Soundcheck")]),
        .executableTarget(
            name: "BLEMIDIBenchmarks",
            dependencies: ["BLEMIDIWorkloads", .product(name: "BLEMIDI", package: "Soundcheck"), .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BLEMIDIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "ble-midi-throughput", dependencies: ["BLEMIDIWorkloads", .product(name: "BLEMIDI", package: "Soundcheck")]),
        // Policy-only exploration (soundcheck explore's PolicyExplorer): steps per second on one core.
        .target(
            name: "ExploreWorkloads",
            dependencies: [.product(name: "Explore", package: "Soundcheck"), .product(name: "VirtualDevices", package: "Soundcheck")]
        ),
        .executableTarget(
            name: "ExploreBenchmarks",
            dependencies: ["ExploreWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ExploreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(name: "explore-throughput", dependencies: ["ExploreWorkloads"]),
        // A JACK client of ours next to an idle reference client on a dummy server: xruns and
        // callback durations (a wall-clock run of its own, not an ordo-one benchmark).
        .executableTarget(
            name: "jack-vs-idle",
            dependencies: [
                .product(name: "JACKBackend", package: "Soundcheck"),
                .product(name: "Scenario", package: "Soundcheck"),
            ]
        ),
        // Voice processing: webrtc AEC+NS+AGC per 10 ms frame at 16 and 48 kHz, allocations in steady state.
        .target(
            name: "VoiceWorkloads",
            dependencies: [.product(name: "VoiceProcessing", package: "Soundcheck")]
        ),
        .executableTarget(
            name: "VoiceBenchmarks",
            dependencies: ["VoiceWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/VoiceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
