#!/usr/bin/env bash
# Installs the Debian packages cgrad's build and tests need, when missing
# (the Python packages of the tests and of JupyterLab come from pip, into
# .venv: see Makefile). As root it uses apt-get; otherwise it names what to
# install and fails.
#   scripts/deps.sh            what `make`, `make lab` and `make test` need
#                              (Chromium and its driver: the JupyterLab test;
#                              clang with libFuzzer and its OpenMP: the fuzz
#                              harnesses, tests/fuzz)
#   scripts/deps.sh bench      also what `make bench` compares against
set -euo pipefail

packages=(build-essential pkg-config libopenblas-dev libcriterion-dev libjansson-dev libxml2-dev
          libgraphviz-dev libzmq3-dev libssl-dev zlib1g-dev libpcre2-dev libgmp-dev libicu-dev libsleef-dev libdnnl-dev python3 python3-venv chromium chromium-driver
          clang libclang-rt-dev libomp-dev)
if [ "${1:-}" = bench ]; then
    packages+=(python3-torch)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "cgrad needs these Debian packages: ${missing[*]}" >&2
    echo "install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
