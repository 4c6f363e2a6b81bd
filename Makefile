# uidext: PGXS build. `make && make install`; PG_CONFIG selects the server (default: on PATH).
EXTENSION = uidext
EXTVERSION = 1.0

MODULE_big = uidext
CORE_SRCS = $(sort $(wildcard src/core/*.cpp))
GLUE_SRCS = $(sort $(wildcard src/pg/*.cpp))
OBJS = $(CORE_SRCS:.cpp=.o) $(GLUE_SRCS:.cpp=.o)

# Install and upgrade scripts; regression inputs in sql/ are named without "--".
DATA = $(wildcard sql/uidext--*.sql)

# pg_regress suites, in run order, from sql/ and expected/.
REGRESS = ulid_io ulid_compare ulid_index ulid_cast generators generators_uuidv7 search_path bad_input
REGRESS_OPTS = --load-extension=uidext

PG_CONFIG ?= pg_config
PG_INCLUDE_SERVER := $(shell $(PG_CONFIG) --includedir-server)

# -isystem makes PostgreSQL's headers system headers: their warnings (and the C++17
# "register" error under clang) stay out of our -Werror build; -Isrc finds core/ and pg/.
PG_CPPFLAGS = -Isrc -isystem $(PG_INCLUDE_SERVER)
PG_CXXFLAGS = -std=c++17 -Wextra -Wno-unused-parameter $(if $(WERROR),-Werror)
# PGXS links the module with gcc, so the C++ runtime must be named.
SHLIB_LINK += -lstdc++

PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Version-dependent suites: BRIN minmax-multi and bloom from 14, soft input errors
# (pg_input_is_valid) from 16.
ifeq ($(shell test $(MAJORVERSION) -ge 14 && echo yes),yes)
REGRESS += ulid_brin_14
endif
ifeq ($(shell test $(MAJORVERSION) -ge 16 && echo yes),yes)
REGRESS += soft_errors
endif

# The LLVM bitcode rule (for JIT inlining) does not see PG_CXXFLAGS and clang-14 defaults to
# C++14, where std::string_view does not exist.
BITCODE_CXXFLAGS += -std=c++17

.PHONY: unittest
unittest:
	$(MAKE) -C test/unit
