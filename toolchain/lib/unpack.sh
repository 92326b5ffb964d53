#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: unpack.sh TARBALL DEST
# Unpacks a source tarball with one top-level folder into DEST (which must
# not exist yet), by way of a temporary folder so a broken run leaves nothing
# half-unpacked behind.
set -eu
tarball=${1:?usage: unpack.sh TARBALL DEST}
dest=${2:?usage: unpack.sh TARBALL DEST}
[ -f "$tarball" ] || { echo "error: $tarball is missing; install the Debian package that ships it (make deps)" >&2; exit 1; }
tmp=$dest.unpacking
rm -rf "$tmp"
mkdir -p "$tmp"
tar -C "$tmp" -xf "$tarball"
set -- "$tmp"/*
[ $# = 1 ] && [ -d "$1" ] || { echo "error: $tarball does not hold one top-level folder" >&2; exit 1; }
mv "$1" "$dest"
rmdir "$tmp"
