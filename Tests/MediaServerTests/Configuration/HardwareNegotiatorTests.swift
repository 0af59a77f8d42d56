import SimCore
import Testing
import VirtualDevices
@testable import MediaServer

/// What the hardware runs at for a route and a set of preferences (AVAudioSession hardware-value docs; issue examples).
@Suite("Hardware negotiation (SESSION-HW-NEGOTIATE)")
struct HardwareNegotiatorTests {
    static func resolve(_ preferences: HardwarePreferences?, hardware: AudioHardware = Fixture.phone,
                        outputs: [Port] = [Fixture.speaker], inputs: [Port] = []) -> HardwareSettings {
        HardwareNegotiator.resolve(preferences: preferences, hardware: hardware, outputs: outputs, inputs: inputs)
    }

    // MARK: Sample rate

    @Test("SESSION-HW-RATE-DEFAULT: without preferences the hardware default rate and buffer apply")
    func defaults() {
        let settings = Self.resolve(nil, outputs: [Fixture.speaker], inputs: [Fixture.builtInMic])
        #expect(settings.sampleRate == 48_000)
        #expect(settings.ioBufferFrames == 1024)
        #expect(settings.ioBufferDuration == .nanoseconds(21_333_333))
        #expect(Self.resolve(HardwarePreferences(), inputs: [Fixture.builtInMic]) == settings)
    }

    @Test("SESSION-HW-RATE-GRANTED: a rate the hardware and every routed port support is granted", arguments: [48_000, 44_100])
    func granted(_ rate: Int) throws {
        #expect(Self.resolve(try Fixture.preferences(rate: rate), inputs: [Fixture.builtInMic]).sampleRate == rate)
    }

    @Test("SESSION-HW-RATE-NEAREST: an unsupported rate gives the nearest supported one, ties to the higher", arguments: [
        (8_000, 44_100), (22_050, 44_100), (46_049, 44_100), (46_050, 48_000), (46_051, 48_000), (96_000, 48_000), (192_000, 48_000),
    ])
    func nearest(_ preferred: Int, _ granted: Int) throws {
        #expect(Self.resolve(try Fixture.preferences(rate: preferred)).sampleRate == granted)
    }

    @Test("SESSION-HW-RATE-EVERY-PORT: a rate one routed port lacks is not granted (AirPlay runs at 44.1 kHz)")
    func everyPortMustSupport() throws {
        let settings = Self.resolve(try Fixture.preferences(rate: 48_000), outputs: [Fixture.airPlay])
        #expect(settings.sampleRate == 44_100)
        #expect(Self.resolve(nil, outputs: [Fixture.airPlay]).sampleRate == 44_100)
    }

