/* introsort.c: the unstable sort of PyTorch's CPU sort kernel
 * (std::sort over (value, index) pairs with a less-than on the value), as
 * GCC's libstdc++ runs it. What it is not: a stable sort, or a sort of
 * floats (NaN ordering is not here).
 *
 * Note [Introsort]
 * ~~~~~~~~~~~~~~~~
 * Which of several equal keys comes first decides the order in which
 * PyTorch accumulates (embedding_bag's weight gradient walks the sorted
 * indices), so the sort must move elements exactly as libstdc++ does:
 * quicksort on ranges over 16 elements, pivot the median of the second,
 * middle and last elements moved to the front, Hoare partition without
 * bounds checks; heapsort once the depth passes 2 * floor(log2(n)); then
 * one insertion sort over the whole range, guarded for the first 16. */
#include "introsort.h"

static inline bool less(const cg_keyed *a, const cg_keyed *b) { return a->key < b->key; }
static inline void swap(cg_keyed *a, cg_keyed *b) {
    cg_keyed t = *a;
    *a = *b, *b = t;
}

enum { THRESHOLD = 16 };

/* the median of a, b, c swapped into *result */
static void median_to_first(cg_keyed *result, cg_keyed *a, cg_keyed *b, cg_keyed *c) {
    if (less(a, b)) {
        if (less(b, c))
            swap(result, b);
        else if (less(a, c))
            swap(result, c);
        else
            swap(result, a);
    } else if (less(a, c)) {
        swap(result, a);
    } else if (less(b, c)) {
        swap(result, c);
    } else {
        swap(result, b);
    }
}

static cg_keyed *partition(cg_keyed *first, cg_keyed *last, const cg_keyed *pivot) {
    for (;;) {
        while (less(first, pivot))
            first++;
        last--;
        while (less(pivot, last))
            last--;
        if (!(first < last))
            return first;
        swap(first, last);
        first++;
    }
}

/* ---- heapsort (the depth limit's way out) ---------------------------------------------------- */

static void push_heap(cg_keyed *first, int64_t hole, int64_t top, cg_keyed value) {
    int64_t parent = (hole - 1) / 2;
    while (hole > top && less(first + parent, &value)) {
        first[hole] = first[parent];
        hole = parent;
        parent = (hole - 1) / 2;
    }
    first[hole] = value;
}

static void adjust_heap(cg_keyed *first, int64_t hole, int64_t len, cg_keyed value) {
    int64_t top = hole, child = hole;
    while (child < (len - 1) / 2) {
        child = 2 * (child + 1);
        if (less(first + child, first + (child - 1)))
            child--;
        first[hole] = first[child];
        hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
        child = 2 * (child + 1);
        first[hole] = first[child - 1];
        hole = child - 1;
    }
    push_heap(first, hole, top, value);
}

static void heapsort(cg_keyed *first, cg_keyed *last) {
    int64_t len = last - first;
    for (int64_t parent = len >= 2 ? (len - 2) / 2 : -1; parent >= 0; parent--)
        adjust_heap(first, parent, len, first[parent]);
    while (last - first > 1) {
        last--;
        cg_keyed value = *last;
        *last = *first;
        adjust_heap(first, 0, last - first, value);
    }
}

/* ---- the quicksort loop and the final insertion sort ----------------------------------------- */

static void introsort_loop(cg_keyed *first, cg_keyed *last, int64_t depth) {
    while (last - first > THRESHOLD) {
        if (depth == 0) {
            heapsort(first, last);
            return;
        }
        depth--;
        cg_keyed *mid = first + (last - first) / 2;
        median_to_first(first, first + 1, mid, last - 1);
        cg_keyed *cut = partition(first + 1, last, first);
        introsort_loop(cut, last, depth);
        last = cut;
    }
}

static void linear_insert(cg_keyed *last) {
    cg_keyed value = *last;
    cg_keyed *next = last - 1;
    while (less(&value, next)) {
        *last = *next;
        last = next--;
    }
    *last = value;
}

static void insertion_sort(cg_keyed *first, cg_keyed *last) {
    if (first == last)
        return;
    for (cg_keyed *i = first + 1; i != last; i++) {
        if (less(i, first)) {
            cg_keyed value = *i;
            for (cg_keyed *p = i; p != first; p--)
                *p = p[-1];
            *first = value;
        } else {
            linear_insert(i);
        }
    }
}

void cg_introsort_keyed(cg_keyed *v, int64_t n) {
    if (n < 2)
        return;
    int64_t lg = 0;
    while ((n >> (lg + 1)) != 0)
        lg++;
    introsort_loop(v, v + n, 2 * lg);
    if (n > THRESHOLD) {
        insertion_sort(v, v + THRESHOLD);
        for (cg_keyed *i = v + THRESHOLD; i != v + n; i++)
            linear_insert(i);
    } else {
        insertion_sort(v, v + n);
    }
}
