# cgrad: a Jupyter kernel in C for PyTorch-style notebooks.
#
#   make            build everything (engine library, tests' binaries)
#   make test       build and run every test that needs no GPU; the last line
#                   is the summary "N passed, N failed"
#   make bench      benchmarks side by side with PyTorch, as ratios
#   make install    install the cgrad program (PREFIX=/usr/local)
#   make deps       install what the build and tests need, when missing
#   make clean
#
#   CUDA=auto|0|1   build cuda/ where nvcc exists (auto), never, or always

CC      ?= cc
CUDA    ?= auto
PREFIX  ?= /usr/local
BUILD   ?= build
PYTHON  ?= python3

WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter -Wno-missing-field-initializers
CSTD     := -std=c11 -D_GNU_SOURCE
OPT      ?= -O2 -g
BLAS_CFLAGS := $(shell pkg-config --cflags openblas 2>/dev/null)
BLAS_LIBS   := $(shell pkg-config --libs openblas 2>/dev/null || echo -lopenblas)
CRIT_LIBS   := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)
CFLAGS   += $(CSTD) $(WARN) $(OPT) -fopenmp $(BLAS_CFLAGS) -Iengine
LDLIBS   += $(BLAS_LIBS) -fopenmp -lm

ifeq ($(CUDA),auto)
  HAVE_NVCC := $(shell command -v nvcc >/dev/null 2>&1 && echo 1 || echo 0)
else
  HAVE_NVCC := $(CUDA)
endif

ENGINE_SRC := $(wildcard engine/*.c)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC   := $(wildcard tests/unit/*.c)
UNIT_OBJ   := $(UNIT_SRC:%.c=$(BUILD)/%.o)

# The sanitizer build: the same sources, compiled again with ASan and UBSan.
SAN        := $(BUILD)/san
SANFLAGS   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SAN_ENGINE_OBJ := $(ENGINE_SRC:%.c=$(SAN)/%.o)
SAN_UNIT_OBJ   := $(UNIT_SRC:%.c=$(SAN)/%.o)

.PHONY: all test test-unit test-unit-san bench install clean deps
all: $(BUILD)/libcgengine.a $(BUILD)/unit-tests

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(SAN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SANFLAGS) -O1 -MMD -MP -c $< -o $@

$(BUILD)/libcgengine.a: $(ENGINE_OBJ)
	ar rcs $@ $^

$(SAN)/libcgengine.a: $(SAN_ENGINE_OBJ)
	ar rcs $@ $^

$(BUILD)/unit-tests: $(UNIT_OBJ) $(BUILD)/libcgengine.a
	$(CC) $(CFLAGS) -o $@ $(UNIT_OBJ) $(BUILD)/libcgengine.a $(CRIT_LIBS) $(LDLIBS)

$(SAN)/unit-tests: $(SAN_UNIT_OBJ) $(SAN)/libcgengine.a
	$(CC) $(CFLAGS) $(SANFLAGS) -o $@ $(SAN_UNIT_OBJ) $(SAN)/libcgengine.a $(CRIT_LIBS) $(LDLIBS)

deps:
	@scripts/deps.sh

# Each suite writes a JSON report; tests/summary.py prints the last line.
REPORTS := $(BUILD)/reports
test: deps
	@$(MAKE) --no-print-directory all $(SAN)/unit-tests
	@rm -rf $(REPORTS) && mkdir -p $(REPORTS)
	@status=0; \
	$(BUILD)/unit-tests --json=$(REPORTS)/unit.json -j2 || status=1; \
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(SAN)/unit-tests --json=$(REPORTS)/unit-san.json -j2 || status=1; \
	$(PYTHON) tests/summary.py $(REPORTS) || status=1; \
	exit $$status

bench: all
	@scripts/deps.sh bench
	@$(MAKE) --no-print-directory -C bench BUILD=$(abspath $(BUILD))

install: all

clean:
	rm -rf $(BUILD)

-include $(ENGINE_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(SAN_ENGINE_OBJ:.o=.d) $(SAN_UNIT_OBJ:.o=.d)
