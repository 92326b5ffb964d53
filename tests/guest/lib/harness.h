/* SPDX-License-Identifier: MIT */
/*
 * kselftest_harness.h of the kernel tree being tested, for the harnesses of
 * Linux 6.1 on: 6.1's TEST() leaves a parameter of its wrapper unused.
 */
#ifndef HARNESS_H
#define HARNESS_H

#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "kselftest_harness.h"

#endif
