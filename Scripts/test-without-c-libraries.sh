#!/usr/bin/env bash
# Builds and tests the package with the Simdjson and Jansson traits off, on a machine without
# libsimdjson-dev and libjansson-dev: the package's promise that it is fast with nothing installed
# (the native backend is the default then) and that no target needs those libraries outside their
# traits.
#
#   Scripts/test-without-c-libraries.sh           # as below
#   Scripts/test-without-c-libraries.sh --asan    # the same build and tests under AddressSanitizer
#                                                 # with UBSan (Scripts/sanitizer-env.sh), which is
#                                                 # how CI runs the pure-Swift suites under ASan
#
# It clones this checkout's HEAD (committed work only) into a temporary folder, so that nothing
# built with the default traits can stand in. Then, as root:
#   1. removes libsimdjson-dev and libjansson-dev (apt-get remove), and checks that pkg-config and
#      the compiler find neither header, and the linker neither library;
#   2. swift build --build-tests --disable-default-traits (every product and test target), then
#      swift test --skip-build, in the clone with a scratch folder of their own;
#   3. runs jsonmap-native-only on a document and checks with ldd that it links neither C library
#      nor libFoundation.
# The two packages are installed again when the script ends, whether it passed or not (a trap runs
# Scripts/setup). Without root it stops before removing anything.
#
# Either way it ends by checking that nothing it built links either library: ldd on every binary,
# and no -lsimdjson or -ljansson on a link line. KEEP_C_LIBRARIES=1 skips the removal and the
# absence checks, for a machine where other builds need the libraries at the same time: then that
# last check is what shows that the traits-off build does without them.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
keep=${KEEP_C_LIBRARIES:-0}
flags=(--disable-default-traits)
case "${1:-}" in
    "") ;;
    --asan)
        . "$repo/Scripts/sanitizer-env.sh"
        flags+=("${asan_build_flags[@]}")
        ;;
    *) echo "usage: Scripts/test-without-c-libraries.sh [--asan]" >&2; exit 2 ;;
esac
started=$(date +%s)

work=$(mktemp -d "${TMPDIR:-/tmp}/jsonmap-no-c-libraries.XXXXXX")
clone="$work/swift-json-mapping"
scratch="$clone/.build-no-c-libraries"
removed=0

finish() {
    status=$?
    if [ "$removed" = 1 ]; then
        echo "::: installing libsimdjson-dev and libjansson-dev again" >&2
        "$repo/Scripts/setup" < /dev/null || status=1
    fi
    rm -rf "$work"
    echo "::: test-without-c-libraries: $([ "$status" = 0 ] && echo passed || echo FAILED) in $(( $(date +%s) - started )) s" >&2
    exit "$status"
}
trap finish EXIT

echo "::: cloning HEAD ($(git rev-parse --short HEAD)) into $clone" >&2
git clone --quiet --no-hardlinks "$repo" "$clone"
git -C "$clone" checkout --quiet --detach "$(git rev-parse HEAD)"
# The tests find the shared corpus beside the package root, as in a checkout.
if [ -d "$repo/../shared" ]; then ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"; fi

# Whether pkg-config, the preprocessor or the linker can find the library `$1` (header `$2`,
# preprocessed as C++, which both headers allow).
visible() {
    local name=$1 header=$2
    pkg-config --exists "$name" 2>/dev/null && return 0
    printf '#include <%s>\n' "$header" | cc -x c++ -E - > /dev/null 2>&1 && return 0
    ldconfig -p | grep -q "lib$name\.so " && return 0
    return 1
}

if [ "$keep" = 1 ]; then
    echo "::: KEEP_C_LIBRARIES=1: the C libraries stay installed; their absence is not checked" >&2
else
    if [ "$(id -u)" -ne 0 ]; then
        echo "removing libsimdjson-dev and libjansson-dev needs root" >&2
        exit 1
    fi
    echo "::: removing libsimdjson-dev and libjansson-dev" >&2
    removed=1
    DEBIAN_FRONTEND=noninteractive apt-get remove -y libsimdjson-dev libjansson-dev < /dev/null >&2
    # Removing a -dev package leaves the linker's cache naming its libNAME.so link until ldconfig
    # runs again; the check below must see the machine as a fresh one would.
    ldconfig
    for library in "simdjson simdjson.h" "jansson jansson.h"; do
        # shellcheck disable=SC2086
        if visible $library; then
            echo "${library%% *} is still visible to pkg-config, the preprocessor or the linker" >&2
            exit 1
        fi
    done
    echo "::: neither library is visible to pkg-config, the preprocessor or the linker" >&2
fi

cd "$clone"
# One build of every target, the products' and the tests' (--build-tests builds both), whose
# link lines are checked below.
echo "::: swift build --build-tests ${flags[*]}" >&2
swift build --build-tests "${flags[@]}" --scratch-path "$scratch" -v < /dev/null > "$work/build.log" 2>&1 \
    || { tail -50 "$work/build.log" >&2; exit 1; }
echo "::: built in $(( $(date +%s) - started )) s; swift test ${flags[*]}" >&2
swift test --skip-build "${flags[@]}" --scratch-path "$scratch" < /dev/null

bin=$(swift build "${flags[@]}" --scratch-path "$scratch" --show-bin-path)
echo "::: jsonmap-native-only parses a document, and links no C library and no libFoundation" >&2
output=$(printf '{"a": [1, 2.5, "x"]}' | "$bin/jsonmap-native-only")
if [ "$output" != "native: object of 1 members" ]; then
    echo "jsonmap-native-only printed: $output" >&2
    exit 1
fi
libraries=$(ldd "$bin/jsonmap-native-only")
echo "$libraries" >&2
if grep -Eq 'libsimdjson|libjansson|libFoundation\.so|libFoundationInternationalization|libicu|not found' <<< "$libraries"; then
    echo "jsonmap-native-only links a library it must not" >&2
    exit 1
fi

echo "::: nothing built links libsimdjson or libjansson" >&2
if grep -Eq -- '-l(simdjson|jansson)\b' "$work/build.log"; then
    echo "a link line names -lsimdjson or -ljansson:" >&2
    grep -Eho -- '-l(simdjson|jansson)\b' "$work/build.log" | sort | uniq -c >&2
    exit 1
fi
checked=0
while IFS= read -r binary; do
    if ldd "$binary" 2>/dev/null | grep -Eq 'libsimdjson|libjansson'; then
        echo "$binary links libsimdjson or libjansson" >&2
        exit 1
    fi
    checked=$((checked + 1))
done < <(find "$bin" -maxdepth 1 -type f -perm -u+x)
echo "::: $checked binaries checked with ldd" >&2
