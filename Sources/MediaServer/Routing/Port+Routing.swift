import VirtualDevices

extension Port {
    /// The Bluetooth device a port belongs to. A device's A2DP and HFP ports share its address and
    /// differ in the UID suffix (`…-tacl` for A2DP, `…-tsco` for HFP), as UIDs on devices do
    /// (AVAudioSession.Port, AVFAudio). Nil for ports that are not Bluetooth audio.
    var bluetoothDeviceAddress: Substring? {
        guard [.bluetoothA2DP, .bluetoothHFP, .bluetoothLE].contains(portType),
              let dash = uid.lastIndex(of: "-") else { return nil }
        return uid[..<dash]
    }

    /// True when `other` is the same port, compared by what identifies it rather than its
    /// configuration (HFP input and output share a UID, so the direction counts too).
    func isSamePort(as other: Port) -> Bool {
        uid == other.uid && direction == other.direction && portType == other.portType
    }

    /// This port with `dataSourceID` selected, when it is one of its selectable sources.
    func selecting(dataSource dataSourceID: Int?) -> Port {
        guard let dataSourceID, dataSources?.contains(where: { $0.dataSourceID == dataSourceID }) == true
        else { return self }
        var port = self
        port.selectedDataSourceID = dataSourceID
        return port
    }

    /// This port with each data source's preferred polar pattern selected.
    func selecting(polarPatterns preferences: [PortDataSource: DataSource.PolarPattern]) -> Port {
        guard let sources = dataSources else { return self }
        var port = self
        port.dataSources = sources.map { source in
            var source = source
            if let pattern = preferences[PortDataSource(portUID: uid, dataSourceID: source.dataSourceID)] {
                source.selectedPolarPattern = pattern
            }
            return source
        }
        return port
    }
}
