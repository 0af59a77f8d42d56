import SimCore
import Testing
@testable import VirtualDevices

/// One rule names accessories (`kind#n`, one more than the highest of the kind present now), and
/// the allocator the parser and the explore generator keep names them as the device does.
@Suite("Accessory ids")
struct AccessoryIDAllocatorTests {
    @Test("a kind's first accessory is #1, the next #2, and a re-attach after every earlier one left is #1 again")
    func rule() {
        var ids = AccessoryIDAllocator(attaching: ["hdmi:6"])
        #expect(ids.ids == ["hdmi#1"])
        var named = [ids.attach(kind: "hdmi:8"), ids.attach(kind: "usb-interface:4x4")]
        #expect(named == ["hdmi#2", "usb-interface#1"])
        var left = [ids.detach("hdmi#1")]
        named = [ids.attach(kind: "hdmi")]   // #2 is still there: one more than the highest
        #expect(named == ["hdmi#3"])
        left += [ids.detach("hdmi#2"), ids.detach("hdmi#3"), ids.detach("hdmi#3")]
        #expect(left == [true, true, true, false])
        named = [ids.attach(kind: "hdmi")]
        #expect(named == ["hdmi#1"])
        #expect(ids.hasNamed("hdmi#3") && !ids.hasNamed("hdmi#4"))
        #expect(ids.ids == ["usb-interface#1", "hdmi#1"])
    }

    @Test("over 400 seeded attaches and detaches the allocator names every accessory as the device does")
    func agreesWithTheDevice() throws {
        let kinds: [AccessoryKind] = [.hdmi(channels: 6), .hdmi(channels: 2), .bluetoothA2DP, .airPlay(version: 2),
                                      .usbInterface(inputs: 2, outputs: 2, sampleRates: [48_000])]
        var device = VirtualDevice(profile: try DeviceProfile.load("iphone"))
        var ids = AccessoryIDAllocator()
        var random = SimRandom(seed: 32)
        var attaches = 0
        var reused = 0
        var seen: Set<String> = []
        for _ in 0..<400 {
            let present = device.accessories.map(\.id)
            if !present.isEmpty, random.chance(1, in: 2) {
                let id = random.pick(present)
                _ = try device.apply(.detach(accessory: id))
                let left = ids.detach(id)
                #expect(left)
            } else {
                let kind = random.pick(kinds)
                guard (try? device.apply(.attach(kind, connector: nil))) != nil else { continue }
                let named = ids.attach(kind: kind.spec)
                #expect(device.accessories.last?.id == named)
                attaches += 1
                if !seen.insert(kind.name).inserted, named.hasSuffix("#1") { reused += 1 }
            }
            #expect(ids.ids.sorted() == device.accessories.map(\.id).sorted())
        }
        #expect(attaches > 150 && reused > 20, "the walk must re-attach kinds often: \(attaches) attaches, \(reused) as #1")
    }
}
