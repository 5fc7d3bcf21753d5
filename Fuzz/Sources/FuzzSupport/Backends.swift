public import JSONMapping

/// Every backend the package links under its default traits, by name: foundation, jansson,
/// native and simdjson. The fuzz package is built with those traits, so all four are present;
/// a build without one of them stops at the first input rather than fuzz fewer backends quietly.
public let fuzzBackends: [any JSONBackend] = {
    let linked = Backends.linked.sorted { $0.name < $1.name }
    let names = linked.map(\.name)
    precondition(
        names == ["foundation", "jansson", "native", "simdjson"],
        "the fuzz targets need every backend linked, found \(names)"
    )
    return linked
}()

/// Parses `input` with `backend` directly (not through a `Mapper`, whose checks of the options
/// would stand between the fuzzer and the backend).
public func parse(
    _ input: UnsafeRawBufferPointer,
    with backend: any JSONBackend,
    options: ParseOptions
) -> Result<any JSONDocument, ParseError> {
    Result { () throws(ParseError) -> any JSONDocument in try backend.parse(input, options: options) }
}

/// The option sets the parse targets try every input under: the defaults, and strict options that
/// exercise every refusal the options add (a shallow depth, repeated keys refused, no top-level
/// scalar, no U+0000 in strings).
public let fuzzOptionSets: [(name: String, options: ParseOptions)] = [
    ("default", ParseOptions()),
    (
        "strict",
        ParseOptions(maxDepth: 4, duplicateKeys: .reject, allowsTopLevelScalars: false, allowsNULInStrings: false)
    ),
]
