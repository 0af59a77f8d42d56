import VirtualDevices

/// Every problem found in a catalog folder, each located at `file:line:column`, in file order.
public struct CatalogProblems: Error, CustomStringConvertible {
    public let errors: [SourceError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
