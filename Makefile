# uidext: PGXS build. `make && make install`; PG_CONFIG selects the server (default: on PATH).
# uidext_ossp: a drop-in for contrib's uuid-ossp, served by the same library.
# uidext_compat: core's names for six uuid functions on every major (opt-in), the same library.
# uidext_migrate: uidext-migrate's state table, in its own schema uidext_migrate (SQL only).
# Out-of-tree (VPATH) builds work too, as Debian's pg_buildext runs them: from an empty build
# directory, `make -f /path/to/uidext/Makefile` (or `make VPATH=/path/to/uidext -f ...`).
EXTENSION = uidext uidext_ossp uidext_compat uidext_migrate
EXTVERSION = 1.5

# The source tree: VPATH when given, else the directory of this Makefile ("." in place).
# PGXS sets srcdir the same way, but only inside the include below.
uidext_srcdir := $(if $(VPATH),$(VPATH),$(patsubst %/,%,$(dir $(firstword $(MAKEFILE_LIST)))))

MODULE_big = uidext
CORE_SRCS = $(sort $(patsubst $(uidext_srcdir)/%,%,$(wildcard $(uidext_srcdir)/src/core/*.cpp)))
GLUE_SRCS = $(sort $(patsubst $(uidext_srcdir)/%,%,$(wildcard $(uidext_srcdir)/src/pg/*.cpp)))
OBJS = $(CORE_SRCS:.cpp=.o) $(GLUE_SRCS:.cpp=.o)

# Install and upgrade scripts; regression inputs in sql/ are named without "--". The fresh
# install script of the newest version is the 1.0 script followed by every update script in
# order (see the rule below), so a fresh install and an updated one cannot drift apart.
UPDATE_SCRIPTS = sql/uidext--1.0--1.1.sql sql/uidext--1.1--1.2.sql sql/uidext--1.2--1.3.sql sql/uidext--1.3--1.4.sql sql/uidext--1.4--1.5.sql
DATA = sql/uidext--1.0.sql $(UPDATE_SCRIPTS) sql/uidext_ossp--1.1.sql sql/uidext_compat--1.0.sql \
	sql/uidext_migrate--1.0.sql
# Generated into the build directory (the source tree itself when building in place) and
# installed from there. An absolute name, so that make never takes a copy that an in-tree
# build left in the source tree for this build's.
FRESH_SCRIPT = $(CURDIR)/sql/uidext--$(EXTVERSION).sql
DATA_built = $(FRESH_SCRIPT)

# pg_regress suites, in run order, from sql/ and expected/.
REGRESS = ulid_io ulid_compare ulid_index ulid_cast generators generators_uuidv7 search_path bad_input
REGRESS += gen_ulid_step
REGRESS += cross_type
REGRESS += per_query_catalog uuid_ulid_ops
REGRESS += uuid_ulid_ops_limits
REGRESS += dropin_gaps
REGRESS += uuid_family
REGRESS += uuid_v2_longs
REGRESS += ulid_gist_gin
REGRESS += partition_by_time
REGRESS += typeid
REGRESS += legacy_keys
REGRESS_OPTS = --load-extension=uidext

PG_CONFIG ?= pg_config
PG_INCLUDE_SERVER := $(shell $(PG_CONFIG) --includedir-server)

# -isystem makes PostgreSQL's headers system headers: their warnings (and the C++17
# "register" error under clang) stay out of our -Werror build; -I.../src finds core/ and pg/.
PG_CPPFLAGS = -I$(uidext_srcdir)/src -isystem $(PG_INCLUDE_SERVER) -DUIDEXT_VERSION='"$(EXTVERSION)"'
# Hidden by default: the library exports only what PostgreSQL looks up by name (see
# src/pg/pg_includes.hpp; 16+ adds these flags itself, 13-15 do not).
# No exceptions and no RTTI: no C++ exception may reach PostgreSQL (ereport longjmps over C++
# frames), and nothing here throws, catches or asks a type at run time.
CXX_LANGUAGE_FLAGS = -std=c++17 -fno-exceptions -fno-rtti
PG_CXXFLAGS = $(CXX_LANGUAGE_FLAGS) -Wextra -Wno-unused-parameter -fvisibility=hidden -fvisibility-inlines-hidden \
	$(if $(WERROR),-Werror)
# -Bsymbolic binds the library's references to its own exported names (gen_ulid,
# uuid_timestamptz_to_v7, which pg_uuidv7's library exports too) to its own definitions,
# whatever else the process loaded. No -lstdc++: the library needs nothing from the C++
# runtime (test/cluster/005_exported_symbols.sh checks its undefined symbols).
SHLIB_LINK += -Wl,-Bsymbolic
# MD5 and SHA-1 of name-based UUIDs (src/core/digest.cpp); PostgreSQL itself links libcrypto.
SHLIB_LINK += -lcrypto

# Which server the objects were built for (see below); set before PGXS, whose clean reads it.
PG_CONFIG_STAMP = $(CURDIR)/.pg_config_stamp
EXTRA_CLEAN = $(PG_CONFIG_STAMP)

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Version-dependent suites: BRIN minmax-multi and bloom from 14, soft input errors
# (pg_input_is_valid) from 16, core's bytea casts and base32hex from 19.
ifeq ($(shell test $(MAJORVERSION) -ge 14 && echo yes),yes)
REGRESS += ulid_brin_14
REGRESS += brin_uuid_bounds
endif
ifeq ($(shell test $(MAJORVERSION) -ge 16 && echo yes),yes)
REGRESS += soft_errors
REGRESS += typeid_soft_errors
endif
ifeq ($(shell test $(MAJORVERSION) -ge 19 && echo yes),yes)
REGRESS += core_19_casts
endif

# In a VPATH build, look up only sources in the source tree: objects, bitcode and the library
# that an in-tree build left there belong to whatever server that build was for.
# (PGXS's srcdir is defined through VPATH, so it is pinned first.)
ifneq ($(uidext_srcdir),.)
override srcdir := $(uidext_srcdir)
override VPATH :=
vpath %.cpp $(uidext_srcdir)
vpath %.hpp $(uidext_srcdir)
vpath %.sql $(uidext_srcdir)
vpath %.control $(uidext_srcdir)
endif
# The server this tree was built for: PG_CONFIG's path, version and header directory, kept in
# .pg_config_stamp and rewritten only when they change, so that building or installing for
# another PG_CONFIG (or after that server's upgrade) recompiles and relinks instead of
# installing a library built for another major ("incompatible library ... version mismatch").
pg_config_identity := $(PG_CONFIG) | $(shell $(PG_CONFIG) --version) | $(PG_INCLUDE_SERVER)
# (Not for goals that build nothing: "make clean" leaves no stamp behind.)
uidext_building := $(filter-out clean distclean maintainer-clean installcheck,$(or $(MAKECMDGOALS),all))
ifneq ($(uidext_building),)
ifneq ($(pg_config_identity),$(shell cat $(PG_CONFIG_STAMP) 2>/dev/null))
$(shell echo '$(pg_config_identity)' >$(PG_CONFIG_STAMP))
endif
endif
$(OBJS) $(OBJS:.o=.bc): $(PG_CONFIG_STAMP)
# PGXS tracks no header dependencies: every object depends on every header of src/, so a changed
# struct never meets an object built against the old one (a full build takes seconds).
$(OBJS) $(OBJS:.o=.bc): $(wildcard $(uidext_srcdir)/src/core/*.hpp $(uidext_srcdir)/src/pg/*.hpp)

# uidext-migrate (src/migrate/): a client program linking only libpq, built and installed with
# the extension into pg_config's bindir. PGXS builds one of MODULES/MODULE_big/PROGRAM, so its
# rules are here. A client, not the server's library: it may use exceptions (an error ends the
# command; the state table says where to resume).
MIGRATE = uidext-migrate
MIGRATE_SRCS = $(sort $(patsubst $(uidext_srcdir)/%,%,$(wildcard $(uidext_srcdir)/src/migrate/*.cpp)))
MIGRATE_OBJS = $(MIGRATE_SRCS:.cpp=.o)
MIGRATE_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra $(if $(WERROR),-Werror) -I$(shell $(PG_CONFIG) --includedir) \
	-DUIDEXT_VERSION='"$(EXTVERSION)"'
all: $(MIGRATE)
$(MIGRATE): $(MIGRATE_OBJS)
	$(CXX) $(LDFLAGS) -o $@ $(MIGRATE_OBJS) -L$(shell $(PG_CONFIG) --libdir) -lpq
$(MIGRATE_OBJS): src/migrate/%.o: src/migrate/%.cpp $(wildcard $(uidext_srcdir)/src/migrate/*.hpp) $(PG_CONFIG_STAMP) | src/migrate
	$(CXX) $(MIGRATE_CXXFLAGS) $(CPPFLAGS) -c -o $@ $<
install: install-migrate
installdirs: installdirs-migrate
uninstall: uninstall-migrate
.PHONY: install-migrate installdirs-migrate uninstall-migrate
installdirs-migrate:
	$(MKDIR_P) '$(DESTDIR)$(bindir)'
install-migrate: $(MIGRATE) installdirs-migrate
	$(INSTALL_PROGRAM) $(MIGRATE) '$(DESTDIR)$(bindir)/$(MIGRATE)'
uninstall-migrate:
	rm -f '$(DESTDIR)$(bindir)/$(MIGRATE)'
EXTRA_CLEAN += $(MIGRATE) $(MIGRATE_OBJS)

# The build directory mirrors the source tree's subdirectories for objects and the script.
uidext_build_dirs = src/core src/pg src/migrate sql
$(OBJS) $(OBJS:.o=.bc) $(FRESH_SCRIPT): | $(uidext_build_dirs)
$(uidext_build_dirs):
	mkdir -p $@

$(FRESH_SCRIPT): sql/uidext--1.0.sql $(UPDATE_SCRIPTS)
	{ echo '-- uidext $(EXTVERSION) fresh install: generated by make from the files named below; do not edit.'; \
	  printf '%s\n' '\echo Use "CREATE EXTENSION uidext" to load this file. \quit'; \
	  for f in $^; do echo; echo "-- ---- $${f#$(uidext_srcdir)/}"; grep -v '^\\echo ' $$f; done; } >$@

# The LLVM bitcode rule (for JIT inlining) does not see PG_CXXFLAGS and clang-14 defaults to
# C++14, where std::string_view does not exist.
BITCODE_CXXFLAGS += $(CXX_LANGUAGE_FLAGS)

.PHONY: unittest
unittest:
	$(MAKE) -C test/unit

# PGXN release archive (uidext-1.3.0.zip) of the committed tree, plus the generated fresh
# install script that META.json names. Refuses uncommitted changes to tracked files, which
# the archive would not contain.
DIST_NAME = uidext-$(EXTVERSION).0
.PHONY: dist
dist: $(FRESH_SCRIPT)
	@git -C $(uidext_srcdir) diff --quiet HEAD -- || { echo "make dist: commit or stash your changes first" >&2; exit 1; }
	git -C $(uidext_srcdir) archive --format=zip --prefix=$(DIST_NAME)/sql/ --add-file=$(FRESH_SCRIPT) \
	  --prefix=$(DIST_NAME)/ -o $(CURDIR)/$(DIST_NAME).zip HEAD
