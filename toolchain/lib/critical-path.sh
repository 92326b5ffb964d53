#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: critical-path.sh TIMES XARCH...
# The pipeline's figures from TIMES, what HUGESIZE_TIMES collected
# (quiet.sh, deps.sh, tap-count.sh): the seconds of each kernel tree and
# architecture, of everything one after another, and the critical path:
# how long the whole matrix would take on a machine with unlimited cores.
# The model: package installs run one at a time (dpkg's lock) before
# anything else; each TREE-XARCH is a chain, its tree unpacked (uapi
# headers installed), the kernel configured and built, its selftests
# built, then its check stages side by side; the libcs and the rest
# overlap the kernel builds. XARCH... are the architectures' names, to
# split TREE-XARCH.
set -eu
times=${1:?usage: critical-path.sh TIMES XARCH...}
shift
[ -s "$times" ] || { echo "error: $times is empty or missing: a run with HUGESIZE_TIMES=$times records it (CI's root does)" >&2; exit 1; }
awk -F'\t' -v arches="$*" '
	BEGIN { n = split(arches, a, " "); for (i = 1; i <= n; i++) arch[a[i]] = 1 }
	# tree_of(KEY): the tree of KEY ("7.3-unpatched" of "7.3-unpatched-arm64-64k"),
	# or "" when KEY does not end in a known architecture.
	function tree_of(key,   i) {
		for (i = 1; i <= length(key); i++)
			if (substr(key, i, 1) == "-" && (substr(key, i + 1) in arch)) return substr(key, 1, i - 1)
		return ""
	}
	function add(key, part, secs) { if (tree_of(key) != "") { chain[key] = 1; t[key, part] += secs } else other += secs }
	{ total += $1; steps++ }
	$2 == "packages" { packages += $1; next }
	$2 == "check" {
		if (match($3, /results\/[^\/]+\//)) {
			key = substr($3, RSTART + 8, RLENGTH - 9)
			if (tree_of(key) == "") { other += $1; next }
			chain[key] = 1; stages[key]++; t[key, "stages"] += $1
			if ($1 > longest[key]) longest[key] = $1
		} else other += $1
		next
	}
	$2 == "step" && match($3, /\/src\/linux-[^\/]+\.unpack\.log$/) {
		tree = substr($3, RSTART + 11, RLENGTH - 22); unpack[tree] += $1; next
	}
	$2 == "step" && match($3, /\/obj\/uapi-[^\/]+\//) {
		key = substr($3, RSTART + 10, RLENGTH - 11)
		# uapi-TREE-UARCH: per tree, the longest counts.
		sub(/-[^-]+$/, "", key); if ($1 > uapi[key]) uapi[key] = $1; next
	}
	$2 == "step" && match($3, /\/obj\/linux-[^\/]+\/(config|build)\.log$/) {
		key = $3; sub(/.*\/obj\/linux-/, "", key); part = key; sub(/\/.*/, "", key); sub(/.*\//, "", part); sub(/\.log$/, "", part)
		add(key, part, $1); next
	}
	$2 == "step" && match($3, /\/guest\/[^\/]+\/kselftest\.log$/) {
		key = substr($3, RSTART + 7, RLENGTH - 21); add(key, "selftests", $1); next
	}
	{ other += $1 }
	END {
		printf "# the pipeline from %d timed steps (seconds):\n", steps
		printf "#   %6d  Debian packages installed, one at a time\n", packages
		for (key in chain) {
			tree = tree_of(key)
			c = unpack[tree] + uapi[tree] + t[key, "config"] + t[key, "build"] + t[key, "selftests"] + longest[key]
			printf "#   %6d  %s: unpack %d, uapi %d, configure %d, build %d, selftests %d, %d stages (longest %d, all %d)\n",
				c, key, unpack[tree], uapi[tree], t[key, "config"], t[key, "build"], t[key, "selftests"],
				stages[key], longest[key], t[key, "stages"] | "sort -k3"
			if (c > worst) { worst = c; worst_key = key }
		}
		close("sort -k3")
		printf "#   %6d  the rest (libcs, fetches, host tools, ...), overlapping the chains\n", other
		printf "# all steps one after another: %d s; critical path with unlimited cores: %d s (packages %d + %s %d)\n",
			total, packages + worst, packages, worst_key == "" ? "no chain" : worst_key, worst
	}' "$times"