    @Test("SESSION-HW-RATE-HARDWARE-LIMIT: a port's rate the hardware lacks is not granted; hardware that has it grants it")
    func hardwareMustSupport() throws {
        let preferences = try Fixture.preferences(rate: 96_000)
        #expect(Self.resolve(preferences, outputs: [Fixture.usbOutput4], inputs: [Fixture.usbInput4]).sampleRate == 48_000)
        #expect(Self.resolve(preferences, hardware: Fixture.mac, outputs: [Fixture.usbOutput4],
                             inputs: [Fixture.usbInput4]).sampleRate == 96_000)
    }

    @Test("the negotiator grants 16 kHz on a Bluetooth HFP route whatever the app prefers", arguments: [
        nil, 48_000, 44_100, 16_000, 12_001,
    ])
    func hfpForcesWideband(_ preferred: Int?) throws {
        let settings = Self.resolve(try Fixture.preferences(rate: preferred), outputs: [Fixture.hfpOutput],
                                    inputs: [Fixture.hfpInput])
        #expect(settings.sampleRate == 16_000)
    }

    @Test("SESSION-HW-RATE-HFP-NARROWBAND: HFP grants 8 kHz when asked, and a narrowband-only link forces it")
    func hfpNarrowband() throws {
        let hfp = (outputs: [Fixture.hfpOutput], inputs: [Fixture.hfpInput])
        #expect(Self.resolve(try Fixture.preferences(rate: 8_000), outputs: hfp.outputs, inputs: hfp.inputs).sampleRate == 8_000)
        #expect(Self.resolve(try Fixture.preferences(rate: 11_999), outputs: hfp.outputs, inputs: hfp.inputs).sampleRate == 8_000)
        #expect(Self.resolve(nil, outputs: [], inputs: [Fixture.narrowbandHFPInput]).sampleRate == 8_000)
    }

    // MARK: IO buffer

    @Test("SESSION-HW-IOBUFFER-3MS-48K: about 3 ms at 48 kHz gives 128 frames (2.667 ms)")
    func threeMillisecondsAt48k() throws {
        let settings = Self.resolve(try Fixture.preferences(rate: 48_000, ioBuffer: .milliseconds(3)))
        #expect(settings.ioBufferFrames == 128)
        #expect(settings.ioBufferDuration == .nanoseconds(2_666_667))
    }

    @Test("SESSION-HW-IOBUFFER-5MS-44K: 5 ms at 44.1 kHz gives 256 frames (5.805 ms)")
    func fiveMillisecondsAt44k() throws {
        let settings = Self.resolve(try Fixture.preferences(rate: 44_100, ioBuffer: .milliseconds(5)))
        #expect(settings.ioBufferFrames == 256)
        #expect(settings.ioBufferDuration == .nanoseconds(5_804_989))
    }

    @Test("SESSION-HW-IOBUFFER-NEAREST-POW2: durations round to the nearest power of two, ties to the larger", arguments: [
        (HostDuration.microseconds(2_900), 128), (.milliseconds(4), 256), (.microseconds(3_999), 128),
        (.milliseconds(10), 512), (.milliseconds(20), 1024), (.milliseconds(93), 4096),
    ])
    func nearestPowerOfTwo(_ duration: HostDuration, _ frames: Int) throws {
        #expect(Self.resolve(try Fixture.preferences(rate: 48_000, ioBuffer: duration)).ioBufferFrames == frames)
    }

    @Test("SESSION-HW-IOBUFFER-CLAMP: durations outside the hardware range clamp to its ends", arguments: [
        (HostDuration.nanoseconds(1), 64), (.microseconds(500), 64), (.seconds(1), 4096), (.minutes(10_000_000), 4096),
    ])
    func clamped(_ duration: HostDuration, _ frames: Int) throws {
        #expect(Self.resolve(try Fixture.preferences(ioBuffer: duration)).ioBufferFrames == frames)
    }

    @Test("SESSION-HW-IOBUFFER-AT-ROUTE-RATE: frames are counted at the granted rate (5 ms on HFP at 16 kHz is 64 frames)")
    func framesAtGrantedRate() throws {
        let settings = Self.resolve(try Fixture.preferences(rate: 48_000, ioBuffer: .milliseconds(5)),
                                    outputs: [Fixture.hfpOutput], inputs: [Fixture.hfpInput])
        #expect(settings.sampleRate == 16_000)
        #expect(settings.ioBufferFrames == 64)
        #expect(settings.ioBufferDuration == .milliseconds(4))
    }

    // MARK: Channels and latency

    @Test("SESSION-HW-CHANNELS-MAXIMUM: the maximum is the sum of the routed ports' channels")
    func maximumChannels() {
        let settings = Self.resolve(nil, outputs: [Fixture.speaker, Fixture.hdmi6], inputs: [Fixture.usbInput4])
        #expect(settings.maximumOutputChannels == 8)
        #expect(settings.maximumInputChannels == 4)
    }

    @Test("SESSION-HW-CHANNELS-DEFAULT-STEREO: without a preference at most two channels are used")
    func defaultChannels() {
        let hdmi = Self.resolve(nil, outputs: [Fixture.hdmi6], inputs: [Fixture.builtInMic])
        #expect(hdmi.outputChannels == 2 && hdmi.maximumOutputChannels == 6)
        #expect(hdmi.inputChannels == 1)
        let receiver = Self.resolve(nil, outputs: [Fixture.receiver], inputs: [])
        #expect(receiver.outputChannels == 1 && receiver.inputChannels == 0 && receiver.maximumInputChannels == 0)
    }

    @Test("SESSION-HW-LATENCY: latency is the slowest routed port per direction; wireless is slower than wired")
    func latency() {
        let wired = Self.resolve(nil, outputs: [Fixture.speaker], inputs: [Fixture.builtInMic])
        #expect(wired.outputLatency == PortLatency.wired && wired.inputLatency == PortLatency.wired)
        let bluetooth = Self.resolve(nil, outputs: [Fixture.a2dp], inputs: [Fixture.builtInMic])
        #expect(bluetooth.outputLatency == .milliseconds(160))
        #expect(Self.resolve(nil, outputs: [Fixture.speaker, Fixture.airPlay]).outputLatency == .seconds(2))
        #expect(Self.resolve(nil, outputs: [], inputs: []).outputLatency == .zero)
    }
}
