#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's docc, and fails
# on any warning (an unresolved symbol link, an undocumented parameter).
#   Scripts/build-docs.sh [OUTPUT_DIR]     (default: .build-docs/html)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs/html}
mkdir -p "$out"
modules=(MapCore MapIO MapCodable TwoWayMaps Extraction DeclarativeRules LenientReader BackendFoundation BackendNative BackendJansson BackendSimdjson MapLogging InMemoryMapLogging JSONMapping MapHTTP JSONMappingHummingbird JSONMappingVapor)
# Every trait on, so that the server integrations are compiled and documented too.
traits=Jansson,Simdjson,Hummingbird,Vapor
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
# Touch the sources so every module is recompiled and emits its symbol graph.
for module in "${modules[@]}"; do find "Sources/$module" -name '*.swift' -exec touch {} +; done
# JSONMapping reaches every library module before it but InMemoryMapLogging; the server modules
# come after it.
for target in JSONMapping InMemoryMapLogging MapHTTP JSONMappingHummingbird JSONMappingVapor; do
    swift build --target "$target" --scratch-path .build-docs --traits "$traits" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-extension-block-symbols -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" >/dev/null
done
status=0
# Modules are converted in dependency order, each able to link to the ones before it: a module's
# output is written with external-link support and passed to the later ones as a dependency.
dependencies=()
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module".symbols.json "$graphs/all/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
    if ! log=$(docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
        --output-path "$out/$module" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.swift-json-mapping.$module" \
        --enable-experimental-external-link-support "${dependencies[@]}" 2>&1); then
        echo "$log" >&2
        status=1
    elif grep -qE "^(warning|error)" <<<"$log"; then
        echo "$log" >&2
        status=1
    fi
    dependencies+=(--dependency "$out/$module")
    echo "$module: $out/$module"
done
exit $status
