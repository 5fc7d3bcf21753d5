import MapCore

/// A trail of steps from the query's argument to a node, extended as segments select children.
///
/// The evaluator is generic over it: the nodes a query returns carry a ``LinkedTrail`` (their
/// normalized paths), while the queries inside filters, whose paths no one reads, carry a
/// ``NoTrail`` that costs nothing.
protocol QueryTrail {
    static var root: Self { get }
    func child(key: JSONKey) -> Self
    func child(name: QueryName) -> Self
    func child(index: Int) -> Self
}

/// No trail: for queries whose nodes' paths are not needed.
struct NoTrail: QueryTrail {
    static var root: NoTrail { NoTrail() }
    func child(key: JSONKey) -> NoTrail { self }
    func child(name: QueryName) -> NoTrail { self }
    func child(index: Int) -> NoTrail { self }
}

/// A trail as a list linked from the last step back to the root, shared between siblings.
///
/// A list is as long as the node it leads to is deep, which the backends bound (`maxSupportedDepth`),
/// so releasing one, a link at a time, stays within the stack.
struct LinkedTrail: QueryTrail {
    final class Link {
        let parent: Link?
        let component: JSONPath.Component
        let depth: Int

        init(parent: Link?, component: JSONPath.Component) {
            self.parent = parent
            self.component = component
            self.depth = (parent?.depth ?? 0) + 1
        }
    }

    var last: Link?

    static var root: LinkedTrail { LinkedTrail(last: nil) }

    func child(key: JSONKey) -> LinkedTrail {
        LinkedTrail(last: Link(parent: last, component: .key(key.string)))
    }

    func child(name: QueryName) -> LinkedTrail {
        LinkedTrail(last: Link(parent: last, component: .key(name.string)))
    }

    func child(index: Int) -> LinkedTrail {
        LinkedTrail(last: Link(parent: last, component: .index(index)))
    }

    /// The steps from the root, outermost first.
    var path: JSONPath {
        var components: [JSONPath.Component] = []
        components.reserveCapacity(last?.depth ?? 0)
        var link = last
        while let current = link {
            components.append(current.component)
            link = current.parent
        }
        return JSONPath(components.reversed())
    }
}

/// A value a filter compares: Nothing, a literal of the query, or a node of the document.
enum FilterValue {
    case nothing
    case literal(QueryLiteral)
    case node(JSONNode)
}

/// Evaluates a compiled query against one document (RFC 9535, sections 2.3 to 2.5).
///
/// The evaluation reads the document only through ``JSONDocument``, so it runs the same on every
/// backend. Descendant segments walk the document with an explicit stack, node before children
/// and in document order, so a deep document cannot exhaust the call stack; filters recurse only
/// as deep as the query nests, which the parser bounds. One evaluator serves one evaluation, in
/// one task: it keeps the patterns it compiled for that evaluation.
///
/// Steps: every node a segment visits, every selector applied to a node, every node selected,
/// every filter test, every pair of values compared in depth and every regular-expression run
/// (weighed by its string's length times its program's length) spends steps from
/// ``remainingSteps``. Once a spending finds too few left, ``isExhausted`` is set and every loop
/// stops at its next check, so an evaluation does work in proportion to its step limit, whatever
/// the query (`$[0,0][0,0]…` doubles its results at each segment) and the document.
final class QueryEvaluator {
    let document: any JSONDocument
    /// The query's argument: what `$` stands for, in the query and in its filters.
    let root: JSONNode
    /// Patterns computed from the document, compiled once per evaluation; `nil` for an invalid one.
    var computedPatterns: [String: IRegexp?] = [:]
    /// The steps the evaluation may still take.
    private(set) var remainingSteps: Int
    /// Whether a spending found too few steps left: the results are then incomplete.
    private(set) var isExhausted = false

    init(document: any JSONDocument, root: JSONNode, maxSteps: Int = .max) {
        self.document = document
        self.root = root
        self.remainingSteps = max(0, maxSteps)
    }

    /// Spends `steps` (at least 0); false, and ``isExhausted`` set, when fewer are left.
    @inline(__always)
    func spend(_ steps: Int = 1) -> Bool {
        guard !isExhausted, steps <= remainingSteps else {
            isExhausted = true
            return false
        }
        remainingSteps -= steps
        return true
    }

