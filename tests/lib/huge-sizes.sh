#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: huge-sizes.sh
# Prints "SIZE LOG2", one line per size of huge_sizes.h (2MB 21, ...).
set -eu
printf '%s\n' '#include "huge_sizes.h"' '#define X(size, log2) size log2;' 'HUGE_SIZES(X)' |
	cpp -P -I"$(dirname "$0")" | tr ';' '\n' | awk 'NF == 2 { print $1, $2 }'
