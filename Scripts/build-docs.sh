#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's docc, and fails
# on any warning (an unresolved symbol link, an undocumented parameter).
#   Scripts/build-docs.sh [OUTPUT_DIR]     (default: .build-docs/html)
#
# The symbol graphs come from the build the tests made: `swift package dump-symbol-graph` over
# the scratch folder DOCS_SCRATCH (default .build) with every trait on, as the README's test
# command builds it, so nothing is compiled again when that build is current (CI runs this after
# the tests). Run on its own, it builds what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs/html}
scratch=${DOCS_SCRATCH:-.build}
mkdir -p "$out"
modules=(MapCore MapIO MapCodable TwoWayMaps Extraction DeclarativeRules LenientReader MapQuery MapModels BackendFoundation BackendNative BackendConformance BackendJansson BackendSimdjson MapLogging InMemoryMapLogging JSONMapping MapHTTP JSONMappingHummingbird JSONMappingVapor)
# Every trait on, so that the server integrations and the macros are compiled and documented too.
traits=Jansson,Simdjson,Hummingbird,Vapor,Macros
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
rm -rf "$scratch"/*-unknown-linux-gnu/symbolgraph
swift package --traits "$traits" --scratch-path "$scratch" dump-symbol-graph --emit-extension-block-symbols >/dev/null
mkdir -p "$graphs/all"
cp "$scratch"/*-unknown-linux-gnu/symbolgraph/*.symbols.json "$graphs/all/"
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
