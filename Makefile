# bnc — build, test, demo and install. `make demo` and `make test` work on a fresh Debian machine.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD_FLAGS ?=
TOOLS := bnc bnc-open bnc-event bnc-link bnc-asa bnc-tune bnc-api bnc-app bnc-export bnc-mcp bnc-doctor bnc-sandbox
# The client tools are installed as one multi-call binary hard-linked under each name, its Swift runtime static
# (their start-up is what users feel). The others load one shared Swift runtime installed under lib/bnc: the front
# door (it only execs a tool) and the two servers, which start once and whose libraries would slow every client
# tool's start in one image (bnc-sandbox: SwiftNIO, BoringSSL; bnc-mcp: Foundation, ICU).
# BENCHMARKS.md "Install size" has the measurements.
MULTICALL := bnc-open bnc-event bnc-link bnc-api bnc-app bnc-export bnc-asa bnc-doctor bnc-tune
SHARED := bnc bnc-mcp bnc-sandbox
# The static builds link libstdc++ and libgcc's unwinder in too (scripts/static-cxx.sh says why; empty without them).
STATIC_FLAGS = $(shell bash scripts/static-cxx.sh)
# Their build: no rpath to the toolchain, one to the runtime beside them.
SHARED_FLAGS := -Xswiftc -no-toolchain-stdlib-rpath -Xlinker '-rpath=$$ORIGIN/../lib/bnc'
# Debian packages: headers for libcurl/OpenSSL/libxml2/SQLite, curl for the equivalence test, mandoc for man lint,
# zsh and fish to check the completion scripts, nginx-light for the HTTP/2 server a batch over TLS is tested against.
# PyPI packages the tests read recordings with: haralyzer (a HAR reader) and jsonschema (the HAR 1.2 schema).
PIPS := haralyzer jsonschema
DEBS := python3 python3-pip bash-completion libjq-dev man-db bsdextrautils libcurl4-openssl-dev libssl-dev openssl libxml2-dev libxml2-utils libsqlite3-dev zlib1g-dev curl mandoc zsh fish pkg-config libqrencode-dev libpng-dev libjpeg-dev zbar-tools chromium nginx-light tzdata

.PHONY: all bootstrap build release release-multicall release-shared test unit-tests check-docs fuzz-replay fuzz docs demo install uninstall clean

all: build

