#!/bin/bash
# gpu-check.sh [OUT]: run from a kit made by `make gpu-kit`, on a machine
# with a GPU. Writes into OUT (default: the current folder):
#   machine.txt     nvidia-smi, and where cuBLAS was found
#   gpu-tests.log   what `make test-gpu` runs (every op on the device
#                   against the CPU, gradients, random numbers against the
#                   host model, the allocator's statistics), verbose
#   gpu-tests.json  the same, per test
#   bench-cuda.txt  bench/cuda: matmul against cuBLAS, add against a
#                   device-to-device copy, the cached allocate+free pair
#   parity.diff     random_parity.py's seeded draws on the device, as cgrad
#                   prints them against what PyTorch prints (when the
#                   machine's python3 has torch with CUDA); empty is equal
# and prints a line per part. Exits 1 when any part failed or could not run.
set -u
kit=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "${1:-.}" && cd "${1:-.}" && pwd)
status=0

# cuBLAS: where the toolkit keeps it, else wherever it is (a pip wheel).
cublas_dir() {
    local d=${CUDA_HOME:-/usr/local/cuda}/lib64
    [ -e "$d/libcublas.so.13" ] && echo "$d" && return
    dirname "$(find / -xdev -name 'libcublas.so.13' 2>/dev/null | head -1)"
}
cublas=$(cublas_dir)
export LD_LIBRARY_PATH="$kit/lib:$cublas:${LD_LIBRARY_PATH:-}"
export CGRAD_CUDA_MODULE="$kit/bin/libcgcuda.so" CGRAD_CUDA_DEBUG=1
{ nvidia-smi; echo "cuBLAS from: $cublas"; } >"$out/machine.txt" 2>&1
echo "machine: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1); cuBLAS in $cublas"

"$kit/bin/gpu-tests" --verbose --json="$out/gpu-tests.json" >"$out/gpu-tests.log" 2>&1 || status=1
echo "gpu-tests: $(grep -a 'Synthesis' "$out/gpu-tests.log" || tail -3 "$out/gpu-tests.log")"

"$kit/bin/bench-cuda" >"$out/bench-cuda.txt" 2>&1 || status=1
echo "bench-cuda:"
sed 's/^/  /' "$out/bench-cuda.txt"

# the new dtypes on the device against cgrad's own CPU results (no torch needed)
"$kit/bin/cgrad" run "$kit/dtypes_parity.py" >"$out/dtypes.cgrad" 2>&1
tail -1 "$out/dtypes.cgrad" | grep -q '^dtypes_parity: 0 differences$' && echo "dtypes: equal" ||
    { status=1; echo "dtypes: $(grep -c DIFFERS "$out/dtypes.cgrad") ops differ (dtypes.cgrad)"; }

if python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
    python3 "$kit/random_parity.py" cuda >"$out/parity.torch" 2>&1
    "$kit/bin/cgrad" run "$kit/random_parity.py" cuda >"$out/parity.cgrad" 2>&1
    diff "$out/parity.torch" "$out/parity.cgrad" >"$out/parity.diff" && echo "parity: equal" ||
        { status=1; echo "parity: $(grep -c '^<' "$out/parity.diff") lines differ (parity.diff)"; }
    python3 "$kit/train_parity.py" >"$out/train.torch" 2>&1
    "$kit/bin/cgrad" run "$kit/train_parity.py" >"$out/train.cgrad" 2>&1
    diff "$out/train.torch" "$out/train.cgrad" >"$out/train.diff" && echo "train: equal" ||
        { status=1; echo "train: $(grep -c '^<' "$out/train.diff") lines differ (train.diff)"; }
else
    status=1
    echo "parity, train: not run, no python3 with torch and CUDA here"
fi
exit $status
