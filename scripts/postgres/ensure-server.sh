#!/usr/bin/env bash
# Makes PostgreSQL 15 + pgvector available on a Debian 12 machine, for the PostgreSQL test run.
# Debian 12 packages PostgreSQL but not pgvector, so pgvector is built from Debian's own source
# package (from trixie, verified by apt against Debian's signed index) against
# postgresql-server-dev-15. Idempotent: does nothing when everything is already there.
set -euo pipefail

PG_MAJOR=15
PGVECTOR_VERSION=0.8.0-1
BIN=/usr/lib/postgresql/$PG_MAJOR/bin

need_root() {
  if [ "$(id -u)" != 0 ]; then
    echo "ensure-server: $1 is missing and installing it needs root." >&2
    echo "Install PostgreSQL $PG_MAJOR with pgvector yourself, or run the tests without TEST_POSTGRES." >&2
    exit 1
  fi
}

if [ ! -x "$BIN/postgres" ] || [ ! -x "$BIN/pg_config" ] || [ ! -f "/usr/include/postgresql/$PG_MAJOR/server/postgres.h" ]; then
  need_root "PostgreSQL $PG_MAJOR (server and headers)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "postgresql-$PG_MAJOR" "postgresql-server-dev-$PG_MAJOR" dpkg-dev make gcc >/dev/null
  # The Debian package starts a cluster of its own on 5432; we use throwaway clusters instead.
  if command -v pg_ctlcluster >/dev/null; then pg_ctlcluster "$PG_MAJOR" main stop 2>/dev/null || true; fi
fi

SHAREDIR=$("$BIN/pg_config" --sharedir)
if [ ! -f "$SHAREDIR/extension/vector.control" ]; then
  need_root "pgvector"
  work=$(mktemp -d)
  chmod 755 "$work" # apt drops to the _apt user for downloads
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/lists/partial"
  cat >"$work/src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  apt_opts=(-o "Dir::Etc::sourcelist=$work/src.sources" -o Dir::Etc::sourceparts=/dev/null -o "Dir::State::Lists=$work/lists")
  apt-get "${apt_opts[@]}" update -qq
  (cd "$work" && apt-get "${apt_opts[@]}" source --download-only -qq "pgvector=$PGVECTOR_VERSION" 2>/dev/null)
  tar -xzf "$work"/pgvector_*.orig.tar.gz -C "$work"
  src=$(find "$work" -maxdepth 1 -type d -name 'pgvector-*' | head -n1)
  # OPTFLAGS='' : portable code, not tuned to the build machine's CPU.
  make -s -C "$src" PG_CONFIG="$BIN/pg_config" OPTFLAGS="" >/dev/null
  make -s -C "$src" PG_CONFIG="$BIN/pg_config" install >/dev/null
  echo "ensure-server: built and installed pgvector $PGVECTOR_VERSION for PostgreSQL $PG_MAJOR"
fi
echo "$BIN"