## bootstrap: install the Debian packages the build and tests need (idempotent; sudo when not root)
bootstrap:
	@missing=$$(for p in $(DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "bootstrap: installing $$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "bootstrap: all Debian packages present"; fi
	@python3 -c 'import haralyzer, jsonschema' 2>/dev/null || { echo "bootstrap: installing $(PIPS) from PyPI"; \
		python3 -m pip install --quiet $(PIPS) 2>/dev/null || python3 -m pip install --quiet --break-system-packages $(PIPS); }

## build: debug build of every tool
build: bootstrap
	@bash scripts/build-info.sh
	$(SWIFT) build $(BUILD_FLAGS)

## release: optimised, statically linked Swift runtime (fast start-up)
release: bootstrap
	@bash scripts/build-info.sh
	$(SWIFT) build -c release --static-swift-stdlib $(STATIC_FLAGS) $(BUILD_FLAGS)

## release-multicall: the client tools' multi-call binary, optimised, Swift runtime built in (what install needs)
release-multicall: bootstrap
	@bash scripts/build-info.sh
	$(SWIFT) build -c release --static-swift-stdlib --product bnc-multicall $(STATIC_FLAGS) $(BUILD_FLAGS)

## release-shared: the front door and the servers, optimised, on the shared Swift runtime (.build-dynamic)
release-shared: bootstrap
	@bash scripts/build-info.sh
	for t in $(SHARED); do $(SWIFT) build -c release --build-path .build-dynamic --product $$t $(SHARED_FLAGS) $(BUILD_FLAGS) || exit 1; done

## test: every test — unit and end-to-end tests, docs drift, man page lint, completion syntax
test: bootstrap
	@bash scripts/build-info.sh
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS) 2>&1 | grep -vE '^(◇ Test .* started|↳)'; exit $${PIPESTATUS[0]}
	$(MAKE) --no-print-directory check-docs
	$(MAKE) --no-print-directory fuzz-replay

## fuzz-replay: every fuzz target over its seed corpus (and any inputs a fuzz run kept), without libFuzzer
fuzz-replay:
	@for t in json ndjson device referrer openedwith config config-worst open-body event-body tune-line; do \
		.build/debug/fuzz-parsers $$t Fuzz/corpus/$$t $$(test -d .build-fuzz/corpus/$$t && echo .build-fuzz/corpus/$$t) || exit 1; \
	done

## fuzz: libFuzzer + AddressSanitizer on every parser of outside input, FUZZ_SECONDS each (default 60)
FUZZ_SECONDS ?= 60
fuzz: bootstrap
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

## check-docs: man/ and completions/ match the tools; man pages lint clean; completions parse
check-docs:
	.build/debug/docgen --check --bin .build/debug --output .
	mandoc -Tlint -W warning man/*.1 man/*.5
	for f in completions/bash/*; do bash -n "$$f"; done
	for f in completions/zsh/*; do zsh -n "$$f"; done
	for f in completions/fish/*; do fish --no-execute "$$f"; done
	@echo "docs: man pages and completions are current and valid"

## docs: regenerate man/ and completions/ after changing flags (then commit them)
docs:
	$(SWIFT) package --allow-writing-to-package-directory generate-docs

## demo: the main job, end to end, with nothing but this machine
demo: build
	@bash scripts/demo.sh .build/debug

## install: binaries, man pages and completions under $(PREFIX) (DESTDIR for staging)
install: release-multicall release-shared
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/bnc $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d $(DESTDIR)$(PREFIX)/share/bnc/schemas
	for t in $(SHARED); do install -m 755 -s .build-dynamic/release/$$t $(DESTDIR)$(PREFIX)/bin/$$t; done
	bash scripts/install-runtime.sh $(DESTDIR)$(PREFIX)/lib/bnc $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(SHARED))
	install -m 755 -s .build/release/bnc-multicall $(DESTDIR)$(PREFIX)/bin/bnc-open.new
	for t in $(MULTICALL); do ln -f $(DESTDIR)$(PREFIX)/bin/bnc-open.new $(DESTDIR)$(PREFIX)/bin/$$t; done
	rm -f $(DESTDIR)$(PREFIX)/bin/bnc-open.new
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 man/*.5 $(DESTDIR)$(PREFIX)/share/man/man5/
	install -m 644 completions/bash/* $(DESTDIR)$(PREFIX)/share/bash-completion/completions/
	install -m 644 completions/zsh/* $(DESTDIR)$(PREFIX)/share/zsh/site-functions/
	install -m 644 completions/fish/* $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/
	install -m 644 schemas/*.xsd $(DESTDIR)$(PREFIX)/share/bnc/schemas/

## uninstall: remove what install put there
uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$t; done
	for f in man/*.1; do rm -f $(DESTDIR)$(PREFIX)/share/man/man1/$${f#man/}; done
	for f in man/*.5; do rm -f $(DESTDIR)$(PREFIX)/share/man/man5/$${f#man/}; done
	for f in completions/bash/*; do rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/$${f#completions/bash/}; done
	for f in completions/zsh/*; do rm -f $(DESTDIR)$(PREFIX)/share/zsh/site-functions/$${f#completions/zsh/}; done
	for f in completions/fish/*; do rm -f $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$${f#completions/fish/}; done
	rm -rf $(DESTDIR)$(PREFIX)/share/bnc/schemas $(DESTDIR)$(PREFIX)/lib/bnc

clean:
	rm -rf .build
