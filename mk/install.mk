# install.mk — `make install` / `make uninstall`, honouring PREFIX and DESTDIR.
#
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#
# Installs: include/mqsad.h, lib/libmqsad.a, lib/libmqsad.so.MAJOR.MINOR.PATCH (soname
# libmqsad.so.MAJOR) with the libmqsad.so.MAJOR and libmqsad.so symlinks, bin/mqsad,
# lib/pkgconfig/mqsad.pc, lib/cmake/mqsad/mqsadConfig{,Version}.cmake (imported targets
# mqsad::mqsad and mqsad::mqsad_static), share/man/man1/mqsad.1. bin/mqsad is linked against
# the installed lib/libmqsad.so.MAJOR (see INSTALL_RPATH).
# The version comes from the VERSION file (the only place it is written down).

BINDIR      ?= $(PREFIX)/bin
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
MANDIR      ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR    ?= $(LIBDIR)/cmake/mqsad
INSTALL     ?= install

VER_MINOR := $(word 2,$(subst ., ,$(VERSION)))
SONAME    := libmqsad.so.$(SOMAJOR)
SOFILE    := libmqsad.so.$(VERSION)
SIZEOF_VOID_P := $(shell $(CC) -dM -E - </dev/null 2>/dev/null | sed -n 's/^\#define __SIZEOF_POINTER__ //p')

# Paths of LIBDIR / INCLUDEDIR relative to PREFIX (for the relocatable CMake package).
LIBDIR_REL     = $(patsubst $(PREFIX)/%,%,$(LIBDIR))
INCLUDEDIR_REL = $(patsubst $(PREFIX)/%,%,$(INCLUDEDIR))

SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	-e 's|@SOMAJOR@|$(SOMAJOR)|g' -e 's|@MINOR@|$(VER_MINOR)|g' \
	-e 's|@SIZEOF_VOID_P@|$(or $(SIZEOF_VOID_P),8)|g' \
	-e 's|@LIBDIR_REL@|$(LIBDIR_REL)|g' -e 's|@INCLUDEDIR_REL@|$(INCLUDEDIR_REL)|g'

# The installed CLI is linked again at every install, with its own run path: none when LIBDIR
# is a directory the dynamic loader searches anyway, else $ORIGIN and the path from BINDIR to
# LIBDIR ("$ORIGIN/../lib"), so that the installed `mqsad` uses the installed libmqsad, in
# a DESTDIR staging tree and after moving the whole PREFIX too. INSTALL_RPATH= links it
# without one (a loader configured to find LIBDIR).
comma := ,
MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
SYSTEM_LIBDIRS := /lib /usr/lib /lib64 /usr/lib64 $(if $(MULTIARCH),/lib/$(MULTIARCH) /usr/lib/$(MULTIARCH))
BINDIR_TO_LIBDIR = $(shell awk -v from='$(BINDIR)' -v to='$(LIBDIR)' 'BEGIN { \
	n = split(from, a, "/"); m = split(to, b, "/"); i = 1; \
	while (i <= n && i <= m && a[i] == b[i]) i++; \
	s = ""; for (k = i; k <= n; k++) if (a[k] != "") s = s "/.."; \
	for (k = i; k <= m; k++) if (b[k] != "") s = s "/" b[k]; print s }')
INSTALL_RPATH ?= $(if $(filter $(patsubst %/,%,$(LIBDIR)),$(SYSTEM_LIBDIRS)),,$$ORIGIN$(BINDIR_TO_LIBDIR))

$(BUILD)/install/mqsad: $(CLI_OBJ) $(BUILD)/libmqsad.so mqsad-install-force
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(CLI_OBJ) -L$(BUILD) -lmqsad $(if $(INSTALL_RPATH),-Wl$(comma)-rpath$(comma)'$(INSTALL_RPATH)') $(THREADS) $(LDFLAGS) $(LDLIBS)

