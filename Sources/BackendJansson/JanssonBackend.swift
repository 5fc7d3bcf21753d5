// Compiled only under the package trait Jansson, which needs libjansson-dev.
#if Jansson
    internal import CJansson
    public import MapCore
    import Synchronization

    /// A backend over the C library jansson (2.14, Debian's `libjansson-dev`).
    ///
    /// `json_loadb` parses; the document's nodes are jansson's own `json_t` structs, read in place —
    /// nothing is copied between parsing and mapping. Use it where trees are shared with C code, or
    /// where a binary must not link Foundation: a program that depends on `MapCore` and
    /// `BackendJansson` alone links no `libFoundation`.
    ///
    /// The `ParseOptions` map onto jansson's flags — duplicate keys onto `JSON_REJECT_DUPLICATES`,
    /// top-level scalars onto `JSON_DECODE_ANY`, `\u0000` in strings onto `JSON_ALLOW_NUL` — and the
    /// rest is enforced around the call: a byte-order mark is skipped, UTF-16 and UTF-32 are refused,
    /// nesting beyond `ParseOptions/maxDepth` is rejected exactly as by the other backends (up to
    /// ``maxSupportedDepth``, 2047, which jansson's own limit allows), and a raw NUL byte after the
    /// value, which jansson takes for the end of the input, is rejected as trailing content.
    ///
    /// Syntax errors are described by the package's validating scan, so they carry the same code,
    /// line and column on every backend; what only jansson rejects — integers beyond `Int64`, numbers
    /// beyond `Double`, a key containing `\u0000` — comes from its `json_error_t`.
    ///
    /// Differences from the other backends (rows of the parity table in `Docs/Backends.md`):
    /// integers above `Int64.max` are `ParseError/Code/numberOutOfRange`; keys cannot contain
    /// `\u0000` (`ParseError/Code/nulInKey`); `-0` reads as `0.0` because jansson keeps it as the
    /// integer 0. jansson keeps only each number's value; the document keeps the text it parsed, so
    /// a number's text (for an exact `Decimal`, a correctly rounded `Float`) is read from there.
    public struct JanssonBackend: JSONBackend {
        public init() {}

        public var name: String { "jansson" }

        /// 2047: jansson's parser stops at 2048 levels, and it counts a scalar as a level of its own
        /// (2048 nested arrays around a `1` are 2049 of its levels).
        public var maxSupportedDepth: Int { 2047 }

        /// `Int64.max`: jansson holds integers as `json_int_t` (`long long`) and refuses larger ones.
        public var largestInteger: UInt64 { UInt64(Int64.max) }

        public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument
        {
            guard options.syntax == .json else { throw ParseError.unsupportedSyntax(options.syntax, backend: name) }
            guard input.count <= options.maxInputSize else {
                throw ParseError.inputTooLarge(input.count, limit: options.maxInputSize, backend: name)
            }
            // A depth beyond what jansson honours is held to jansson's limit, as the Foundation
            // backend holds it to JSONSerialization's.
            var options = options
            options.maxDepth = min(options.maxDepth, maxSupportedDepth)
            let start = try JSONScanner.contentStart(of: input, backend: name)
            let body = UnsafeRawBufferPointer(rebasing: input[start...])
            var flags = 0
            if options.duplicateKeys == .reject { flags |= Int(JSON_REJECT_DUPLICATES) }
            if options.allowsTopLevelScalars { flags |= Int(JSON_DECODE_ANY) }
            if options.allowsNULInStrings { flags |= Int(JSON_ALLOW_NUL) }

            var error = json_error_t()
            // jansson refuses a null buffer even when it is empty; any address will do for no bytes.
            let base = body.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            guard let root = json_loadb(base.assumingMemoryBound(to: CChar.self), body.count, flags, &error) else {
                throw failure(error, start: start, in: input, options: options)
            }
            // Inside strings jansson rejects a raw NUL; anywhere else in accepted text it is where
            // jansson stopped reading, so what follows was never looked at.
            let strayNUL = body.count > 0 && System.containsZero(base, count: body.count)
            // jansson's own limit is fixed; a smaller maxDepth is checked on the tree it built, which
            // has one node per value, far fewer than the text has bytes, and descends only into containers.
            let tooDeep = !strayNUL && JanssonBackend.nests(root, deeperThan: options.maxDepth)
            if strayNUL || tooDeep {
                CJansson_decref(root)
                throw failure(error, start: start, in: input, options: options)
            }
            return JanssonDocument(
                adopting: root,
                text: Array(body),
                origin: DocumentOrigin(backend: self, options: options)
            )
        }

        /// Whether arrays and objects in the tree nest deeper than `limit`; the root is at depth 1.
        static func nests(_ json: UnsafeMutablePointer<json_t>, deeperThan limit: Int, depth: Int = 1) -> Bool {
            switch CJansson_typeof(json) {
            case JSON_ARRAY:
                guard depth <= limit else { return true }
                for index in 0..<json_array_size(json) {
                    if let element = json_array_get(json, index), isContainer(element),
                        nests(element, deeperThan: limit, depth: depth + 1)
                    {
                        return true
                    }
                }
            case JSON_OBJECT:
                guard depth <= limit else { return true }
                var iterator = json_object_iter(json)
                while let current = iterator {
                    if let value = json_object_iter_value(current), isContainer(value),
                        nests(value, deeperThan: limit, depth: depth + 1)
                    {
                        return true
                    }
                    iterator = json_object_iter_next(json, current)
                }
            default:
                break
            }
            return false
        }

        @inline(__always)
        private static func isContainer(_ json: UnsafeMutablePointer<json_t>) -> Bool {
            let type = CJansson_typeof(json)
            return type == JSON_ARRAY || type == JSON_OBJECT
        }

        /// The error for input jansson (or the checks around it) refused.
        private func failure(
            _ error: json_error_t,
            start: Int,
            in input: UnsafeRawBufferPointer,
            options: ParseOptions
        ) -> ParseError {
            var error = error
            let text = withUnsafeBytes(of: &error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // Syntax errors read the same on every backend: the scan describes them.
            do {
                try JSONScanner.validate(input, options: options, backend: name)
            } catch {
                return error
            }
            let code: ParseError.Code
            switch json_error_code(&error) {
            case json_error_numeric_overflow: code = .numberOutOfRange
            case json_error_null_byte_in_key: code = .nulInKey
            case json_error_null_character: code = .nulInString
            case json_error_stack_overflow: code = .depthLimitExceeded
            case json_error_duplicate_key: code = .duplicateKey
            default: code = .backendFailure
            }
            let tape = try? JSONScanner.tape(input, options: options, backend: name)
            // A number jansson cannot hold is described as on the other backends.
            if code == .numberOutOfRange, let tape,
                let error = JSONScanner.numberOutOfRange(
                    in: input,
                    tape: tape,
                    integersBeyond64Bits: true,
                    integersBeyondInt64: true,
                    backend: name
                )
            {
                return error
            }
            // jansson points just past the offending token; the scan's tape says where it starts.
            let end = start + max(0, Int(error.position))
            var offset = min(end, input.count)
            if let tape,
                let token = tape.entries.first(where: { (entry: TapeEntry) -> Bool in
                    let quoted = entry.kind == TapeKind.string || entry.kind == TapeKind.key
                    let closing = Int(entry.offset + entry.length) + (quoted ? 1 : 0)
                    return closing == end && entry.kind != TapeKind.array && entry.kind != TapeKind.object
                })
            {
                let quoted = token.kind == TapeKind.string || token.kind == TapeKind.key
                offset = Int(token.offset) - (quoted ? 1 : 0)
            }
            return ParseError(
                code: code,
                message: text.isEmpty ? "jansson failed" : text,
                offset: offset,
                in: input,
                backend: name
            )
        }
    }

    /// A document whose nodes are jansson's `json_t` structs.
    ///
    /// The document owns one reference to the root and releases it exactly once, in `deinit`.
    /// Sharing it between tasks is safe — hence `@unchecked Sendable` — because nothing modifies the
    /// tree after parsing, jansson's reads do not mutate (object iteration walks the hash table's
    /// ordered list), and its reference counts are atomic since 2.11.
    ///
    /// ## Nodes
    ///
    /// A node is the `json_t` pointer, except for `true`, `false` and `null` inside a container:
    /// jansson shares one struct for each of those three across every document, so their pointers
    /// cannot tell two of them apart, and the contract wants distinct values to have distinct nodes
    /// (error paths depend on it). Such a value's node is tagged (bit 63) and names its place
    /// instead: for an object member, the member's iterator (bit 62 clear); for an array element, the
    /// array's pointer and the index (bit 62 set: the pointer's bits 4…46 in bits 19…61, the index in
    /// bits 0…18). Where a place does not fit — an index past 524,287, an address outside 47 bits or
    /// not 16-byte aligned — the node falls back to the shared pointer, and only the path of an error
    /// about that one value can name an earlier place.
    final class JanssonDocument: JSONDocument, @unchecked Sendable {
        private let rootPointer: UnsafeMutablePointer<json_t>
        let origin: DocumentOrigin?
        /// The text the tree was parsed from, when it was: jansson keeps only each number's value,
        /// so a number's text is read from here.
        private let text: [UInt8]?
        /// Each number node's span in ``text``, made the first time a number's text is asked for.
        private let numberSpans = Mutex<[UInt: Range<Int>]?>(nil)

        /// Takes ownership of one reference to `root`; `text` is what it was parsed from and
        /// `origin` the parse, if any.
        init(adopting root: UnsafeMutablePointer<json_t>, text: [UInt8]? = nil, origin: DocumentOrigin? = nil) {
            rootPointer = root
            self.text = text
            self.origin = origin
        }

        deinit {
            CJansson_decref(rootPointer)
        }

        let backendName = "jansson"

        var root: JSONNode { JanssonDocument.node(rootPointer) }

        private static let tagged: UInt64 = 1 << 63
        private static let inArray: UInt64 = 1 << 62
        private static let indexBits: UInt64 = 19

        @inline(__always)
        static func node(_ pointer: UnsafeMutablePointer<json_t>) -> JSONNode {
            JSONNode(rawValue: UInt64(UInt(bitPattern: pointer)))
        }

        /// Whether the value is one of jansson's shared `true` / `false` / `null` structs, whose
        /// reference count is pinned at `(size_t)-1`.
        @inline(__always)
        private static func isShared(_ pointer: UnsafeMutablePointer<json_t>) -> Bool {
            Int(truncatingIfNeeded: pointer.pointee.refcount) == -1
        }

        /// The node of the element at `index` of `array`.
        @inline(__always)
        private static func elementNode(
            _ element: UnsafeMutablePointer<json_t>,
            of array: UnsafeMutablePointer<json_t>,
            at index: Int
        ) -> JSONNode {
            guard isShared(element) else { return node(element) }
            let address = UInt64(UInt(bitPattern: array))
            guard address & 0xF == 0, address >> 47 == 0, UInt64(index) < 1 << indexBits else { return node(element) }
            return JSONNode(rawValue: tagged | inArray | (address >> 4) << indexBits | UInt64(index))
        }

        /// The node of the member value `value`, whose iterator is `iterator`.
        @inline(__always)
        private static func memberNode(_ value: UnsafeMutablePointer<json_t>, iterator: UnsafeMutableRawPointer)
            -> JSONNode
        {
            guard isShared(value) else { return node(value) }
            let address = UInt64(UInt(bitPattern: iterator))
            guard address >> 62 == 0 else { return node(value) }
            return JSONNode(rawValue: tagged | address)
        }

        @inline(__always)
        private func pointer(_ node: JSONNode) -> UnsafeMutablePointer<json_t>? {
            let raw = node.rawValue
            guard raw & JanssonDocument.tagged != 0 else {
                return UnsafeMutablePointer(bitPattern: UInt(truncatingIfNeeded: raw))
            }
            return taggedPointer(raw)
        }

        /// The value a tagged node names.
        private func taggedPointer(_ raw: UInt64) -> UnsafeMutablePointer<json_t>? {
            if raw & JanssonDocument.inArray != 0 {
                let addressBits =
                    (raw & ~(JanssonDocument.tagged | JanssonDocument.inArray)) >> JanssonDocument.indexBits
                guard let array = UnsafeMutablePointer<json_t>(bitPattern: UInt(addressBits << 4)),
                    CJansson_typeof(array) == JSON_ARRAY
                else { return nil }
                return json_array_get(array, Int(raw & (1 << JanssonDocument.indexBits - 1)))
            }
            guard let iterator = UnsafeMutableRawPointer(bitPattern: UInt(raw & ~JanssonDocument.tagged)) else {
                return nil
            }
            return json_object_iter_value(iterator)
        }

        /// The node's tree with one more reference, for handing to C code.
        func retainedTree(_ node: JSONNode) -> UnsafeMutablePointer<json_t>? {
            pointer(node).map { CJansson_incref($0) }
        }

        func kind(of node: JSONNode) -> JSONKind {
            guard let json = pointer(node) else { return .null }
            switch CJansson_typeof(json) {
            case JSON_OBJECT: return .object
            case JSON_ARRAY: return .array
            case JSON_STRING: return .string
            case JSON_INTEGER, JSON_REAL: return .number
            case JSON_TRUE, JSON_FALSE: return .bool
            default: return .null
            }
        }

        func bool(_ node: JSONNode) -> Bool? {
            guard let json = pointer(node) else { return nil }
            switch CJansson_typeof(json) {
            case JSON_TRUE: return true
            case JSON_FALSE: return false
            default: return nil
            }
        }

        func int64(_ node: JSONNode) -> Int64? {
            guard let json = pointer(node) else { return nil }
            switch CJansson_typeof(json) {
            case JSON_INTEGER: return Int64(json_integer_value(json))
            case JSON_REAL: return Int64(exactly: json_real_value(json))
            default: return nil
            }
        }

        func uint64(_ node: JSONNode) -> UInt64? {
            guard let json = pointer(node) else { return nil }
            switch CJansson_typeof(json) {
            case JSON_INTEGER: return UInt64(exactly: json_integer_value(json))
            case JSON_REAL: return UInt64(exactly: json_real_value(json))
            default: return nil
            }
        }

        func double(_ node: JSONNode) -> Double? {
            guard let json = pointer(node) else { return nil }
            switch CJansson_typeof(json) {
            case JSON_INTEGER: return Double(json_integer_value(json))
            case JSON_REAL: return json_real_value(json)
            default: return nil
            }
        }

        /// The number's text as it stands in the parsed input. jansson keeps only the value; the
        /// text is matched to the tree once, the first time it is asked for: the text's numbers
        /// (`NumberSpans`) and the tree's, both in document order. A tree with fewer object members
        /// than its text (a repeated key replaced a value, in the first one's place) has no number text.
        func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
            guard let json = pointer(node), let text else { return nil }
            let type = CJansson_typeof(json)
            guard type == JSON_INTEGER || type == JSON_REAL else { return nil }
            let spans = numberSpans.withLock { spans in
                if let spans { return spans }
                let made = JanssonDocument.numberSpans(of: rootPointer, in: text)
                spans = made
                return made
            }
            guard let span = spans[UInt(bitPattern: json)] else { return nil }
            return try text.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[span])) }
        }

        /// The span of each number node's text, by the node's address; empty when the tree and the
        /// text do not hold the same count of numbers and of object members.
        private static func numberSpans(of root: UnsafeMutablePointer<json_t>, in text: [UInt8]) -> [UInt: Range<Int>] {
            let (spans, members) = text.withUnsafeBytes { NumberSpans.inDocumentOrder($0) }
            var nodes: [UInt] = []
            nodes.reserveCapacity(spans.count)
            var treeMembers = 0
            collectNumbers(root, into: &nodes, members: &treeMembers)
            guard nodes.count == spans.count, treeMembers == members else { return [:] }
            return Dictionary(zip(nodes, spans), uniquingKeysWith: { first, _ in first })
        }

        /// The addresses of the number nodes under `json`, in document order, and the count of
        /// object members under it.
        private static func collectNumbers(
            _ json: UnsafeMutablePointer<json_t>,
            into nodes: inout [UInt],
            members: inout Int
        ) {
            switch CJansson_typeof(json) {
            case JSON_INTEGER, JSON_REAL:
                nodes.append(UInt(bitPattern: json))
            case JSON_ARRAY:
                for index in 0..<json_array_size(json) {
                    if let element = json_array_get(json, index) {
                        collectNumbers(element, into: &nodes, members: &members)
                    }
                }
            case JSON_OBJECT:
                members += json_object_size(json)
                var iterator = json_object_iter(json)
                while let current = iterator {
                    if let value = json_object_iter_value(current) {
                        collectNumbers(value, into: &nodes, members: &members)
                    }
                    iterator = json_object_iter_next(json, current)
                }
            default:
                break
            }
        }

        func string(_ node: JSONNode) -> String? {
            withStringUTF8(node) { String(decoding: $0, as: UTF8.self) }
        }

        func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_STRING, let value = json_string_value(json)
            else {
                return nil
            }
            return try body(UnsafeRawBufferPointer(start: value, count: json_string_length(json)))
        }

        func count(of node: JSONNode) -> Int {
            guard let json = pointer(node) else { return 0 }
            switch CJansson_typeof(json) {
            case JSON_ARRAY: return json_array_size(json)
            case JSON_OBJECT: return json_object_size(json)
            default: return 0
            }
        }

        func element(of node: JSONNode, at index: Int) -> JSONNode? {
            guard index >= 0, let json = pointer(node), CJansson_typeof(json) == JSON_ARRAY,
                let element = json_array_get(json, index)
            else { return nil }
            return JanssonDocument.elementNode(element, of: json, at: index)
        }

        func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_OBJECT else { return nil }
            let base = key.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            guard let value = json_object_getn(json, base.assumingMemoryBound(to: CChar.self), key.count) else {
                return nil
            }
            guard JanssonDocument.isShared(value), let iterator = iterator(of: json, utf8Key: key) else {
                return JanssonDocument.node(value)
            }
            return JanssonDocument.memberNode(value, iterator: iterator)
        }

        /// The iterator of the member with this key: through jansson's hash for keys without a NUL
        /// byte (copied to a terminated buffer on the stack), by walking the members otherwise.
        private func iterator(of object: UnsafeMutablePointer<json_t>, utf8Key key: UnsafeRawBufferPointer)
            -> UnsafeMutableRawPointer?
        {
            if key.count < 256, !key.contains(0) {
                return withUnsafeTemporaryAllocation(of: CChar.self, capacity: key.count + 1) { buffer in
                    for (index, byte) in key.enumerated() { buffer[index] = CChar(bitPattern: byte) }
                    buffer[key.count] = 0
                    return buffer.baseAddress.flatMap { json_object_iter_at(object, $0) }
                }
            }
            var iterator = json_object_iter(object)
            while let current = iterator {
                if let name = json_object_iter_key(current),
                    memcmpEqual(UnsafeRawBufferPointer(start: name, count: json_object_iter_key_len(current)), key)
                {
                    return current
                }
                iterator = json_object_iter_next(object, current)
            }
            return nil
        }

        func doubles(in node: JSONNode) -> [Double]? {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_ARRAY else { return nil }
            let count = json_array_size(json)
            var values: [Double] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                guard let element = json_array_get(json, index) else { return nil }
                switch CJansson_typeof(element) {
                case JSON_REAL: values.append(json_real_value(element))
                case JSON_INTEGER: values.append(Double(json_integer_value(element)))
                default: return nil
                }
            }
            return values
        }

        func int64s(in node: JSONNode) -> [Int64]? {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_ARRAY else { return nil }
            let count = json_array_size(json)
            var values: [Int64] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                guard let element = json_array_get(json, index) else { return nil }
                switch CJansson_typeof(element) {
                case JSON_INTEGER: values.append(Int64(json_integer_value(element)))
                case JSON_REAL:
                    guard let value = Int64(exactly: json_real_value(element)) else { return nil }
                    values.append(value)
                default: return nil
                }
            }
            return values
        }

        func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_ARRAY else { return }
            for index in 0..<json_array_size(json) {
                if let element = json_array_get(json, index) {
                    try body(JanssonDocument.elementNode(element, of: json, at: index))
                }
            }
        }

        func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
            guard let json = pointer(node), CJansson_typeof(json) == JSON_OBJECT else { return }
            var iterator = json_object_iter(json)
            while let current = iterator {
                if let key = json_object_iter_key(current), let value = json_object_iter_value(current) {
                    let utf8 = UnsafeRawBufferPointer(start: key, count: json_object_iter_key_len(current))
                    try body(JSONKey(utf8: utf8), JanssonDocument.memberNode(value, iterator: current))
                }
                iterator = json_object_iter_next(json, current)
            }
        }
    }
#endif
