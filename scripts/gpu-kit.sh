#!/bin/sh
# gpu-kit.sh KIT: gathers into the folder KIT, and packs into KIT.tar.xz, what the GPU checks need on a
# machine that has a GPU, the CUDA runtime and cuBLAS but none of cgrad's
# build dependencies (a cloud GPU image, say): the GPU tests, the CUDA
# bench, `cgrad` and the CUDA module, every shared library they load that
# such a machine may lack, and scripts/gpu-check.sh to run them. Made by
# `make gpu-kit`; docs/cuda.md says how it is used.
#
# Left out on purpose: glibc's libraries, the C++ runtime (a newer one runs
# these programs), and CUDA's own (the driver's libcuda must match the
# machine's driver; cuBLAS is found there by gpu-check.sh).
set -eu
kit=$1
build=${BUILD:-build}
rm -rf "$kit"
mkdir -p "$kit/bin" "$kit/lib"
cp "$build/gpu-tests" "$build/cgrad" "$build/libcgcuda.so" "$kit/bin/"
cp "$build/bench/cuda" "$kit/bin/bench-cuda"
cp scripts/gpu-check.sh tests/lang/random_parity.py tests/gpu/train_parity.py tests/gpu/dtypes_parity.py "$kit/"
for program in "$kit"/bin/*; do
    ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'
done | sort -u |
    grep -v -E '/(libc|libm|libpthread|libdl|librt|libresolv|libutil|ld-linux-x86-64|libstdc\+\+|libgcc_s|libcuda|libcublas|libcublasLt|libcudart)\.so' |
    while read -r lib; do cp -L "$lib" "$kit/lib/"; done
# Symbols stay, for backtraces; debug sections would double the size.
strip --strip-debug "$kit"/bin/* "$kit"/lib/*
# xz, not gzip: the kit travels to a device machine whose transfer limit
# (64 MiB with the tree) a gzipped kit with oneDNN and OpenBLAS outgrew.
tar -C "$(dirname "$kit")" -cf - "$(basename "$kit")" | xz -T2 -6 >"$kit.tar.xz"
ls -sh "$kit.tar.xz"
