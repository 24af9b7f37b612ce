/* stl_sort.h: libstdc++'s std::sort, std::partial_sort and
 * std::nth_element (GCC 12), as a template over an element type and a
 * less-than, so that kernels reproducing PyTorch's CPU sort, topk and
 * mode move equal elements exactly as PyTorch's do (Note [Introsort] in
 * introsort.c tells why that matters and how std::sort runs).
 *
 * STL_SORT_DEFINE(p, E, LESS) defines, for elements of type E and a
 * macro LESS(a, b) over two `const E *`:
 *     p_sort(E *v, int64_t n)                    std::sort
 *     p_partial_sort(E *v, int64_t k, int64_t n) std::partial_sort(v, v + k, v + n)
 *     p_nth_element(E *v, int64_t nth, int64_t n) std::nth_element(v, v + nth, v + n)
 * as static functions. */
#ifndef CG_STL_SORT_H
#define CG_STL_SORT_H

#include <stdint.h>

/* floor(log2(n)) for n >= 1, std::__lg */
static inline int64_t cg_stl_lg(int64_t n) {
    int64_t lg = 0;
    while ((n >> (lg + 1)) != 0)
        lg++;
    return lg;
}

/* a kernel file need not use all three, nor its sort all the helpers */
#define CG_STL_FN static __attribute__((unused))

