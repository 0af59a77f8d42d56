import Foundation
@testable import BuiltInChecks
@testable import Conformance
import MediaServer
import AVFAudio
import Soundcheck
import Testing

/// Choosing one of the phone's microphones (a data source of the built-in mic) or its polar
/// pattern reaches the media server: the route shows it, a routeConfigurationChange is posted,
/// and a recorder hears that microphone.
@Suite("Data sources and polar patterns reach the device")
struct DataSourceTests {
    @Test("a polar pattern the source does not support and a data source of another port are badParam; nothing changes")
    func badParameters() throws {
        let device = try SimulatedDevice(seed: 53)
        try device.attach("usb-interface:2x2")
        let changes = try DataSourceChecks.memo(device)
        let inputs = try #require(device.run(as: "Memo") { AVAudioSession.sharedInstance().availableInputs })
        let port = try #require(inputs.first { $0.portType == .builtInMic })
        let usb = try #require(inputs.first { $0.portType == .usbAudio })
        let bottom = try #require(port.dataSources?.first { $0.dataSourceName == "Bottom" })
        func code(_ body: () throws -> Void) -> Int? {
            do { try body(); return nil } catch { return (error as NSError).code }
        }
        #expect(device.run(as: "Memo") { code { try bottom.setPreferredPolarPattern(.cardioid) } } == -50)
        #expect(device.run(as: "Memo") { code { try usb.setPreferredDataSource(bottom) } } == -50)
        #expect(port.preferredDataSource == nil && usb.preferredDataSource == nil)
        #expect(changes.reasons.isEmpty)
        #expect(device.events(.apiSetPreferredPolarPattern).last?.fields["result"] == "badParam")
    }

    @Test("setOutputDataSource: the speaker has no data sources to choose, so a microphone's is badParam and nil is accepted")
    func outputDataSource() throws {
        let device = try SimulatedDevice(seed: 54)
        _ = try DataSourceChecks.memo(device)
        let (sources, code, cleared) = device.run(as: "Memo") { () -> ([AVAudioSessionDataSourceDescription]?, Int?, Bool) in
            let session = AVAudioSession.sharedInstance()
            let bottom = session.inputDataSources?.first { $0.dataSourceName == "Bottom" }
            var code: Int?
            do { try session.setOutputDataSource(bottom) } catch { code = (error as NSError).code }
            let cleared = (try? session.setOutputDataSource(nil)) != nil
            return (session.outputDataSources, code, cleared)
        }
        #expect(sources == nil)
        #expect(code == -50)
        #expect(cleared)
        #expect(device.events(.apiSetOutputDataSource).map { $0.fields["result"] } == ["badParam", "ok"])
    }
}
