#!/usr/bin/env bash
# Installs everything the services and their tests need on a fresh Debian machine:
# the system packages (speech engines, LaTeX, Redis for the multi-instance tests) and the
# npm workspace.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(
  flite espeak-ng pocketsphinx pocketsphinx-en-us sox
  texlive-latex-base texlive-latex-recommended texlive-pictures latexmk lmodern
  chromium redis-server libseccomp2 postgresql tmux
)

if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  missing=()
  for p in "${DEBIAN_PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  # Generated experiments need Python 3 with NumPy; use Debian's only when none is importable.
  python3 -c 'import numpy' >/dev/null 2>&1 || missing+=(python3 python3-numpy)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing Debian packages: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
else
  echo "apt-get not found: install ${DEBIAN_PACKAGES[*]} with your package manager" >&2
fi

# onnxruntime-node's install script would download CUDA binaries; the CPU ones ship in the
# package. package.json's allowScripts denies that script (npm 11); older npm reads this.
export ONNXRUNTIME_NODE_INSTALL=skip
npm ci --no-audit --no-fund
# The web front ends are served from their static builds.
npm run build