    // MARK: Segments

    /// The nodes `query` selects, starting at `start` (the root for `$`, the current node for `@`).
    func select<Trail: QueryTrail>(
        _ segments: [QuerySegment],
        from start: JSONNode,
        trail: Trail
    ) -> [(JSONNode, Trail)] {
        var current: [(JSONNode, Trail)] = [(start, trail)]
        for segment in segments {
            var next: [(JSONNode, Trail)] = []
            for (node, trail) in current {
                guard !isExhausted else { return [] }
                if segment.isDescendant {
                    descend(from: node, trail: trail, selectors: segment.selectors, into: &next)
                } else {
                    for selector in segment.selectors {
                        apply(selector, to: node, trail: trail, into: &next)
                    }
                }
            }
            current = next
            if current.isEmpty || isExhausted { break }
        }
        return isExhausted ? [] : current
    }

    /// Applies `selectors` to `node` and to each of its descendants, node before children, in
    /// document order (section 2.5.2.2).
    func descend<Trail: QueryTrail>(
        from node: JSONNode,
        trail: Trail,
        selectors: [QuerySelector],
        into output: inout [(JSONNode, Trail)]
    ) {
        var stack: [(JSONNode, Trail)] = [(node, trail)]
        var children: [(JSONNode, Trail)] = []
        while let (visited, visitedTrail) = stack.popLast() {
            guard spend() else { return }
            for selector in selectors {
                apply(selector, to: visited, trail: visitedTrail, into: &output)
            }
            children.removeAll(keepingCapacity: true)
            switch document.kind(of: visited) {
            case .array:
                var index = 0
                document.forEachElement(of: visited) { element in
                    children.append((element, visitedTrail.child(index: index)))
                    index += 1
                }
            case .object:
                document.forEachMember(of: visited) { key, value in
                    children.append((value, visitedTrail.child(key: key)))
                }
            default:
                continue
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    /// Appends what `selector` selects from `node` to `output`, in the selector's order.
    func apply<Trail: QueryTrail>(
        _ selector: QuerySelector,
        to node: JSONNode,
        trail: Trail,
        into output: inout [(JSONNode, Trail)]
    ) {
        guard spend() else { return }
        switch selector {
        case .name(let name):
            let found = name.utf8.withUnsafeBytes { document.member(of: node, utf8Key: $0) }
            if let found, spend() { output.append((found, trail.child(name: name))) }
        case .wildcard:
            forEachChild(of: node, trail: trail) { child, childTrail in
                if spend() { output.append((child, childTrail)) }
            }
        case .index(let index):
            guard document.kind(of: node) == .array else { return }
            let count = document.count(of: node)
            let position = index >= 0 ? index : count + index
            guard position >= 0, position < count, let element = document.element(of: node, at: position) else {
                return
            }
            if spend() { output.append((element, trail.child(index: position))) }
        case .slice(let start, let end, let step):
            guard document.kind(of: node) == .array, spend(2 * document.count(of: node)) else { return }
            var elements: [JSONNode] = []
            elements.reserveCapacity(document.count(of: node))
            document.forEachElement(of: node) { elements.append($0) }
            for position in Self.slicePositions(count: elements.count, start: start, end: end, step: step) {
                output.append((elements[position], trail.child(index: position)))
            }
        case .filter(let expression):
            forEachChild(of: node, trail: trail) { child, childTrail in
                if spend(), test(expression, current: child), !isExhausted { output.append((child, childTrail)) }
            }
        }
    }

    /// Calls `body` with each element of an array or each member value of an object, in order.
    func forEachChild<Trail: QueryTrail>(
        of node: JSONNode,
        trail: Trail,
        _ body: (JSONNode, Trail) -> Void
    ) {
        switch document.kind(of: node) {
        case .array:
            var index = 0
            document.forEachElement(of: node) { element in
                body(element, trail.child(index: index))
                index += 1
            }
        case .object:
            document.forEachMember(of: node) { key, value in body(value, trail.child(key: key)) }
        default:
            break
        }
    }

    /// The positions a slice selects in an array of `count` elements, in order (section 2.3.4.2.2).
    ///
    /// Bounds are clamped to the array before any step is taken, so no bound or step, however
    /// large, can overflow.
    static func slicePositions(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0, count > 0 else { return [] }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var positions: [Int] = []
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            var position = lower
            while position < upper {
                positions.append(position)
                let (next, overflow) = position.addingReportingOverflow(step)
                if overflow { break }
                position = next
            }
        } else {
            let upper = min(max(start.map(normalized) ?? count - 1, -1), count - 1)
            let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
            var position = upper
            while lower < position {
                positions.append(position)
                let (next, overflow) = position.addingReportingOverflow(step)
                if overflow { break }
                position = next
            }
        }
        return positions
    }

    // MARK: Filters

    /// Whether `expression` holds with `current` as `@` (section 2.3.5.2).
    func test(_ expression: LogicalExpression, current: JSONNode) -> Bool {
        switch expression {
        case .or(let operands):
            for operand in operands where test(operand, current: current) { return true }
            return false
        case .and(let operands):
            for operand in operands where !test(operand, current: current) { return false }
            return true
        case .not(let operand):
            return !test(operand, current: current)
        case .comparison(let left, let op, let right):
            return compare(value(of: left, current: current), op, value(of: right, current: current))
        case .exists(let query):
            return !nodes(of: query, current: current).isEmpty
        case .function(let call):
            return logical(call, current: current)
        }
    }

    /// The nodes of a query inside a filter.
    func nodes(of query: QueryPath, current: JSONNode) -> [JSONNode] {
        select(query.segments, from: query.isRelative ? current : root, trail: NoTrail.root).map(\.0)
    }

    /// The value of a comparable or a value argument.
    func value(of expression: ValueExpression, current: JSONNode) -> FilterValue {
        switch expression {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            // A singular query selects at most one node; Nothing when none.
            guard let node = nodes(of: query, current: current).first else { return .nothing }
            return .node(node)
        case .function(let call):
            return value(call, current: current)
        }
    }

    /// The result of a function whose result type is `ValueType`.
    func value(_ call: FunctionCall, current: JSONNode) -> FilterValue {
        switch call {
        case .length(let argument):
            switch value(of: argument, current: current) {
            case .literal(.string(let string)):
                return .literal(.number(QueryNumber(integer: Int64(string.unicodeScalars.count))))
            case .node(let node):
                switch document.kind(of: node) {
                case .string:
                    let length = document.string(node)?.unicodeScalars.count ?? 0
                    return .literal(.number(QueryNumber(integer: Int64(length))))
                case .array, .object:
                    return .literal(.number(QueryNumber(integer: Int64(document.count(of: node)))))
                default:
                    return .nothing
                }
            default:
                return .nothing
            }
        case .count(let query):
            return .literal(.number(QueryNumber(integer: Int64(nodes(of: query, current: current).count))))
        case .value(let query):
            let found = nodes(of: query, current: current)
            return found.count == 1 ? .node(found[0]) : .nothing
        case .match, .search:
            // The parser gives these functions only places that take a logical result.
            return .nothing
        }
    }

    /// The result of a function whose result type is `LogicalType`.
    func logical(_ call: FunctionCall, current: JSONNode) -> Bool {
        switch call {
        case .match(let subject, let pattern):
            guard let string = string(of: value(of: subject, current: current)),
                let regex = regex(pattern, current: current), spend(regex.cost(of: string))
            else { return false }
            return regex.matchesWhole(string)
        case .search(let subject, let pattern):
            guard let string = string(of: value(of: subject, current: current)),
                let regex = regex(pattern, current: current), spend(regex.cost(of: string))
            else { return false }
            return regex.matchesPart(of: string)
        case .length, .count, .value:
            // The parser gives these functions only places that take a value.
            return false
        }
    }

    /// The compiled pattern of `match` or `search`; `nil` when it is not a string or not a valid I-Regexp.
    func regex(_ pattern: RegexArgument, current: JSONNode) -> IRegexp? {
        if let compiled = pattern.compiled { return compiled }
        if pattern.isInvalidLiteral { return nil }
        guard let text = string(of: value(of: pattern.expression, current: current)) else { return nil }
        if let known = computedPatterns[text] { return known }
        let compiled = IRegexp(text)
        computedPatterns[text] = compiled
        return compiled
    }

    /// The string a value holds; `nil` for any other kind.
    func string(of value: FilterValue) -> String? {
        switch value {
        case .literal(.string(let string)): return string
        case .node(let node): return document.string(node)
        default: return nil
        }
    }

    // MARK: Comparisons

    /// A comparison as section 2.3.5.2.2 defines it: `!=`, `<=`, `>` and `>=` in terms of `==` and `<`.
    func compare(_ left: FilterValue, _ op: ComparisonOperator, _ right: FilterValue) -> Bool {
        switch op {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    /// A value reduced to what comparisons look at: a scalar, or a container node.
    enum Comparand {
        case nothing
        case null
        case bool(Bool)
        case number(QueryNumber)
        case string(String)
        case container(JSONNode, JSONKind)
    }

    func comparand(_ value: FilterValue) -> Comparand {
        switch value {
        case .nothing: return .nothing
        case .literal(.null): return .null
        case .literal(.bool(let bool)): return .bool(bool)
        case .literal(.number(let number)): return .number(number)
        case .literal(.string(let string)): return .string(string)
        case .node(let node): return comparand(node)
        }
    }

    func comparand(_ node: JSONNode) -> Comparand {
        switch document.kind(of: node) {
        case .null: return .null
        case .bool: return .bool(document.bool(node) ?? false)
        case .number: return .number(number(node))
        case .string: return .string(document.string(node) ?? "")
        case let kind: return .container(node, kind)
        }
    }

    /// A number node's value: exact when it is an integer within `Int64`.
    func number(_ node: JSONNode) -> QueryNumber {
        if let integer = document.int64(node) { return QueryNumber(integer: integer) }
        return QueryNumber(double: document.double(node) ?? .nan)
    }

    /// `==`: Nothing equals only Nothing; numbers by value; strings by Unicode scalars; arrays and
    /// objects by their contents.
    func equal(_ left: FilterValue, _ right: FilterValue) -> Bool {
        equal(comparand(left), comparand(right))
    }

    func equal(_ left: Comparand, _ right: Comparand) -> Bool {
        switch (left, right) {
        case (.nothing, .nothing), (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.isEqual(to: b)
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.container(let a, let aKind), .container(let b, let bKind)):
            return aKind == bKind && deepEqual(a, b)
        default: return false
        }
    }

    /// `<`: defined for two numbers and for two strings (by Unicode scalar value); false otherwise.
    func less(_ left: FilterValue, _ right: FilterValue) -> Bool {
        switch (comparand(left), comparand(right)) {
        case (.number(let a), .number(let b)): return a.isLess(than: b)
        // UTF-8 byte order is Unicode scalar order.
        case (.string(let a), .string(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        default: return false
        }
    }

    /// Whether two containers hold equal values: arrays element by element, objects member by
    /// member whatever their order. Walks with an explicit stack, so depth costs no call stack.
    func deepEqual(_ left: JSONNode, _ right: JSONNode) -> Bool {
        var pending: [(JSONNode, JSONNode)] = [(left, right)]
        while let (a, b) = pending.popLast() {
            guard spend() else { return false }
            let kind = document.kind(of: a)
            guard kind == document.kind(of: b) else { return false }
            switch kind {
            case .array:
                guard document.count(of: a) == document.count(of: b), spend(document.count(of: b)) else {
                    return false
                }
                var rightElements: [JSONNode] = []
                document.forEachElement(of: b) { rightElements.append($0) }
                var index = 0
                var matched = true
                document.forEachElement(of: a) { element in
                    guard index < rightElements.count else {
                        matched = false
                        return
                    }
                    pending.append((element, rightElements[index]))
                    index += 1
                }
                guard matched, index == rightElements.count else { return false }
            case .object:
                guard document.count(of: a) == document.count(of: b) else { return false }
                var matched = true
                document.forEachMember(of: a) { key, value in
                    guard matched else { return }
                    if let other = document.member(of: b, utf8Key: key.utf8) {
                        pending.append((value, other))
                    } else {
                        matched = false
                    }
                }
                guard matched else { return false }
            default:
                guard equal(comparand(a), comparand(b)) else { return false }
            }
        }
        return true
    }
}
