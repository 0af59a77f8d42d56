import CYaml
import SimCore

/// Bounds what anchors and aliases can do before Yams builds the node tree. Yams compares mapping
/// keys to find duplicates by hashing whole key trees, so an alias used as a key makes that cost
/// double with each level (a 450-byte file never finishes); and aliases nested in aliases expand a
/// small file into an enormous one for every reader that walks it. So, on libyaml's event stream:
/// an alias may not be a mapping key, and the document, with every alias expanded, may hold at
/// most `maximumNodes` nodes. Syntax errors are left to Yams, which reports them with position.
enum YAMLAliasCheck {
    static let maximumNodes = 100_000

    /// A mapping or sequence being read: its expanded size so far, and for a mapping whether the
    /// next node is a key.
    private struct Open {
        let isMapping: Bool
        let anchor: String?
        var nodes = 1
        var nextIsKey = true
    }

    static func check(_ text: String, file: String) throws(SourceError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(SourceError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            try walk(&parser, file: file)
        }
    }

    private static func walk(_ parser: inout yaml_parser_t, file: String) throws(SourceError) {
        var anchors: [String: Int] = [:]   // anchor → expanded node count
        var open: [Open] = []
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let mark = event.start_mark
            func fail(_ message: String) -> SourceError {
                SourceError(file: file, line: mark.line + 1, column: mark.column + 1, message: message)
            }
            /// A complete node of `nodes` expanded nodes joins its parent.
            func add(_ nodes: Int, anchor: String?) throws(SourceError) {
                if let anchor { anchors[anchor] = nodes }
                guard !open.isEmpty else { return }
                open[open.count - 1].nodes = min(open[open.count - 1].nodes + nodes, maximumNodes + 1)
                if open[open.count - 1].isMapping { open[open.count - 1].nextIsKey.toggle() }
                if open[open.count - 1].nodes > maximumNodes {
                    throw fail("with its aliases expanded the document has more than \(maximumNodes) nodes; write the repeated parts out or use fewer aliases")
                }
            }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_ALIAS_EVENT:
                let name = string(event.data.alias.anchor) ?? ""
                if let parent = open.last, parent.isMapping, parent.nextIsKey {
                    throw fail("an alias (*\(name)) cannot be a mapping key; write the key out")
                }
                try add(anchors[name] ?? 1, anchor: nil)
            case YAML_SCALAR_EVENT:
                try add(1, anchor: string(event.data.scalar.anchor))
            case YAML_SEQUENCE_START_EVENT:
                open.append(Open(isMapping: false, anchor: string(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                open.append(Open(isMapping: true, anchor: string(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let closed = open.removeLast()
                try add(closed.nodes, anchor: closed.anchor)
            default:
                break
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