# Generated at every install (they depend on PREFIX/LIBDIR/..., not only on their inputs).
$(BUILD)/mqsad.pc: mqsad.pc.in VERSION mqsad-install-force
	@mkdir -p $(dir $@)
	$(SUBST) mqsad.pc.in > $@

$(BUILD)/cmake/mqsadConfig.cmake: cmake/mqsadConfig.cmake.in VERSION mqsad-install-force
	@mkdir -p $(dir $@)
	@case "$(LIBDIR)" in "$(PREFIX)"/*) ;; *) echo "install.mk: LIBDIR must be under PREFIX for the CMake package" >&2; exit 1;; esac
	@up=$$(echo "$(patsubst $(PREFIX)/%,%,$(CMAKEDIR))" | awk -F/ '{ s = ".."; for (i = 2; i <= NF; i++) s = s "/.."; print s }'); \
	  $(SUBST) -e "s|@CMAKE_TO_PREFIX@|$$up|g" cmake/mqsadConfig.cmake.in > $@

$(BUILD)/cmake/mqsadConfigVersion.cmake: cmake/mqsadConfigVersion.cmake.in VERSION mqsad-install-force
	@mkdir -p $(dir $@)
	$(SUBST) cmake/mqsadConfigVersion.cmake.in > $@

$(BUILD)/mqsad.1: docs/mqsad.1 VERSION mqsad-install-force
	@mkdir -p $(dir $@)
	sed 's/^\(\.TH MQSAD 1 "[^"]*"\) "mqsad"/\1 "mqsad $(VERSION)"/' docs/mqsad.1 > $@

.PHONY: mqsad-install-force
mqsad-install-force:

INSTALL_GENERATED := $(BUILD)/mqsad.1 $(BUILD)/mqsad.pc $(BUILD)/cmake/mqsadConfig.cmake \
	$(BUILD)/cmake/mqsadConfigVersion.cmake $(BUILD)/install/mqsad

install: all $(INSTALL_GENERATED)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	$(INSTALL) -m 644 include/mqsad.h $(DESTDIR)$(INCLUDEDIR)/mqsad.h
	$(INSTALL) -m 644 $(BUILD)/libmqsad.a $(DESTDIR)$(LIBDIR)/libmqsad.a
	$(INSTALL) -m 755 $(BUILD)/libmqsad.so $(DESTDIR)$(LIBDIR)/$(SOFILE)
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libmqsad.so
	$(INSTALL) -m 755 $(BUILD)/install/mqsad $(DESTDIR)$(BINDIR)/mqsad
	$(INSTALL) -m 644 $(BUILD)/mqsad.1 $(DESTDIR)$(MANDIR)/man1/mqsad.1
	$(INSTALL) -m 644 $(BUILD)/mqsad.pc $(DESTDIR)$(PKGCONFIGDIR)/mqsad.pc
	$(INSTALL) -m 644 $(BUILD)/cmake/mqsadConfig.cmake $(BUILD)/cmake/mqsadConfigVersion.cmake \
	  $(DESTDIR)$(CMAKEDIR)/

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/mqsad.h $(DESTDIR)$(LIBDIR)/libmqsad.a \
	  $(DESTDIR)$(LIBDIR)/$(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libmqsad.so \
	  $(DESTDIR)$(BINDIR)/mqsad $(DESTDIR)$(MANDIR)/man1/mqsad.1 \
	  $(DESTDIR)$(PKGCONFIGDIR)/mqsad.pc \
	  $(DESTDIR)$(CMAKEDIR)/mqsadConfig.cmake $(DESTDIR)$(CMAKEDIR)/mqsadConfigVersion.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

# The install test (tests/install_test.sh): stage into a temporary DESTDIR, build and run
# examples/ against it with pkg-config and with CMake.
.PHONY: install-test
install-test: all
	BUILD=$(BUILD) CC=$(CC) sh tests/install_test.sh
