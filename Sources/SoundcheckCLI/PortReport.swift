import SimCore
import VirtualDevices

/// Renders a device's ports for people (an aligned table) or for programs (canonical JSON).
enum PortReport {
    static func table(_ device: VirtualDevice) -> String {
        let hardware = device.profile.hardware
        var text = "\(device.profile.name) — profile \(device.profile.id)\n"
        text += "hardware: \(hardware.sampleRates.map { "\($0) Hz" }.joined(separator: ", ")); "
        text += "IO buffers \(hardware.ioBufferFrames.lowerBound)…\(hardware.ioBufferFrames.upperBound) frames "
        text += "(default \(hardware.defaultIOBufferFrames) at \(hardware.defaultSampleRate) Hz)\n"
        if !device.accessories.isEmpty {
            text += "accessories: " + device.accessories.map { "\($0.id) (\($0.kind.spec) on \($0.connector.rawValue))" }
                .joined(separator: ", ") + "\n"
        }
        var rows = [["dir", "port type", "name", "uid", "rates (Hz)", "data sources", "ch", "channel", "label"]]
        for port in device.ports {
            let sources = port.dataSources.map { sources in
                sources.map { $0.dataSourceName + ($0.dataSourceID == port.selectedDataSourceID ? "*" : "") }
                    .joined(separator: ",")
            } ?? "-"
            let portCells = [port.direction == .output ? "out" : "in", port.portType.rawValue, port.portName, port.uid,
                             port.sampleRates.map(String.init).joined(separator: ","), sources]
            for channel in port.channels {
                // One row per channel; the port's own cells only on its first row.
                let lead = channel.channelNumber == 1 ? portCells : Array(repeating: "", count: portCells.count)
                rows.append(lead + [String(channel.channelNumber), channel.channelName, channel.channelLabel.description])
            }
        }
        let midi = device.accessories.flatMap(\.midiEndpointNames)
        return text + "\n" + TextTable.render(rows) + (midi.isEmpty ? "" : "\nMIDI endpoints: \(midi.joined(separator: ", "))\n")
    }

    static func json(_ device: VirtualDevice) -> String {
        CanonicalJSON.encode([
            "profile": .string(device.profile.id),
            "sampleRates": .list(device.profile.hardware.sampleRates.map { .integer($0) }),
            "accessories": .list(device.accessories.map { .string($0.id) }),
            "ports": .list(device.ports.map(portValue)),
        ])
    }

    private static func portValue(_ port: Port) -> TraceValue {
        [
            "portType": .string(port.portType.rawValue), "direction": .string(port.direction.rawValue),
            "portName": .string(port.portName), "uid": .string(port.uid),
            "sampleRates": .list(port.sampleRates.map { .integer($0) }),
            "hasHardwareVoiceCallProcessing": .bool(port.hasHardwareVoiceCallProcessing),
            "channels": .list(port.channels.map { channel in
                ["channelNumber": .integer(channel.channelNumber), "channelName": .string(channel.channelName),
                 "channelLabel": .int(Int64(channel.channelLabel.rawValue)),
                 "channelLabelName": .string(channel.channelLabel.description)]
            }),
            "dataSources": port.dataSources.map { .list($0.map { .string($0.dataSourceName) }) } ?? .null,
            "selectedDataSource": port.selectedDataSource.map { .string($0.dataSourceName) } ?? .null,
        ]
    }
}
