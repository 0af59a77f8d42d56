import Foundation
import AVFAudio
import Soundcheck

/// What a category decides, row by row of the 2012 talk's table: whether the app may play and
/// record, whether it mixes with Music, and whether the ring/silent switch silences it — each
/// read from what the device does (the route, Music's session, the level at the output port).
enum CategoryRuleChecks {
    struct Rule {
        let category: AVAudioSession.Category
        let plays: Bool
        let records: Bool
        let mixesWithMusic: Bool
        let obeysRingerSwitch: Bool
    }

    static let table: [Rule] = [
        Rule(category: .ambient, plays: true, records: false, mixesWithMusic: true, obeysRingerSwitch: true),
        Rule(category: .soloAmbient, plays: true, records: false, mixesWithMusic: false, obeysRingerSwitch: true),
        Rule(category: .playback, plays: true, records: false, mixesWithMusic: false, obeysRingerSwitch: false),
        Rule(category: .record, plays: false, records: true, mixesWithMusic: false, obeysRingerSwitch: false),
        Rule(category: .playAndRecord, plays: true, records: true, mixesWithMusic: false, obeysRingerSwitch: false),
    ]

    static func words(_ allowed: Bool) -> String { allowed ? "yes" : "no" }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-CATEGORY-RULES"],
                     "each category decides playing, recording, mixing with Music and obeying the ring/silent switch") { p in
            for rule in Self.table {
                let name = rule.category.rawValue.replacingOccurrences(of: "AVAudioSessionCategory", with: "")
                let device = try p.device()
                let music = try device.launchMusic()
                device.run(as: MusicApp.name) { music.play() }
                try device.launchApp("App", rule.category)
                let route = device.run(as: "App") { AVAudioSession.sharedInstance().currentRoute }
                p.expect(!route.outputs.isEmpty == rule.plays,
                         "\(name): may play is \(words(!route.outputs.isEmpty)) (outputs \(route.outputs.map(\.portName))), expected \(words(rule.plays))")
                p.expect(!route.inputs.isEmpty == rule.records,
                         "\(name): may record is \(words(!route.inputs.isEmpty)) (inputs \(route.inputs.map(\.portName))), expected \(words(rule.records))")
                let musicActive = device.session(MusicApp.name).isActive
                p.expect(musicActive == rule.mixesWithMusic,
                         "\(name): Music's session \(musicActive ? "stayed" : "did not stay") active when the app went active; expected it to \(rule.mixesWithMusic ? "mix" : "interrupt Music")")
                guard rule.plays else { continue }
                // The switch on a device where only the app plays, read at the port it plays to.
                let quiet = try p.device()
                try quiet.launchApp("App", rule.category)
                let port = try p.require(quiet.run(as: "App") { AVAudioSession.sharedInstance().currentRoute.outputs.first?.uid }, "\(name)'s output port")
                try quiet.perform(.ringerSwitch(silent: true))
                let heard = quiet.isAudible("App", port: port)
                p.expect(heard != rule.obeysRingerSwitch,
                         "\(name): with the switch on silent its tone was \(heard ? "heard" : "silent") at \(port); expected \(rule.obeysRingerSwitch ? "silent" : "heard")")
            }
        },
    ] }
}
