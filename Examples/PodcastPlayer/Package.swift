// swift-tools-version: 6.1
// A podcast player's audio code, kept in a package of its own as many iOS apps keep it, and tested on
// Linux against Soundcheck. On iOS and macOS it builds with Apple's frameworks; on Linux the same
// sources build with Soundcheck's modules of the same names. No source file says which.
import PackageDescription

// Soundcheck by version, as any package depends on it: your package names Soundcheck's git URL
// here. This one is built by the repository's Tools/outside-package (which Tools/test runs), which
// commits a snapshot of the working tree to .build/outside/soundcheck, tags it, and passes its
// file:// URL in SOUNDCHECK_URL; without the variable the manifest looks for that snapshot.
let soundcheckURL = Context.environment["SOUNDCHECK_URL"] ?? "file://\(Context.packageDirectory)/../../.build/outside/soundcheck"
let linux = TargetDependencyCondition.when(platforms: [.linux])

let package = Package(
    name: "PodcastPlayer",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "PodcastPlayer", targets: ["PodcastPlayer"])],
    dependencies: [.package(url: soundcheckURL, from: "0.4.0")],
    targets: [
        .target(
            name: "PodcastPlayer",
            dependencies: [
                .product(name: "AVFoundation", package: "soundcheck", condition: linux),
                .product(name: "MediaPlayer", package: "soundcheck", condition: linux),
            ]
        ),
        .testTarget(
            name: "PodcastPlayerTests",
            dependencies: ["PodcastPlayer", .product(name: "Soundcheck", package: "soundcheck", condition: linux)],
            resources: [.copy("Scenarios")]
        ),
    ]
)
