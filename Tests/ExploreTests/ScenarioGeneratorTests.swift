import Explore
import Scenario
import Testing
import VirtualDevices

@Suite struct ScenarioGeneratorTests {
    let generator = ScenarioGenerator(apps: AppUnderTest.shipped(.standard), steps: 12)

    @Test func sameSeedAndRunGiveTheSameScriptWhateverRanBefore() {
        let alone = generator.script(run: 7, seed: 42)
        _ = (0..<7).map { generator.script(run: $0, seed: 42) }
        #expect(generator.script(run: 7, seed: 42) == alone)
        #expect(generator.script(run: 8, seed: 42) != alone)
        #expect(generator.script(run: 7, seed: 43) != alone)
    }

    @Test func everyGeneratedScriptParsesAsAScenario() throws {
        for run in 0..<200 {
            let script = generator.script(run: run, seed: 5)
            let scenario = try script.scenario(file: "generated.yaml", registry: .standard)
            // A run that opens with a scene may end early (its tail is random); none is longer.
            #expect((1...12).contains(scenario.steps.count))
            #expect(scenario.apps.map(\.name) == script.apps.map(\.name))
        }
    }

    /// The generator names accessories by the device's rule (`AccessoryIDAllocator`): replayed on
    /// the device, every detach it writes names an accessory the device has then, also after a
    /// kind was unplugged and plugged in again (`#1` again, where counting every attach said `#2`).
    @Test func detachesNameWhatTheDeviceHasAttached() throws {
        // Long runs, so kinds come and go several times in one.
        let long = ScenarioGenerator(apps: AppUnderTest.shipped(.standard), steps: 40)
        var detaches = 0
        var reattachedAsOne = 0
        for run in 0..<300 {
            let script = long.script(run: run, seed: 11)
            var device = VirtualDevice(profile: try DeviceProfile.load("iphone"))
            var seen: Set<String> = []
            var replayable = true
            for spec in script.accessories { _ = try device.apply(.attach(try AccessoryKind(spec: spec), connector: nil)) }
            for step in script.steps where replayable {
                let value = step.fields.first { $0.key == "accessory" }?.value.trimmingCharacters(in: ["\""])
                guard let value else { continue }
                if step.verb == "attach" {
                    let kind = try AccessoryKind(spec: value)
                    // The generator does not model connectors: an attach the device refuses
                    // (the jack taken) ends what this script can tell.
                    guard (try? device.apply(.attach(kind, connector: nil))) != nil else { replayable = false; continue }
                    if !seen.insert(kind.name).inserted, device.accessories.last?.instance == 1 { reattachedAsOne += 1 }
                } else if step.verb == "detach" {
                    #expect(device.accessories.contains { $0.id == value }, "run \(run): detach \(value) with \(device.accessories.map(\.id))")
                    _ = try? device.apply(.detach(accessory: value))
                    detaches += 1
                }
            }
        }
        #expect(detaches > 50 && reattachedAsOne > 5, "\(detaches) detaches, \(reattachedAsOne) re-attaches named #1")
    }

    /// A scene sets up, at the start of a run, one app taking the audio from another and giving
    /// it back: random steps alone rarely line that up within a few steps. Over 300 runs of a
    /// media player beside a game, the game takes the audio after the player started and gives it
    /// back within the first seven steps in many runs, in each way a scene draws.
    @Test func scenesSetUpOneAppTakingTheAudioFromAnother() {
        let generator = ScenarioGenerator(apps: [AppUnderTest(model: "media-player", mistake: "resumes-without-should-resume"),
                                                 AppUnderTest(model: "game")], steps: 12)
        var scenes = 0
        var givenBack: Set<String> = []
        for run in 0..<300 {
            let steps = Array(generator.script(run: run, seed: 9).steps.prefix(7))
            guard let play = steps.firstIndex(where: { $0.verb == "play" && $0.app == "MediaPlayer" }),
                  let take = steps[play...].firstIndex(where: { ["set-category", "activate", "play"].contains($0.verb) && $0.app == "Game" }),
                  let back = steps[take...].first(where: { ["deactivate", "pause", "background", "terminate"].contains($0.verb) && $0.app == "Game" })
            else { continue }
            scenes += 1
            givenBack.insert(back.verb + (back.fields.first { $0.key == "notify-others" }.map { " notify-others: \($0.value)" } ?? ""))
        }
        #expect(scenes >= 25, "only \(scenes) of 300 runs")
        let ways: Set<String> = ["deactivate notify-others: true", "deactivate notify-others: false", "pause", "background", "terminate"]
        #expect(ways.subtracting(givenBack).isEmpty, "never given back by: \(ways.subtracting(givenBack).sorted())")
    }
}