#define STL_SORT_DEFINE(p, E, LESS)                                                                       \
    CG_STL_FN void p##_swap(E *a, E *b) {                                                           \
        E t = *a;                                                                                        \
        *a = *b, *b = t;                                                                                 \
    }                                                                                                    \
    CG_STL_FN void p##_median_to_first(E *r, E *a, E *b, E *c) {                                            \
        if (LESS(a, b)) {                                                                                \
            if (LESS(b, c))                                                                              \
                p##_swap(r, b);                                                                          \
            else if (LESS(a, c))                                                                         \
                p##_swap(r, c);                                                                          \
            else                                                                                         \
                p##_swap(r, a);                                                                          \
        } else if (LESS(a, c)) {                                                                         \
            p##_swap(r, a);                                                                              \
        } else if (LESS(b, c)) {                                                                         \
            p##_swap(r, c);                                                                              \
        } else {                                                                                         \
            p##_swap(r, b);                                                                              \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN E *p##_partition(E *first, E *last, const E *pivot) {                                         \
        for (;;) {                                                                                       \
            while (LESS(first, pivot))                                                                   \
                first++;                                                                                 \
            last--;                                                                                      \
            while (LESS(pivot, last))                                                                    \
                last--;                                                                                  \
            if (!(first < last))                                                                         \
                return first;                                                                            \
            p##_swap(first, last);                                                                       \
            first++;                                                                                     \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN E *p##_pivot_partition(E *first, E *last) {                                                   \
        E *mid = first + (last - first) / 2;                                                             \
        p##_median_to_first(first, first + 1, mid, last - 1);                                            \
        return p##_partition(first + 1, last, first);                                                    \
    }                                                                                                    \
    CG_STL_FN void p##_push_heap(E *first, int64_t hole, int64_t top, E value) {                            \
        int64_t parent = (hole - 1) / 2;                                                                 \
        while (hole > top && LESS(first + parent, &value)) {                                             \
            first[hole] = first[parent];                                                                 \
            hole = parent;                                                                               \
            parent = (hole - 1) / 2;                                                                     \
        }                                                                                                \
        first[hole] = value;                                                                             \
    }                                                                                                    \
    CG_STL_FN void p##_adjust_heap(E *first, int64_t hole, int64_t len, E value) {                          \
        int64_t top = hole, child = hole;                                                                \
        while (child < (len - 1) / 2) {                                                                  \
            child = 2 * (child + 1);                                                                     \
            if (LESS(first + child, first + (child - 1)))                                                \
                child--;                                                                                 \
            first[hole] = first[child];                                                                  \
            hole = child;                                                                                \
        }                                                                                                \
        if ((len & 1) == 0 && child == (len - 2) / 2) {                                                  \
            child = 2 * (child + 1);                                                                     \
            first[hole] = first[child - 1];                                                              \
            hole = child - 1;                                                                            \
        }                                                                                                \
        p##_push_heap(first, hole, top, value);                                                          \
    }                                                                                                    \
    CG_STL_FN void p##_make_heap(E *first, E *last) {                                                       \
        int64_t len = last - first;                                                                      \
        for (int64_t parent = len >= 2 ? (len - 2) / 2 : -1; parent >= 0; parent--)                      \
            p##_adjust_heap(first, parent, len, first[parent]);                                          \
    }                                                                                                    \
    CG_STL_FN void p##_pop_heap(E *first, E *last, E *result) {                                             \
        E value = *result;                                                                               \
        *result = *first;                                                                                \
        p##_adjust_heap(first, 0, last - first, value);                                                  \
    }                                                                                                    \
    CG_STL_FN void p##_heap_select(E *first, E *middle, E *last) {                                          \
        p##_make_heap(first, middle);                                                                    \
        for (E *i = middle; i < last; i++)                                                               \
            if (LESS(i, first))                                                                          \
                p##_pop_heap(first, middle, i);                                                          \
    }                                                                                                    \
    CG_STL_FN void p##_sort_heap(E *first, E *last) {                                                       \
        while (last - first > 1) {                                                                       \
            last--;                                                                                      \
            p##_pop_heap(first, last, last);                                                             \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN void p##_introsort_loop(E *first, E *last, int64_t depth) {                                   \
        while (last - first > 16) {                                                                      \
            if (depth == 0) {                                                                            \
                p##_heap_select(first, last, last);                                                      \
                p##_sort_heap(first, last);                                                              \
                return;                                                                                  \
            }                                                                                            \
            depth--;                                                                                     \
            E *cut = p##_pivot_partition(first, last);                                                   \
            p##_introsort_loop(cut, last, depth);                                                        \
            last = cut;                                                                                  \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN void p##_linear_insert(E *last) {                                                             \
        E value = *last;                                                                                 \
        E *next = last - 1;                                                                              \
        while (LESS(&value, next)) {                                                                     \
            *last = *next;                                                                               \
            last = next--;                                                                               \
        }                                                                                                \
        *last = value;                                                                                   \
    }                                                                                                    \
    CG_STL_FN void p##_insertion_sort(E *first, E *last) {                                                  \
        if (first == last)                                                                               \
            return;                                                                                      \
        for (E *i = first + 1; i != last; i++) {                                                         \
            if (LESS(i, first)) {                                                                        \
                E value = *i;                                                                            \
                for (E *q = i; q != first; q--)                                                          \
                    *q = q[-1];                                                                          \
                *first = value;                                                                          \
            } else {                                                                                     \
                p##_linear_insert(i);                                                                    \
            }                                                                                            \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN void p##_sort(E *v, int64_t n) {                                                       \
        if (n < 2)                                                                                       \
            return;                                                                                      \
        p##_introsort_loop(v, v + n, 2 * cg_stl_lg(n));                                                  \
        if (n > 16) {                                                                                    \
            p##_insertion_sort(v, v + 16);                                                               \
            for (E *i = v + 16; i != v + n; i++)                                                         \
                p##_linear_insert(i);                                                                    \
        } else {                                                                                         \
            p##_insertion_sort(v, v + n);                                                                \
        }                                                                                                \
    }                                                                                                    \
    CG_STL_FN void p##_partial_sort(E *v, int64_t k, int64_t n) {                                    \
        p##_heap_select(v, v + k, v + n);                                                                \
        p##_sort_heap(v, v + k);                                                                         \
    }                                                                                                    \
    CG_STL_FN void p##_nth_element(E *v, int64_t nth, int64_t n) {                                   \
        E *first = v, *last = v + n, *at = v + nth;                                                      \
        if (first == last || at == last)                                                                 \
            return;                                                                                      \
        int64_t depth = 2 * cg_stl_lg(n);                                                                \
        while (last - first > 3) {                                                                       \
            if (depth == 0) {                                                                            \
                p##_heap_select(first, at + 1, last);                                                    \
                p##_swap(first, at);                                                                     \
                return;                                                                                  \
            }                                                                                            \
            depth--;                                                                                     \
            E *cut = p##_pivot_partition(first, last);                                                   \
            if (cut <= at)                                                                               \
                first = cut;                                                                             \
            else                                                                                         \
                last = cut;                                                                              \
        }                                                                                                \
        p##_insertion_sort(first, last);                                                                 \
    }

#endif
