# cgrad: a Jupyter kernel in C for PyTorch-style notebooks.
#
#   make            build everything (engine library, tests' binaries)
#   make test       build and run every test that needs no GPU; the last line
#                   is the summary "N passed, N failed"
#   make lab        build, install the kernelspec into .venv and start
#                   JupyterLab (from .venv) on notebooks/
#   make test-kernel  only the Jupyter protocol tests (ARGS=... for pytest)
#   make test-clients only the real-client tests: nbclient, jupyter console,
#                   JupyterLab in headless Chromium (ARGS=... for pytest)
#   make fuzz       run each libFuzzer harness of tests/fuzz for FUZZ_TIME seconds
#   make bench      benchmarks side by side with PyTorch and ipykernel, as ratios
#   make install    install the cgrad program (PREFIX=/usr/local)
#   make deps       install what the build and tests need, when missing
#   make clean
#
#   CUDA=auto|0|1   build cuda/ where nvcc exists (auto), never, or always

.DEFAULT_GOAL := all
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
CRIT_LIBS   := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion) \
               $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson) \
               $(shell pkg-config --libs libxml-2.0 2>/dev/null || echo -lxml2)
# display/ draws autograd graphs with Graphviz in process (libgvc, libcgraph);
# the unit tests parse what it draws with libxml2.
GV_CFLAGS   := $(shell pkg-config --cflags libgvc 2>/dev/null)
GV_LIBS     := $(shell pkg-config --libs libgvc 2>/dev/null || echo -lgvc -lcgraph -lcdt)
XML_CFLAGS  := $(shell pkg-config --cflags libxml-2.0 2>/dev/null || echo -I/usr/include/libxml2)
# Math calls never set errno and float ops never trap in the engine; saying
# so lets GCC vectorise loops with sqrtf and float selects (ops_unary_math.h).
MATHFLAGS := -fno-math-errno -fno-trapping-math
CFLAGS   += $(CSTD) $(WARN) $(OPT) $(MATHFLAGS) -fopenmp $(BLAS_CFLAGS) $(GV_CFLAGS) -Iengine -Icuda -Idisplay -Ilang
# re runs its matches on PCRE2 (lang/stdlib/re_code.c).
PCRE2_LIBS  := $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# zlib, gzip and zipfile compress with zlib; hashlib's digests are OpenSSL's.
ZLIB_LIBS   := $(shell pkg-config --libs zlib 2>/dev/null || echo -lz)
CRYPTO_LIBS := $(shell pkg-config --libs libcrypto 2>/dev/null || echo -lcrypto)
# unicodedata, \N{...} and str's character classes read ICU's Unicode database.
ICU_LIBS    := $(shell pkg-config --libs icu-uc 2>/dev/null || echo -licuuc -licudata)
# Float math with PyTorch's bits: SLEEF's vector functions, which PyTorch's
# AVX2 kernels call (engine/vec_math.h); vec_math.c alone is compiled for
# AVX2 and runs only where the CPU has it.
SLEEF_LIBS  := $(shell pkg-config --libs sleef 2>/dev/null || echo -lsleef)
VEC_MATH_FLAGS := -mavx2 -mfma
# oneDNN, the library PyTorch runs float32 convolutions and gelu through
# (engine/onednn.c): the same JIT kernels give the same bits.
DNNL_LIBS   := $(shell pkg-config --libs dnnl 2>/dev/null || echo -ldnnl)
LDLIBS   += $(GV_LIBS) $(BLAS_LIBS) $(PCRE2_LIBS) $(ZLIB_LIBS) $(CRYPTO_LIBS) $(ICU_LIBS) $(SLEEF_LIBS) $(DNNL_LIBS) -lgmp -fopenmp -lm

ifeq ($(CUDA),auto)
  HAVE_NVCC := $(shell command -v nvcc >/dev/null 2>&1 && echo 1 || echo 0)
else
  HAVE_NVCC := $(CUDA)
endif

