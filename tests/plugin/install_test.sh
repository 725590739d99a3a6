#!/usr/bin/env bash
# `cmake --install` into a scratch prefix, then builds the C example against the installed copy
# twice, once with pkg-config and once with CMake's find_package, and runs both; checks that
# the binary, library, header, pkg-config file, CMake package and docs are where they belong.
# usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >"$prefix/install.log"
for f in bin/glossfish include/glossfish.h share/doc/glossfish/README.md share/glossfish/prompts/solve_none.txt \
         share/glossfish/prompts/verbalize_s.txt \
         share/doc/glossfish/examples/example.c share/doc/glossfish/examples/example.py; do
    [[ -e $prefix/$f ]] || { echo "install: $f missing"; cat "$prefix/install.log"; exit 1; }
done
lib=$(find "$prefix" -name 'libglossfish.so*' -type f | head -1)
[[ -n $lib ]] || { echo "install: libglossfish.so missing"; exit 1; }
libdir=$(dirname "$lib")
[[ -f $libdir/pkgconfig/glossfish.pc ]] || { echo "install: glossfish.pc missing"; exit 1; }
[[ -f $libdir/cmake/glossfish/glossfishConfig.cmake ]] || { echo "install: CMake package missing"; exit 1; }
"$prefix/bin/glossfish" perft 3 | grep -q 8902 || { echo "installed glossfish: perft 3 wrong"; exit 1; }

example=$source/plugin/examples/example.c
# shellcheck disable=SC2046
cc "$example" $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs glossfish) \
    -o "$prefix/example-pkgconfig"
LD_LIBRARY_PATH=$libdir "$prefix/example-pkgconfig"

cmake -S "$source/tests/plugin/consumer" -B "$prefix/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
    -DEXAMPLE_SOURCE="$example" >"$prefix/consumer.log" 2>&1 || { cat "$prefix/consumer.log"; exit 1; }
cmake --build "$prefix/consumer" >>"$prefix/consumer.log" 2>&1 || { cat "$prefix/consumer.log"; exit 1; }
"$prefix/consumer/example"
echo "install test passed ($prefix)"
