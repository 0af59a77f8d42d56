import SimCore

/// Turns a profile file's YAML into a `DeviceProfile`, checking every rule as it goes.
enum ProfileReader {
    static func read(_ root: YAMLValue) throws(SourceError) -> DeviceProfile {
        let top = try root.mapping("a device profile", allowed: [
            "profile", "name", "family", "ring-silent-switch", "telephony", "connectors", "hardware", "outputs", "inputs",
            "inter-app-audio", "model",
        ])
        let hardware = try readHardware(top.required("hardware"))
        var ports: [Port] = []
        var paths: [AcousticPath] = []
        for (key, direction) in [("outputs", PortDirection.output), ("inputs", .input)] {
            for value in try top[key]?.list(key) ?? [] {
                let port = try readPort(value, direction: direction, rates: hardware.sampleRates)
                ports.append(port)
                if direction == .output, let path = try readAcousticPath(value, port: port) { paths.append(path) }
            }
        }
        try checkUniqueUIDs(ports, in: top)
        var profile = DeviceProfile(
            id: try top.required("profile").string("profile"),
            name: try top.required("name").string("name"),
            family: try top.required("family").choice("family", DeviceProfile.Family.allCases.map { ($0.rawValue, $0) }),
            hasRingSilentSwitch: try top["ring-silent-switch"]?.bool("ring-silent-switch") ?? false,
            hasTelephony: try top["telephony"]?.bool("telephony") ?? false,
            connectors: try top.required("connectors").list("connectors").map { value throws(SourceError) in
                try value.choice("connector", Connector.allCases.map { ($0.rawValue, $0) })
            },
            hardware: hardware,
            builtInPorts: ports,
            acousticPaths: paths)
        profile.supportsInterAppAudio = try top["inter-app-audio"]?.bool("inter-app-audio") ?? true
        profile.model = try top["model"]?.string("model")
        profile.hardware.hasEchoCancelledInput = EchoCancelledInputHardware.has(profile.model)
        return profile
    }

    private static func readHardware(_ value: YAMLValue) throws(SourceError) -> AudioHardware {
        let map = try value.mapping("hardware", allowed: ["sample-rates", "default-sample-rate", "io-buffer-frames"])
        let ratesValue = try map.required("sample-rates")
        let rates = try ratesValue.list("sample-rates").map { v throws(SourceError) in
            try v.int("a sample rate", in: 8_000...384_000)
        }
        guard !rates.isEmpty else { throw ratesValue.error("sample-rates must list at least one rate") }
        let defaultValue = try map.required("default-sample-rate")
        let defaultRate = try defaultValue.int("default-sample-rate")
        guard rates.contains(defaultRate) else {
            throw defaultValue.error("default-sample-rate \(defaultRate) is not one of sample-rates \(rates)")
        }
        let framesValue = try map.required("io-buffer-frames")
        let frames = try framesValue.mapping("io-buffer-frames", allowed: ["min", "max", "default"])
        let low = try frames.required("min").int("min", in: 1...65_536)
        let high = try frames.required("max").int("max", in: 1...65_536)
        let defaultFrames = try frames.required("default").int("default", in: 1...65_536)
        guard low <= high, (low...high).contains(defaultFrames), defaultFrames.nonzeroBitCount == 1 else {
            throw framesValue.error("io-buffer-frames needs min ≤ default ≤ max with default a power of two")
        }
        return AudioHardware(sampleRates: rates, defaultSampleRate: defaultRate,
                             ioBufferFrames: low...high, defaultIOBufferFrames: defaultFrames)
    }

