#!/usr/bin/env bash
# Makes this machine ready for `make test` (Debian 12, run as root): installs what the tests
# need when it is missing (nats-server, postgresql, chromium with Japanese and Devanagari
# fonts, ffmpeg, exiftool, rclone, s3cmd, haproxy) and starts PostgreSQL on
# 127.0.0.1:5432 (trust for TCP from 127.0.0.1, as the tests connect as postgres without a
# password) and NATS with JetStream on 127.0.0.1:4222 when nothing answers there. A no-op,
# in well under a second, when everything is there. Without root or apt-get it says exactly
# what to install and start, and fails.
#
# `make test` runs it first; TEST_MACHINE_SETUP=0 skips it (when TEST_DATABASE_URL and
# TEST_NATS_URL point at servers elsewhere).
set -euo pipefail

say() { printf 'test machine: %s\n' "$*"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
nats_binary() { command -v nats-server 2>/dev/null || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; } || true; }

# --- packages -------------------------------------------------------------------------------
missing=()
[ -n "$(nats_binary)" ] || missing+=(nats-server)
# the server itself (pg_ctlcluster), not only the client
command -v pg_ctlcluster >/dev/null || missing+=(postgresql)
command -v chromium >/dev/null || missing+=(chromium)
# the browser tests measure Japanese and Hindi headers and labels: with real glyphs, not boxes
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
[ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
# video thumbnails (services/images) and the test videos
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
# an independent reader of the metadata of the files the product serves (test/images/private-metadata)
command -v exiftool >/dev/null || missing+=(libimage-exiftool-perl)
# ordinary S3 tools: the embedded S3's compatibility tier drives it with them (libs/devstack)
command -v rclone >/dev/null || missing+=(rclone)
command -v s3cmd >/dev/null || missing+=(s3cmd)
# the load balancer of the cluster tier (make test-cluster): the gateways and PostgreSQL's read-write endpoint
command -v haproxy >/dev/null || missing+=(haproxy)

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$EUID" != 0 ] || ! command -v apt-get >/dev/null; then
    say "missing: ${missing[*]}"
    say "install them as root (Debian: apt-get update && apt-get install -y --no-install-recommends ${missing[*]}), then run make test again"
    exit 1
  fi
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
pg_installed_now=0
[[ " ${missing[*]} " == *" postgresql "* ]] && pg_installed_now=1

# --- PostgreSQL on 127.0.0.1:5432 -----------------------------------------------------------
# The tests connect as postgres over TCP without a password. The trust rule is added to a
# cluster this script starts or has just installed (the package may start it itself), never
# to one that was already running.
if ! port_open 5432 || [ "$pg_installed_now" = 1 ]; then
  if [ "$EUID" != 0 ]; then
    say "nothing answers PostgreSQL on 127.0.0.1:5432: start it with trust authentication for host all all 127.0.0.1/32 (as root: pg_ctlcluster <version> main start), or set TEST_DATABASE_URL and TEST_MACHINE_SETUP=0"
    exit 1
  fi
  version=$( (ls /etc/postgresql 2>/dev/null || true) | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    say "postgresql is installed but has no cluster in /etc/postgresql: create one with pg_createcluster"
    exit 1
  fi
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  trust_added=0
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
    trust_added=1
  fi
  if port_open 5432; then
    [ "$trust_added" = 1 ] && pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  else
    say "starting PostgreSQL $version on 127.0.0.1:5432"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do port_open 5432 && break; sleep 1; done
    port_open 5432 || { say "PostgreSQL did not start (see /var/log/postgresql/)"; exit 1; }
  fi
fi

# --- NATS with JetStream on 127.0.0.1:4222 --------------------------------------------------
if ! port_open 4222; then
  if [ "$EUID" != 0 ]; then
    say "nothing answers NATS on 127.0.0.1:4222: start nats-server -a 127.0.0.1 -p 4222 -js -sd <store folder>, or set TEST_NATS_URL and TEST_MACHINE_SETUP=0"
    exit 1
  fi
  say "starting nats-server with JetStream on 127.0.0.1:4222"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(nats_binary)" -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 1 30); do port_open 4222 && break; sleep 1; done
  port_open 4222 || { say "NATS did not start (see /var/log/nats-server.log)"; exit 1; }
fi
