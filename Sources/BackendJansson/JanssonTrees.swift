// Compiled only under the package trait Jansson, which needs libjansson-dev.
#if Jansson
    internal import CJansson
    public import MapCore

    /// Builds a jansson tree (`json_t`) from writer events, for code that hands trees to C.
    ///
    /// ```swift
    /// let writer = JanssonWriter()
    /// try bridge.encode(value, to: writer, in: context)
    /// let tree = try writer.finish()   // +1: the caller owns one reference and must json_decref it
    /// ```
    ///
    /// jansson's integers are `Int64`: a `UInt64` above `Int64.max`, or number text that is an integer
    /// beyond `Int64`, fails with `MappingError/Code/notRepresentable` rather than losing digits.
    public final class JanssonWriter: JSONWriting {
        private var stack: [(container: UnsafeMutablePointer<json_t>, key: String?)] = []
        private var root: UnsafeMutablePointer<json_t>?

        public init() {}

        deinit {
            // A tree never finished (an encode that failed half-way) is released here.
            if let root { CJansson_decref(root) }
            for entry in stack { CJansson_decref(entry.container) }
        }

        /// The finished tree. Ownership of one reference passes to the caller, who must release it
        /// with `json_decref` (or hand it to ``JanssonBackend/json(adopting:)``).
        public func finish() throws -> OpaquePointer {
            guard stack.isEmpty, let tree = root else {
                throw MappingError(
                    code: .invalidWriterState,
                    message: stack.isEmpty ? "nothing was written" : "\(stack.count) container(s) still open"
                )
            }
            root = nil
            return OpaquePointer(tree)
        }

        public func beginObject() throws {
            try open(json_object())
        }

        public func endObject() throws {
            guard let last = stack.last, CJansson_typeof(last.container) == JSON_OBJECT, last.key == nil else {
                throw MappingError(
                    code: .invalidWriterState,
                    message: "endObject() without an open object awaiting a key"
                )
            }
            stack.removeLast()
            try add(last.container)
        }

        public func beginArray() throws {
            try open(json_array())
        }

        public func endArray() throws {
            guard let last = stack.last, CJansson_typeof(last.container) == JSON_ARRAY else {
                throw MappingError(code: .invalidWriterState, message: "endArray() without an open array")
            }
            stack.removeLast()
            try add(last.container)
        }

        public func key(_ key: String) throws {
            guard let last = stack.last, CJansson_typeof(last.container) == JSON_OBJECT, last.key == nil else {
                throw MappingError(
                    code: .invalidWriterState,
                    message: "key(\"\(key)\") outside an object, or where a value is due"
                )
            }
            stack[stack.count - 1].key = key
        }

        public func null() throws { try add(json_null()) }
        public func bool(_ value: Bool) throws { try add(CJansson_boolean(value ? 1 : 0)) }
        public func int64(_ value: Int64) throws { try add(json_integer(json_int_t(value))) }

        public func uint64(_ value: UInt64) throws {
            guard let value = Int64(exactly: value) else {
                throw MappingError(code: .notRepresentable, message: "\(value) is beyond jansson's Int64 integers")
            }
            try int64(value)
        }

        public func double(_ value: Double) throws {
            guard value.isFinite else {
                throw MappingError(code: .notRepresentable, message: "\(value) cannot be written as JSON")
            }
            try add(json_real(value))
        }

        public func string(_ value: String) throws {
            var value = value
            try add(withCString(&value) { json_stringn($0, $1) })
        }

        /// Number text becomes the node jansson's own parser makes of it: an integer for text without
        /// a fraction or exponent (beyond `Int64` it fails with `notRepresentable`), a real otherwise
        /// (`1.0` stays a real, `-0.0` keeps its sign).
        public func number(text: String) throws {
            guard let number = JSONNumber(text: text) else {
                throw MappingError(code: .unsupportedValue, message: "\"\(text)\" is not a JSON number")
            }
            let written = text.utf8
            let isInteger = !written.contains(UInt8(ascii: ".")) && !written.contains { $0 | 0x20 == UInt8(ascii: "e") }
            guard isInteger else {
                try double(number.double)
                return
            }
            guard let value = number.int64 else {
                throw MappingError(code: .notRepresentable, message: "\(text) is beyond jansson's Int64 integers")
            }
            try int64(value)
        }

        private func open(_ container: UnsafeMutablePointer<json_t>?) throws {
            guard let container else { throw MappingError(code: .other, message: "jansson is out of memory") }
            if stack.isEmpty, root != nil {
                CJansson_decref(container)
                throw MappingError(code: .invalidWriterState, message: "a second top-level value")
            }
            if let last = stack.last, CJansson_typeof(last.container) == JSON_OBJECT, last.key == nil {
                CJansson_decref(container)
                throw MappingError(code: .invalidWriterState, message: "a value in an object where a key is due")
            }
            stack.append((container, nil))
        }

        /// Attaches a new value (whose one reference this writer owns) to the open container or as the root.
        private func add(_ value: UnsafeMutablePointer<json_t>?) throws {
            guard let value else { throw MappingError(code: .other, message: "jansson is out of memory") }
            guard let index = stack.indices.last else {
                guard root == nil else {
                    CJansson_decref(value)
                    throw MappingError(code: .invalidWriterState, message: "a second top-level value")
                }
                root = value
                return
            }
            let container = stack[index].container
            if CJansson_typeof(container) == JSON_ARRAY {
                json_array_append_new(container, value)
            } else {
                guard var key = stack[index].key else {
                    CJansson_decref(value)
                    throw MappingError(code: .invalidWriterState, message: "a value in an object where a key is due")
                }
                _ = withCString(&key) { json_object_setn_new(container, $0, $1, value) }
                stack[index].key = nil
            }
        }
    }

    /// Calls `body` with a string's UTF-8 as jansson takes it: a `char` pointer (never null) and a length.
    private func withCString<R>(_ string: inout String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        string.withUTF8 { utf8 in
            let base = utf8.baseAddress ?? ("" as StaticString).utf8Start
            return base.withMemoryRebound(to: CChar.self, capacity: max(utf8.count, 1)) { body($0, utf8.count) }
        }
    }

    // A writer builds one tree for one encode.
    @available(*, unavailable)
    extension JanssonWriter: Sendable {}

    /// Options of jansson's `json_dumps`.
    public struct JanssonDumpOptions: Hashable, Sendable {
        /// Spaces per level (0–31); `nil` writes everything on one line. Default `nil`.
        public var indent: Int?
        /// No space after `,` and `:` (`JSON_COMPACT`). Default `true`.
        public var compact = true
        /// Only ASCII in the output (`JSON_ENSURE_ASCII`). Default `false`.
        public var ensuresASCII = false
        /// Keys in sorted order (`JSON_SORT_KEYS`). Default `false`.
        public var sortsKeys = false
        /// `/` written as `\/` (`JSON_ESCAPE_SLASH`). Default `false`.
        public var escapesSlashes = false
        /// Significant digits for reals, 1–31 (`JSON_REAL_PRECISION`); `nil` for jansson's default of 17.
        public var realPrecision: Int?

        public init(
            indent: Int? = nil,
            compact: Bool = true,
            ensuresASCII: Bool = false,
            sortsKeys: Bool = false,
            escapesSlashes: Bool = false,
            realPrecision: Int? = nil
        ) {
            self.indent = indent
            self.compact = compact
            self.ensuresASCII = ensuresASCII
            self.sortsKeys = sortsKeys
            self.escapesSlashes = escapesSlashes
            self.realPrecision = realPrecision
        }

        var flags: Int {
            var flags = Int(JSON_ENCODE_ANY)
            if let indent { flags |= Int(CJansson_indent(Int32(max(0, min(indent, 31))))) }
            if compact { flags |= Int(JSON_COMPACT) }
            if ensuresASCII { flags |= Int(JSON_ENSURE_ASCII) }
            if sortsKeys { flags |= Int(JSON_SORT_KEYS) }
            if escapesSlashes { flags |= Int(JSON_ESCAPE_SLASH) }
            if let realPrecision { flags |= Int(CJansson_real_precision(Int32(max(1, min(realPrecision, 31))))) }
            return flags
        }
    }

    extension JanssonBackend {
        /// A view of a tree a C caller hands in. Takes ownership of one reference (+1): the document
        /// releases it when the last view of it goes away. The caller must not modify the tree afterwards.
        public static func json(adopting tree: OpaquePointer) -> JSON {
            JSON(document: JanssonDocument(adopting: UnsafeMutablePointer(tree)))
        }

        /// The text `json_dumps` writes for a tree; the tree's ownership does not change.
        public static func dump(_ tree: OpaquePointer, options: JanssonDumpOptions = JanssonDumpOptions()) -> String? {
            guard let text = json_dumps(UnsafeMutablePointer(tree), options.flags) else { return nil }
            // json_dumps allocates with jansson's allocator, which a C host may have replaced.
            var release: json_free_t?
            json_get_alloc_funcs(nil, &release)
            defer {
                if let release { release(text) } else { System.free(text) }
            }
            return String(cString: text)
        }
    }

    extension JSON {
        /// This value as a jansson tree, for C code. The caller owns one reference (+1) and must
        /// release it with `json_decref`.
        ///
        /// A view into a jansson document hands out its own node (shared: do not modify it — copy it
        /// with `json_deep_copy` first if you must); any other view is written into a new tree.
        public func makeJanssonTree() throws -> OpaquePointer {
            if let document = document as? JanssonDocument, !isMissing, let tree = document.retainedTree(node) {
                return OpaquePointer(tree)
            }
            let writer = JanssonWriter()
            try writer.value(self)
            return try writer.finish()
        }
    }
#endif
