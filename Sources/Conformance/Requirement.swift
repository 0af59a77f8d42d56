import VirtualDevices

/// One documented behaviour of Apple's audio stack that the simulation must hold: a stable ID, one
/// sentence in the project's own words, where the behaviour is documented, and the platform
/// profiles it applies to (behaviour that changed between releases is two requirements).
public struct Requirement: Sendable, Equatable {
    /// Stable, UPPER-KEBAB, starting with its area's prefix (`SESSION-INTERRUPT-CALL-DECLINED`).
    public let id: String
    public let statement: String
    public let source: RequirementSource
    /// Platform names as scenario files spell them (`ios6` … `ios26`, `macos`).
    public let platforms: [String]
    /// The catalog file's stem (`session`, `midi-ble`, …).
    public let area: String
    /// Where the entry was written, so later checks can point back at it.
    public let origin: CatalogLocation
    /// Why no simulator can check it (advice to developers, hardware history, a threading detail
    /// the simulation has no counterpart for), when that is so; reported with the reason.
    public var notCheckable: String? = nil
    /// Old IDs of this requirement (`aliases:` in its entry): a renamed requirement keeps them, so
    /// scenario files and tests that name the old ID still count for it. The report lists them.
    public var aliases: [String] = []
}

/// Where a catalog entry (or one of its values) sits in its file.
public struct CatalogLocation: Sendable, Equatable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public init(_ value: YAMLValue) {
        self.init(file: value.file, line: value.line, column: value.column)
    }

    public var description: String { "\(file):\(line):\(column)" }

    func error(_ message: String) -> SourceError {
        SourceError(file: file, line: line, column: column, message: message)
    }
}
