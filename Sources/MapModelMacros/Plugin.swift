#if Macros
    import SwiftCompilerPlugin
    import SwiftSyntaxMacros

    /// The compiler plug-in that expands `@JSONModel` and its field controls.
    @main
    struct MapModelMacrosPlugin: CompilerPlugin {
        let providingMacros: [any Macro.Type] = [
            JSONModelMacro.self,
            FieldControlMacro.self,
        ]
    }
#else
    /// The plug-in's entry point without the Macros trait: nothing to expand, and nothing of
    /// swift-syntax linked.
    @main
    enum MapModelMacrosPlugin {
        static func main() {}
    }
#endif