# cuda/*.c is the caching allocator's algorithm in plain C: built always,
# so that its host tests run on machines without CUDA.
ENGINE_SRC := $(wildcard engine/*.c) $(wildcard cuda/*.c)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)

# cuda/: its .cu files are compiled by nvcc, for sm_80 and sm_90 plus PTX,
# into build/libcgcuda.so, a module that the engine loads on first use of
# CUDA (Note [The CUDA module] in engine/device.c): the CUDA runtime (linked
# in statically) and cuBLAS (found through the module's rpath) cost nothing
# at start-up, and a machine without nvcc or a GPU builds and runs the same
# program. The module calls back into the engine, so the programs export
# the engine's symbols (engine/exports.list) and keep the allocator in.
NVCC       ?= nvcc
CUDA_HOME  ?= $(patsubst %/bin/nvcc,%,$(shell command -v $(NVCC) 2>/dev/null))
NVCCFLAGS  := -O2 -std=c++17 --extended-lambda -Iengine -Icuda -Xcompiler -fPIC,-Wall,-Wextra \
              -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
              -gencode arch=compute_90,code=compute_90
CUDA_MODULE_DIR := $(PREFIX)/lib/cgrad
CUDA_SRC   := $(if $(filter 1,$(HAVE_NVCC)),$(wildcard cuda/*.cu))
CUDA_MODULE := $(if $(CUDA_SRC),$(BUILD)/libcgcuda.so)
EXPORT_LDFLAGS := -Wl,--dynamic-list=engine/exports.list -Wl,-u,cg_caching_allocator_new -ldl
# The kernels that add in PyTorch's lane order (Note [Reductions in PyTorch's
# order]) are written lane by lane; -O3 turns the lanes into vector adds,
# which round exactly as the scalar adds they replace.
$(BUILD)/engine/sum_order.o $(BUILD)/engine/prod_order.o $(BUILD)/engine/product_paths.o $(BUILD)/engine/ops_nn.o: CFLAGS += -O3
$(BUILD)/engine/sum_order_avx2.o: CFLAGS += -O3 -mavx2
$(BUILD)/san/engine/sum_order_avx2.o: CFLAGS += -mavx2
$(BUILD)/engine/softmax_avx2.o: CFLAGS += -O3 $(VEC_MATH_FLAGS)
$(BUILD)/engine/half_f16c.o $(BUILD)/san/engine/half_f16c.o: CFLAGS += -mf16c -mavx
$(BUILD)/san/engine/softmax_avx2.o: CFLAGS += $(VEC_MATH_FLAGS)
$(BUILD)/engine/device.o $(BUILD)/san/engine/device.o: CFLAGS += -DCG_CUDA_MODULE_DIR='"$(CUDA_MODULE_DIR)"'
$(BUILD)/engine/vec_math.o $(BUILD)/san/engine/vec_math.o: CFLAGS += $(VEC_MATH_FLAGS)
$(BUILD)/engine/vec_act.o $(BUILD)/san/engine/vec_act.o: CFLAGS += $(VEC_MATH_FLAGS)
# The normalisation kernels (norm_kernel.h) are PyTorch's AVX2 ones: built
# for AVX2 and FMA (fma() one instruction; -std=c11 fuses nothing else) and
# run only where cg_vec_math_available() says so.
NORM_KERNEL_OBJ := batch_norm_kernel.o layer_norm_kernel.o group_norm_kernel.o
$(addprefix $(BUILD)/engine/,$(NORM_KERNEL_OBJ)): CFLAGS += -O3 $(VEC_MATH_FLAGS)
$(addprefix $(BUILD)/san/engine/,$(NORM_KERNEL_OBJ)): CFLAGS += $(VEC_MATH_FLAGS)

ifneq ($(CUDA_MODULE),)
$(CUDA_MODULE): $(CUDA_SRC:%.cu=$(BUILD)/%.o)
	$(NVCC) -shared -o $@ $^ -cudart static -L$(CUDA_HOME)/lib64 -lcublas -Xlinker -rpath=$(CUDA_HOME)/lib64
endif

# The layers above the engine, each a static library (DESIGN.md, Layers):
# display/ renders values, lang/ evaluates cells; kernel/ holds `cgrad`.
DISPLAY_SRC := $(wildcard display/*.c)
LANG_SRC    := $(wildcard lang/*.c lang/*/*.c) $(BUILD)/gen/prelude.c
PRELUDE_PY  := $(shell find lang/prelude -name '*.py' 2>/dev/null)
KERNEL_SRC  := $(wildcard kernel/*.c)
UNIT_SRC    := $(wildcard tests/unit/*.c)
UNIT_OBJ    := $(UNIT_SRC:%.c=$(BUILD)/%.o)
LAYERS      := lang display engine
LAYER_LIBS  := $(LAYERS:%=$(BUILD)/libcg%.a)
SAN_LAYER_LIBS = $(LAYERS:%=$(SAN)/libcg%.a)
ALL_SRC     := $(ENGINE_SRC) $(DISPLAY_SRC) $(LANG_SRC) $(KERNEL_SRC) $(UNIT_SRC) $(PRELUDE_PY) $(wildcard tests/fuzz/*.c)

# The sanitizer build: the same sources, compiled again with ASan and UBSan.
SAN        := $(BUILD)/san
SANFLAGS   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
SAN_ENGINE_OBJ := $(ENGINE_SRC:%.c=$(SAN)/%.o)
SAN_UNIT_OBJ   := $(UNIT_SRC:%.c=$(SAN)/%.o)
$(UNIT_OBJ) $(SAN_UNIT_OBJ): CFLAGS += $(XML_CFLAGS)


.PHONY: FORCE all fuzz fuzz-build test test-gpu gpu-kit test-unit test-unit-san test-kernel test-clients lab bench install clean deps
all: $(LAYER_LIBS) $(BUILD)/unit-tests $(if $(KERNEL_SRC),$(BUILD)/cgrad $(BUILD)/cgrad-launcher) $(CUDA_MODULE)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/%.o: %.cu $(wildcard cuda/*.cuh) engine/ops.def engine/scalar_math.h engine/blas_layout.h
	@mkdir -p $(dir $@)
	$(NVCC) $(NVCCFLAGS) -c $< -o $@

$(SAN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SANFLAGS) -O1 -MMD -MP -c $< -o $@

$(BUILD)/libcgengine.a: $(ENGINE_OBJ) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(ENGINE_OBJ)

$(SAN)/libcgengine.a: $(SAN_ENGINE_OBJ) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(SAN_ENGINE_OBJ)

$(BUILD)/libcgdisplay.a: $(DISPLAY_SRC:%.c=$(BUILD)/%.o) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(filter %.o,$^)
$(SAN)/libcgdisplay.a: $(DISPLAY_SRC:%.c=$(SAN)/%.o) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(filter %.o,$^)
# The prelude (torch.nn, torch.optim written in Python) as C strings.
$(BUILD)/gen/prelude.c: $(PRELUDE_PY) scripts/embed.py $(BUILD)/sources.list
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/embed.py $@ $(PRELUDE_PY)

$(BUILD)/libcglang.a: $(LANG_SRC:%.c=$(BUILD)/%.o) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(filter %.o,$^)
$(SAN)/libcglang.a: $(LANG_SRC:%.c=$(SAN)/%.o) $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(filter %.o,$^)

# The program: kernel/ (main and the hosts) over the three libraries; the
# kernel speaks ZeroMQ, JSON (Jansson) and HMAC (OpenSSL's libcrypto).
KERNEL_PKGS    := libzmq jansson libcrypto
KERNEL_CFLAGS  := $(shell pkg-config --cflags $(KERNEL_PKGS) 2>/dev/null)
KERNEL_LIBS    := $(shell pkg-config --libs $(KERNEL_PKGS) 2>/dev/null || echo -lzmq -ljansson -lcrypto) -pthread
$(KERNEL_SRC:%.c=$(BUILD)/%.o) $(KERNEL_SRC:%.c=$(SAN)/%.o): CFLAGS += $(KERNEL_CFLAGS)
$(BUILD)/cgrad: $(KERNEL_SRC:%.c=$(BUILD)/%.o) $(LAYER_LIBS)
	$(CC) $(CFLAGS) -o $@ $(filter %.o,$^) $(LAYER_LIBS) $(KERNEL_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)
$(SAN)/cgrad: $(KERNEL_SRC:%.c=$(SAN)/%.o) $(SAN_LAYER_LIBS)
	$(CC) $(CFLAGS) $(SANFLAGS) -o $@ $(filter %.o,$^) $(SAN_LAYER_LIBS) $(KERNEL_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)
# What the kernelspec starts: holds the kernel's ports open while cgrad
# loads (kernel/launcher/launcher.c); libc alone, so no $(CFLAGS).
$(BUILD)/cgrad-launcher: kernel/launcher/launcher.c
	$(CC) $(CSTD) $(WARN) $(OPT) -o $@ $<
$(SAN)/cgrad-launcher: kernel/launcher/launcher.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) -O1 -g -o $@ $<

# A file that changes when the list of sources does, so that removing a
# test file relinks the test binaries.
$(BUILD)/sources.list: FORCE
	@mkdir -p $(BUILD)
	@echo '$(ALL_SRC)' | cmp -s - $@ || echo '$(ALL_SRC)' > $@
FORCE:

$(BUILD)/unit-tests: $(UNIT_OBJ) $(LAYER_LIBS) $(BUILD)/sources.list
	$(CC) $(CFLAGS) -o $@ $(UNIT_OBJ) $(LAYER_LIBS) $(CRIT_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)

$(SAN)/unit-tests: $(SAN_UNIT_OBJ) $(SAN_LAYER_LIBS) $(BUILD)/sources.list
	$(CC) $(CFLAGS) $(SANFLAGS) -o $@ $(SAN_UNIT_OBJ) $(SAN_LAYER_LIBS) $(CRIT_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)

# Fuzzing (tests/fuzz/README.md): libFuzzer harnesses over the wire parser,
# the language parser and the evaluator, linked against the same sources
# compiled again by clang with ASan and UBSan into build/fuzz (never mixed
# with gcc's objects). `make fuzz` runs each for FUZZ_TIME seconds, adding
# what it finds to tests/fuzz/corpus and tests/fuzz/crashes; `make test`
# replays both and fuzzes briefly (FUZZ_TEST_TIME seconds in all).
FUZZ_CC        ?= clang
FUZZ           := $(BUILD)/fuzz
FUZZ_TIME      ?= 60
FUZZ_TEST_TIME ?= 18
FUZZ_HARNESSES := wire parse eval
FUZZ_BINS      := $(FUZZ_HARNESSES:%=$(FUZZ)/fuzz_%)
FUZZ_SANFLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_CFLAGS     = $(CSTD) $(WARN) -O1 -g $(MATHFLAGS) -fopenmp $(BLAS_CFLAGS) $(GV_CFLAGS) $(KERNEL_CFLAGS) \
                  -Iengine -Icuda -Idisplay -Ilang -Ikernel $(FUZZ_SANFLAGS) -fsanitize=fuzzer-no-link \
                  -Wno-pass-failed
FUZZ_LDFLAGS    = $(FUZZ_SANFLAGS) -fsanitize=fuzzer -fopenmp
FUZZ_LAYER_LIBS = $(LAYERS:%=$(FUZZ)/libcg%.a)
# the kernel's receiving half: frames, signatures, the replay window, JSON
# (the harness brings a silent kernel_log)
FUZZ_WIRE_SRC  := kernel/wire.c kernel/signing.c kernel/seen_signatures.c kernel/json_text.c kernel/header.c
$(FUZZ)/engine/device.o: FUZZ_CFLAGS += -DCG_CUDA_MODULE_DIR='"$(CUDA_MODULE_DIR)"'
$(FUZZ)/engine/vec_math.o $(FUZZ)/engine/vec_act.o $(FUZZ)/engine/softmax_avx2.o: FUZZ_CFLAGS += $(VEC_MATH_FLAGS)
$(FUZZ)/engine/half_f16c.o: FUZZ_CFLAGS += -mf16c -mavx

$(FUZZ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
$(FUZZ)/libcgengine.a: $(ENGINE_SRC:%.c=$(FUZZ)/%.o)
$(FUZZ)/libcgdisplay.a: $(DISPLAY_SRC:%.c=$(FUZZ)/%.o)
$(FUZZ)/libcglang.a: $(LANG_SRC:%.c=$(FUZZ)/%.o)
$(FUZZ_LAYER_LIBS): $(BUILD)/sources.list
	rm -f $@ && ar rcs $@ $(filter %.o,$^)
$(FUZZ)/fuzz_wire: $(FUZZ)/tests/fuzz/fuzz_wire.o $(FUZZ_WIRE_SRC:%.c=$(FUZZ)/%.o)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(KERNEL_LIBS)
$(FUZZ)/fuzz_parse: $(FUZZ)/tests/fuzz/fuzz_parse.o $(FUZZ_LAYER_LIBS)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(ICU_LIBS)
$(FUZZ)/fuzz_eval: $(FUZZ)/tests/fuzz/fuzz_eval.o $(FUZZ_LAYER_LIBS)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $< $(FUZZ_LAYER_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)

fuzz-build: $(FUZZ_BINS)
fuzz: deps
	@$(MAKE) --no-print-directory -j$(shell nproc) fuzz-build
	scripts/fuzz.sh run $(FUZZ) $(FUZZ_TIME) $(FUZZ_HARNESSES)

deps:
	@scripts/deps.sh

# The Python tools of the tests and of `make lab` (jupyter_client, pytest,
# JupyterLab, nbclient, jupyter console, Selenium) live in .venv, made with
# Debian's python3 from the pinned tests/requirements.txt, and made again
# only when that file's content changes.
VENV        := .venv
VENV_PYTHON ?= /usr/bin/python3
$(VENV)/requirements.txt: tests/requirements.txt
	@if cmp -s $< $@; then touch $@; else \
	  echo "making $(VENV) from $<"; rm -rf $(VENV) && \
	  $(VENV_PYTHON) -m venv $(VENV) && \
	  $(VENV)/bin/pip install --quiet --disable-pip-version-check -r $< && cp $< $@; fi

# `make bench` also needs ipykernel, the kernel's reference: added to the
# same .venv from bench/requirements.txt (the tests' pins as constraints),
# again when that file changes or .venv was made anew.
$(VENV)/bench-requirements.txt: bench/requirements.txt $(VENV)/requirements.txt
	@if cmp -s $< $@; then touch $@; else \
	  echo "adding $< to $(VENV)"; \
	  $(VENV)/bin/pip install --quiet --disable-pip-version-check -r $< -c tests/requirements.txt && cp $< $@; fi

# Each suite writes a JSON report; tests/summary.py prints the last line.
REPORTS := $(BUILD)/reports
test: deps
	@$(MAKE) --no-print-directory -j$(shell nproc) all $(SAN)/unit-tests $(if $(KERNEL_SRC),$(SAN)/cgrad $(SAN)/cgrad-launcher) \
	  $(VENV)/requirements.txt $(FUZZ_BINS)
	@rm -rf $(REPORTS) && mkdir -p $(REPORTS)
	@status=0; \
	$(BUILD)/unit-tests --json=$(REPORTS)/unit.json -j2 || status=1; \
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  $(SAN)/unit-tests --json=$(REPORTS)/unit-san.json -j2 2>$(REPORTS)/unit-san.log || status=1; \
	scripts/sanitizer-verdict.sh $(REPORTS)/unit-san.log $(REPORTS)/sanitizers.count || status=1; \
	if [ -n "$(KERNEL_SRC)" ]; then \
	  $(PYTHON) tests/lang/run.py $(BUILD)/cgrad $(REPORTS)/lang.count || status=1; \
	  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    $(PYTHON) tests/lang/run.py $(SAN)/cgrad $(REPORTS)/lang-san.count || status=1; \
	  $(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/kernel --cgrad=$(BUILD)/cgrad \
	    --count-file=$(REPORTS)/kernel.count || status=1; \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    $(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/kernel --cgrad=$(SAN)/cgrad \
	    --count-file=$(REPORTS)/kernel-san.count || status=1; \
	  $(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/clients --cgrad=$(BUILD)/cgrad \
	    --count-file=$(REPORTS)/clients.count || status=1; \
	fi; \
	scripts/fuzz.sh replay $(FUZZ) $(FUZZ_TEST_TIME) $(REPORTS)/fuzz.count $(FUZZ_HARNESSES) || status=1; \
	$(PYTHON) tests/summary.py $(REPORTS) || status=1; \
	exit $$status

# The tests that need a GPU (tests/gpu): every op on CUDA against the CPU,
# gradients on the device, the allocator's statistics. Not part of `make
# test`; without nvcc or a device they fail, saying why.
GPU_TEST_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/gpu/*.c) tests/unit/helpers.c tests/unit/philox_ref.c \
                $(wildcard tests/unit/samples_*.c))
$(GPU_TEST_OBJ): CFLAGS += $(XML_CFLAGS)
$(BUILD)/gpu-tests: $(GPU_TEST_OBJ) $(LAYER_LIBS)
	$(CC) $(CFLAGS) -o $@ $(GPU_TEST_OBJ) $(LAYER_LIBS) $(CRIT_LIBS) $(LDLIBS) $(EXPORT_LDFLAGS)
test-gpu: $(BUILD)/gpu-tests $(CUDA_MODULE)
	@test -n "$(CUDA_MODULE)" || { echo "no CUDA device: the CUDA module is not built here (no nvcc, or CUDA=0)"; exit 1; }
	CGRAD_CUDA_MODULE=$(abspath $(CUDA_MODULE)) $(BUILD)/gpu-tests --verbose

# The GPU checks for a machine with a GPU but without cgrad's build
# dependencies: build/gpu-kit holds the programs, the libraries they need
# and gpu-check.sh, which runs them there (docs/cuda.md).
gpu-kit: $(BUILD)/gpu-tests $(BUILD)/cgrad $(CUDA_MODULE) $(BUILD)/bench/cuda
	@test -n "$(CUDA_MODULE)" || { echo "gpu-kit: the CUDA module is not built here (no nvcc, or CUDA=0)"; exit 1; }
	BUILD=$(BUILD) scripts/gpu-kit.sh $(BUILD)/gpu-kit

# bench/cuda: needs a GPU to run; built only where nvcc exists.
$(BUILD)/bench/cuda: bench/cuda/bench_cuda.cu $(LAYER_LIBS)
	@mkdir -p $(dir $@)
	$(NVCC) -O2 -std=c++17 -Iengine -o $@ $< $(LAYER_LIBS) -L$(CUDA_HOME)/lib64 -lcublas \
	  -Xlinker -rpath=$(CUDA_HOME)/lib64 -Xlinker --dynamic-list=engine/exports.list -Xlinker -u,cg_caching_allocator_new \
	  $(GV_LIBS) $(BLAS_LIBS) $(SLEEF_LIBS) $(DNNL_LIBS) -Xcompiler -fopenmp -lm -ldl

# Only the protocol tests, against build/cgrad (pytest arguments in ARGS).
test-kernel: $(BUILD)/cgrad $(BUILD)/cgrad-launcher $(VENV)/requirements.txt
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/kernel --cgrad=$(BUILD)/cgrad $(ARGS)

# Only the real-client tests, against build/cgrad (pytest arguments in ARGS).
test-clients: deps $(BUILD)/cgrad $(BUILD)/cgrad-launcher $(VENV)/requirements.txt
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/clients --cgrad=$(BUILD)/cgrad $(ARGS)

# JupyterLab from .venv on notebooks/, with this checkout's kernelspec
# installed into .venv and put first on JUPYTER_PATH (a cgrad kernelspec
# installed --user by another checkout would win otherwise). It opens a
# browser only where there is a display; the URL with its token is printed
# either way. As root (a container), Jupyter needs --allow-root.
LAB_ARGS ?=
lab: deps
	@$(MAKE) --no-print-directory -j$(shell nproc) all $(VENV)/requirements.txt
	$(BUILD)/cgrad install --prefix $(abspath $(VENV))
	JUPYTER_PATH=$(abspath $(VENV))/share/jupyter $(VENV)/bin/jupyter lab --notebook-dir=notebooks \
	  $(if $(DISPLAY)$(WAYLAND_DISPLAY),,--no-browser) \
	  --MultiKernelManager.default_kernel_name=cgrad \
	  $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS)

bench: all $(VENV)/bench-requirements.txt $(if $(CUDA_MODULE),$(BUILD)/bench/cuda)
	@scripts/deps.sh bench
	$(if $(CUDA_MODULE),-CGRAD_CUDA_MODULE=$(abspath $(CUDA_MODULE)) $(BUILD)/bench/cuda)
	@$(MAKE) --no-print-directory -C bench BUILD=$(abspath $(BUILD))
	@$(PYTHON) bench/lang/run.py $(BUILD)/cgrad
	@$(VENV)/bin/python bench/kernel/run.py $(BUILD)/cgrad

# The cgrad program and its launcher, with the logos `cgrad install` copies into the
# kernelspec, and the engine library and its headers, for C programs that
# use the engine directly.
install: $(BUILD)/libcgengine.a $(BUILD)/cgrad $(BUILD)/cgrad-launcher $(CUDA_MODULE)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/cgrad/kernelspec
	install -m 755 $(BUILD)/cgrad $(BUILD)/cgrad-launcher $(DESTDIR)$(PREFIX)/bin/
	install -m 644 kernelspec/* $(DESTDIR)$(PREFIX)/share/cgrad/kernelspec/
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/cgrad
	install -m 644 $(BUILD)/libcgengine.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 engine/*.h engine/ops.def $(DESTDIR)$(PREFIX)/include/cgrad/
	$(if $(CUDA_MODULE),install -d $(DESTDIR)$(CUDA_MODULE_DIR) && install -m 755 $(CUDA_MODULE) $(DESTDIR)$(CUDA_MODULE_DIR)/)

clean:
	rm -rf $(BUILD)

-include $(filter %.d,$(ALL_SRC:%.c=$(BUILD)/%.d) $(ALL_SRC:%.c=$(SAN)/%.d) $(ALL_SRC:%.c=$(FUZZ)/%.d))
