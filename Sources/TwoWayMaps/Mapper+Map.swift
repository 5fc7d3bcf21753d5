public import FoundationEssentials
public import MapCore

/// Rosetta's entry points: decoding into a target or a new value, encoding with a map, and
/// answering with `Bool` / `nil` instead of throwing. What went wrong goes to the mapper's
/// log sinks (`MappingOptions.logSinks`). The throwing forms are the mapper's
/// `Mapper.decode(_:from:file:line:function:)-(_,ContiguousBytes,_,_,_)` and `Mapper.encode(_:file:line:function:)`
/// (a ``JSONConvertible`` type is `Bridgeable`), and ``MapBridge`` for an explicit map.
extension Mapper {
    // MARK: Decoding

    /// Decodes into `target` with its own map; on failure returns `false` and leaves `target`
    /// untouched (a struct is decoded into a copy; a class instance is checked first, then filled).
    @discardableResult
    public func map<T: Mappable>(
        _ input: some JSONInput,
        to target: inout T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> Bool {
        map(input, to: &target, usingMap: T.map, file: file, line: line, function: function)
    }

    /// Decodes into `target` with an explicit map, which wins over the type's own; on failure
    /// returns `false` and leaves `target` untouched.
    @discardableResult
    public func map<T>(
        _ input: some JSONInput,
        to target: inout T,
        usingMap map: (inout T, Map) -> Void,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> Bool {
        let callSite = CallSite(file: file, line: line, function: function)
        do {
            let json = try parsedForMapping(input, typeName: "\(T.self)", callSite: callSite)
            try MappingContext.decodeOperation(
                from: json,
                typeName: "\(T.self)",
                options: options,
                callSite: callSite,
                text: { input.diagnosticsText }
            ) { context in
                try decodeMapped(json, into: &target, map: map, in: context)
            }
            return true
        } catch {
            return false
        }
    }

    /// A new value decoded with its own map, or `nil` when a required link failed.
    public func map<T: Mappable & Creatable>(
        _ type: T.Type,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> T? {
        map(type, from: input, usingMap: T.map, file: file, line: line, function: function)
    }

    /// A new value decoded with an explicit map, or `nil` when a required link failed.
    public func map<T: Creatable>(
        _ type: T.Type,
        from input: some JSONInput,
        usingMap map: (inout T, Map) -> Void,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> T? {
        let callSite = CallSite(file: file, line: line, function: function)
        do {
            let json = try parsedForMapping(input, typeName: "\(T.self)", callSite: callSite)
            return try MappingContext.decodeOperation(
                from: json,
                typeName: "\(T.self)",
                options: options,
                callSite: callSite,
                text: { input.diagnosticsText }
            ) { context in
                try decodeMapped(json, create: { T() }, map: map, in: context)
            }
        } catch {
            return nil
        }
    }

    // MARK: Encoding

    /// The JSON of `value` by its own map, or `nil` when a required property is `nil` or invalid.
    public func mapToJSON<T: Mappable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> [UInt8]? {
        mapToJSON(value, usingMap: T.map, file: file, line: line, function: function)
    }

    /// The JSON of `value` by an explicit map, or `nil` when a required property is `nil` or invalid.
    public func mapToJSON<T>(
        _ value: T,
        usingMap map: (inout T, Map) -> Void,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> [UInt8]? {
        try? MappingContext.encodeOperation(
            typeName: "\(T.self)",
            options: options,
            callSite: CallSite(file: file, line: line, function: function)
        ) { writer, context in
            try encodeMapped(value, map: map, to: writer, in: context)
        }
    }

    /// ``mapToJSON(_:file:line:function:)`` as a `String`.
    public func mapToString<T: Mappable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> String? {
        mapToJSON(value, file: file, line: line, function: function).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``mapToJSON(_:usingMap:file:line:function:)`` as a `String`.
    public func mapToString<T>(
        _ value: T,
        usingMap map: (inout T, Map) -> Void,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> String? {
        mapToJSON(value, usingMap: map, file: file, line: line, function: function).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// ``mapToJSON(_:file:line:function:)`` as `Data`.
    public func mapToData<T: Mappable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> Data? {
        mapToJSON(value, file: file, line: line, function: function).map { Data($0) }
    }

    /// ``mapToJSON(_:usingMap:file:line:function:)`` as `Data`.
    public func mapToData<T>(
        _ value: T,
        usingMap map: (inout T, Map) -> Void,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> Data? {
        mapToJSON(value, usingMap: map, file: file, line: line, function: function).map { Data($0) }
    }

    // MARK: Input

    /// Parses any input, reporting a parse failure as a failed decode.
    func parsedForMapping(_ input: some JSONInput, typeName: String, callSite: CallSite) throws(MappingError)
        -> JSON
    {
        do {
            return try input.parsed(by: self)
        } catch {
            throw MappingContext.parseFailure(
                error,
                options: options,
                typeName: typeName,
                callSite: callSite,
                text: { input.diagnosticsText }
            )
        }
    }
}
