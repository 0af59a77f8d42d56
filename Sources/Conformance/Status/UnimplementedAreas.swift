/// The catalog areas the simulator does not implement yet. Their requirements without a check are
/// reported as "not yet implemented" — counted at the top of every report, never hidden. Remove an
/// area here when its simulation lands; its requirements then show as "not checked" until checked.
public enum UnimplementedAreas {
    public static let names: [String] = []
}
