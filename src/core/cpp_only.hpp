// Included last by every header under src/core: the core is plain C++ and must
// compile without PostgreSQL, so it can be unit-tested, fuzzed and benchmarked alone.
#if defined(POSTGRES_H)
#error "src/core must not see PostgreSQL headers"
#endif