    private static func readPort(_ value: YAMLValue, direction: PortDirection, rates: [Int]) throws(SourceError) -> Port {
        let map = try value.mapping("a port", allowed: ["type", "name", "uid", "channels", "data-sources", "acoustic-path"])
        let type = try map.required("type").choice("port type", PortType.allCases.map { ($0.rawValue, $0) })
        let channelsValue = try map.required("channels")
        let channels = try channelsValue.list("channels").map { v throws(SourceError) in try readChannel(v) }
        guard !channels.isEmpty else { throw channelsValue.error("a port needs at least one channel") }
        let sources = try map["data-sources"]?.list("data-sources").map { v throws(SourceError) in try readDataSource(v) }
        return Port(portType: type, direction: direction, portName: try map.required("name").string("name"),
                    uid: try map.required("uid").string("uid"), channelNames: channels, dataSources: sources,
                    sampleRates: rates)
    }

    /// An output's `acoustic-path`: `none`, or `{ delay-ms, attenuation-db }` (either may be left
    /// out and takes the port type's default); absent, the port type's default (`AcousticPath`).
    private static func readAcousticPath(_ value: YAMLValue, port: Port) throws(SourceError) -> AcousticPath? {
        let map = try value.mapping("a port", allowed: ["type", "name", "uid", "channels", "data-sources", "acoustic-path"])
        let fallback = AcousticPath.defaultPath(for: port.portType, outputUID: port.uid)
        guard let entry = map["acoustic-path"] else { return fallback }
        if (try? entry.string("acoustic-path")) == "none" { return nil }
        let fields = try entry.mapping("acoustic-path (a mapping, or none)", allowed: ["delay-ms", "attenuation-db"])
        guard let delay = try fields["delay-ms"]?.int("delay-ms", in: 0...1_000) ?? fallback?.delayMilliseconds,
              let attenuation = try fields["attenuation-db"]?.int("attenuation-db", in: 0...200) ?? fallback?.attenuationDecibels
        else { throw entry.error("acoustic-path of a \(port.portType.rawValue) port needs delay-ms and attenuation-db (no default for this port type)") }
        return AcousticPath(outputUID: port.uid, delayMilliseconds: delay, attenuationDecibels: attenuation)
    }

    private static func readChannel(_ value: YAMLValue) throws(SourceError) -> (String, ChannelLabel) {
        let map = try value.mapping("a channel", allowed: ["name", "label"])
        let labelValue = try map.required("label")
        let labelName = try labelValue.string("label")
        guard let label = ChannelLabel(name: labelName) else {
            let hint = closestName(to: labelName, among: ChannelLabel.knownNames).map { "; did you mean '\($0)'?" } ?? ""
            throw labelValue.error("unknown channel label '\(labelName)'\(hint) (expected one of: "
                + ChannelLabel.knownNames.joined(separator: ", ") + ", or Discrete_N)")
        }
        return (try map.required("name").string("name"), label)
    }

    private static func readDataSource(_ value: YAMLValue) throws(SourceError) -> DataSource {
        let map = try value.mapping("a data source", allowed: ["id", "name", "location", "orientation", "polar-patterns"])
        let patterns = try map["polar-patterns"]?.list("polar-patterns").map { v throws(SourceError) in
            try v.choice("polar pattern", DataSource.PolarPattern.allCases.map { ($0.rawValue, $0) })
        }
        return DataSource(
            dataSourceID: try map.required("id").int("id", in: 0...Int(UInt32.max)),
            dataSourceName: try map.required("name").string("name"),
            location: try map["location"]?.choice("location", DataSource.Location.allCases.map { ($0.rawValue, $0) }),
            orientation: try map["orientation"]?.choice(
                "orientation", DataSource.Orientation.allCases.map { ($0.rawValue, $0) }),
            supportedPolarPatterns: patterns, selectedPolarPattern: patterns?.first)
    }

    private static func checkUniqueUIDs(_ ports: [Port], in top: YAMLMapping) throws(SourceError) {
        var seen: Set<String> = []
        for port in ports where !seen.insert("\(port.direction)/\(port.uid)").inserted {
            throw top.owner.error("two \(port.direction) ports share the uid '\(port.uid)'")
        }
    }
}
