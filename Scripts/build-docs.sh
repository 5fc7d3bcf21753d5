#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's docc, and fails
# on any warning (an unresolved symbol link, an undocumented parameter).
#   Scripts/build-docs.sh [OUTPUT_DIR]     (default: .build-docs/html)
#
# The symbol graphs come from the modules the tests' build left in the scratch folder DOCS_SCRATCH
# (default .build), every trait on as the README's test command builds them: swift-symbolgraph-extract
# reads each module's .swiftmodule there, so nothing is compiled again (CI runs this after the
# tests). `swift package dump-symbol-graph` would build the package a second time, with other
# flags than the tests'. Run on its own, the script first builds what is missing.
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
bin=$(swift build --traits "$traits" --scratch-path "$scratch" --show-bin-path)
for module in "${modules[@]}"; do
    if [ ! -e "$bin/Modules/$module.swiftmodule" ]; then
        swift build --traits "$traits" --scratch-path "$scratch" < /dev/null > /dev/null
        break
    fi
done
# The C modules the Swift modules import, as the build saw them: the maps SwiftPM generated for C
# targets, and the ones the package's and its dependencies' system-library targets carry.
module_maps=()
while IFS= read -r map; do
    module_maps+=(-Xcc "-fmodule-map-file=$map")
done < <(find -L "$bin" -maxdepth 2 -name module.modulemap; find Sources "$scratch/checkouts" -name module.modulemap \
    -not -path "*/Tests/*" 2>/dev/null)
mkdir -p "$graphs/all"
for module in "${modules[@]}"; do
    swift symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" \
        -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs/all" "${module_maps[@]}"
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
