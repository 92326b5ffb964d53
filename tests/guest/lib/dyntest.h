/*
 * Tests made at run time for kselftest_harness.h: one result line per
 * (size, case) for sizes discovered in sysfs. Include after the harness.
 *
 *	static void check(struct __test_metadata *_metadata, const struct dyntest *t)
 *	{ ASSERT_EQ(...); }  // t->size, t->kind, t->arg: what dyntest_add got
 *	static void add_tests(void) { dyntest_add(check, size, 0, 0, "mmap_%s", name); }
 *	DYNTEST_MAIN(add_tests)
 */
#ifndef DYNTEST_H
#define DYNTEST_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct dyntest;
typedef void (*dyntest_fn)(struct __test_metadata *_metadata, const struct dyntest *t);

struct dyntest {
	struct __test_metadata meta;	/* first: the harness hands back &meta */
	dyntest_fn fn;
	unsigned long long size;	/* bytes of the page size under test */
	int kind, arg;
	char name[96];
};

#define DYNTEST_MAX 256
static struct dyntest *dyntest_list[DYNTEST_MAX];
static int dyntest_count;

/* No locals here: nothing for longjmp() to clobber. */
static void dyntest_wrapper(struct __test_metadata *_metadata,
			    struct __fixture_variant_metadata *variant)
{
	(void)variant;
	_metadata->setup_completed = true;
	if (setjmp(_metadata->env) == 0)
		((struct dyntest *)_metadata)->fn(_metadata, (struct dyntest *)_metadata);
	__test_check_assert(_metadata);
}

__attribute__((format(printf, 5, 6)))
static inline void dyntest_add(dyntest_fn fn, unsigned long long size, int kind,
			       int arg, const char *fmt, ...)
{
	struct dyntest *t = calloc(1, sizeof(*t));
	va_list ap;

	if (!t || dyntest_count == DYNTEST_MAX) {
		fprintf(stderr, "dyntest: more than %d tests\n", DYNTEST_MAX);
		exit(KSFT_FAIL);
	}
	va_start(ap, fmt);
	vsnprintf(t->name, sizeof(t->name), fmt, ap);
	va_end(ap);
	t->meta.name = t->name;
	t->meta.fn = dyntest_wrapper;
	t->meta.fixture = &_fixture_global;
	t->meta.termsig = -1;
	t->meta.timeout = TEST_TIMEOUT_DEFAULT;
	t->fn = fn;
	t->size = size;
	t->kind = kind;
	t->arg = arg;
	dyntest_list[dyntest_count++] = t;
}

/* The harness prepends or appends by constructor order: keep ours in order.
 * (Linux 6.1's harness keeps that order in an int, later ones in a bool.) */
#ifdef _CONSTRUCTOR_ORDER_FORWARD
#define DYNTEST_FORWARD (__constructor_order == _CONSTRUCTOR_ORDER_FORWARD)
#else
#define DYNTEST_FORWARD __constructor_order_forward
#endif

static inline void dyntest_register(void)
{
	int i;

	for (i = 0; i < dyntest_count; i++)
		__register_test(&dyntest_list[DYNTEST_FORWARD ? i : dyntest_count - 1 - i]->meta);
}

#define DYNTEST_MAIN(add_tests)					\
	int main(int argc, char **argv)				\
	{							\
		add_tests();					\
		dyntest_register();				\
		return test_harness_run(argc, argv);		\
	}

#endif
