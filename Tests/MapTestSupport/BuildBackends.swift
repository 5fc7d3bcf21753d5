/// The backends the `JSONMapping` umbrella links in this build, in the order `Backends.linked`
/// documents: simdjson under the package's `Simdjson` trait, native always, jansson under the
/// `Jansson` trait, foundation always. Tests that name backends take them from here, so that the
/// suite passes with the C libraries' traits off as well as on.
package enum BuildBackends {
    /// The names, the default first.
    package static let names: [String] = {
        var names: [String] = []
        #if Simdjson
            names.append("simdjson")
        #endif
        names.append("native")
        #if Jansson
            names.append("jansson")
        #endif
        names.append("foundation")
        return names
    }()

    /// The default backend's name: simdjson when linked, else native.
    package static var defaultName: String { names[0] }
}
