#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: say.sh STAGE TEXT...
# One progress line, the same for every step: "  [STAGE]  TEXT".
stage=$1; shift
printf '  %-8s %s\n' "[$stage]" "$*"
