/// Why a JACK run could not start or did not finish, in words a person can act on.
public struct JACKError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
