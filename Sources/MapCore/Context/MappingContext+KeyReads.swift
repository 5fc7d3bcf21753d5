/// The keys each object was asked for, noted when the unknown-key report is on
/// (``MappingOptions/reportsUnknownKeys`` or the ``LogLevel/verbose`` level), and the keys no
/// mapping read, found from them.
extension MappingContext {
    /// Notes that `key` was looked up in `object`, for the unknown-key report; does nothing unless
    /// ``MappingOptions/reportsUnknownKeys`` is set.
    @inlinable
    public func noteKeyRead(_ key: String, in object: JSON?) {
        guard tracksKeyReads, let object, !object.isMissing else { return }
        recordKeyRead(key, in: object)
    }

    /// Notes each key step of `path` below `json`; does nothing unless
    /// ``MappingOptions/reportsUnknownKeys`` is set.
    @inlinable
    public func noteKeyReads(along path: JSONPath, from json: JSON?) {
        guard tracksKeyReads, let json else { return }
        recordKeyReads(along: path, from: json)
    }

    @usableFromInline
    func recordKeyRead(_ key: String, in object: JSON) {
        keysRead[ReadObject(object), default: []].insert(key)
    }

    @usableFromInline
    func recordKeyReads(along path: JSONPath, from json: JSON) {
        var current = json
        for component in path.components {
            guard !current.isMissing else { return }
            if case .key(let key) = component, current.kind == .object { recordKeyRead(key, in: current) }
            current = current[JSONPath([component])]
        }
    }

    /// The keys below `root` that are in objects some mapping looked keys up in, but were not
    /// looked up themselves, in document order.
    func unreadKeys(below root: JSON) -> [JSONPath] {
        guard !keysRead.isEmpty, !root.isMissing else { return [] }
        var found: [JSONPath] = []
        var trail: [JSONPath.Component] = path(of: root).components
        func visit(_ json: JSON) {
            switch json.kind {
            case .object:
                let read = keysRead[ReadObject(json)]
                json.forEachMember { key, value in
                    trail.append(.key(key))
                    if let read, !read.contains(key) {
                        found.append(JSONPath(trail))
                    } else {
                        visit(value)
                    }
                    trail.removeLast()
                }
            case .array:
                for (index, element) in json.elements.enumerated() {
                    trail.append(.index(index))
                    visit(element)
                    trail.removeLast()
                }
            default:
                break
            }
        }
        visit(root)
        return found
    }
}
