// Where opaque ids' keys come from: the file named by uidext.opaque_key_file, read when the
// library loads and on every reload, in every process that has the library (src/core/secret_file
// and src/core/opaque_keys do the reading and parsing). No key passes through a setting's value,
// SQL text or a message:
// - the setting holds a path; the file must be readable by the server's OS user only, as
//   PostgreSQL requires of ssl_key_file;
// - a file that cannot be used on reload keeps the previous keys, with a WARNING that names the
//   file and the problem (never a key's digits);
// - 1.3's uidext.opaque_keys is still defined so that a value left in postgresql.conf or typed in
//   a session is never kept: its check hook blanks any value (nothing for a reload to log as
//   "changed to", nothing for SHOW to show) and warns; stored values (ALTER ROLE/DATABASE ...
//   SET, a function's SET clause) are refused, as in 1.3.
#include "core/opaque_keys.hpp"
#include "core/secret_file.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

char* key_file_setting = nullptr;     // uidext.opaque_key_file
char* legacy_keys_setting = nullptr;  // uidext.opaque_keys: always "" once the library is loaded
bool library_preloaded = false;

constexpr std::size_t key_file_capacity = 16384;  // 8 keys of 64 digits with generous comments
constexpr std::size_t problem_capacity = 512;

// What the check hook found: the keys, or why the named file cannot be used.
struct key_file_extra {
    bool configured;  // the setting names a file
    bool usable;
    opaque_key_ring ring;
    char problem[problem_capacity];  // when configured and not usable; names the file, no key material
};

// The keys in use: a copy, because PostgreSQL frees an extra once another replaces it.
opaque_key_ring active_ring;
bool keys_loaded = false;
bool key_file_configured = false;
char load_problem[problem_capacity];  // why no keys are loaded, when a file is configured
bool legacy_keys_present = false;     // uidext.opaque_keys had a value (this process's last assignment)

// A setting's "extra" and string values come from guc_malloc on 16+ (GUC's memory context), malloc before.
void* allocate_guc(std::size_t size) {
#if PG_VERSION_NUM >= 160000
    return guc_malloc(LOG, size);
#else
    return malloc(size);
#endif
}

void free_guc(void* p) {
#if PG_VERSION_NUM >= 160000
    guc_free(p);
#else
    free(p);
#endif
}

bool stored_in_a_catalog(GucSource source) {
    return source == PGC_S_TEST || source == PGC_S_GLOBAL || source == PGC_S_DATABASE || source == PGC_S_USER ||
           source == PGC_S_DATABASE_USER;
}

void describe_file_problem(const char* path, secret_file_result result, char* out) {
    switch (result.status) {
        case secret_file_status::cannot_open:
        case secret_file_status::cannot_read:
            snprintf(out, problem_capacity, "key file \"%s\": %s: %s", path, secret_file_problem(result.status),
                     strerror(result.saved_errno));
            break;
        case secret_file_status::wrong_owner:
        case secret_file_status::group_or_world_access:
            snprintf(out, problem_capacity,
                     "key file \"%s\" is refused: %s; it must be owned by the database server's operating system "
                     "user with permissions u=rw (0600) or less, or by root with permissions u=rw,g=r (0640) or "
                     "less (the rule PostgreSQL applies to ssl_key_file)",
                     path, secret_file_problem(result.status));
            break;
        default:
            snprintf(out, problem_capacity, "key file \"%s\": %s", path, secret_file_problem(result.status));
            break;
    }
}

void describe_parse_problem(const char* path, const opaque_keys_problem& problem, char* out) {
    if (problem.entry == 0)
        snprintf(out, problem_capacity, "key file \"%s\": %s", path, problem.reason);
    else if (problem.id[0])
        snprintf(out, problem_capacity, "key file \"%s\", line %zu (id \"%s\"): %s", path, problem.entry, problem.id,
                 problem.reason);
    else
        snprintf(out, problem_capacity, "key file \"%s\", line %zu: %s", path, problem.entry, problem.reason);
}

// Reads and parses the file. Always accepts the setting (a bad file is reported by the assign
// hook, which keeps the previous keys): a refused value would make PostgreSQL keep the old path
// without a word from here on a reload, and at library load fall back to no file at all.
bool check_key_file(char** newval, void** extra, GucSource source) {
    auto* found = static_cast<key_file_extra*>(allocate_guc(sizeof(key_file_extra)));
    if (!found) {
        GUC_check_errmsg("out of memory");
        return false;
    }
    std::memset(found, 0, sizeof *found);
    const char* path = *newval ? *newval : "";
    if (path[0] != '\0') {
        found->configured = true;
        char content[key_file_capacity];
        std::size_t size = 0;
        const secret_file_result read = read_secret_file(path, content, sizeof content, &size);
        if (read.status != secret_file_status::ok) {
            describe_file_problem(path, read, found->problem);
        } else {
            opaque_keys_problem problem;
            found->usable = parse_opaque_key_file(std::string_view(content, size), &found->ring, &problem);
            if (!found->usable) describe_parse_problem(path, problem, found->problem);
        }
        wipe_secret(content, sizeof content);
    }
    *extra = found;
    return true;
}

// With the preload, the postmaster reports once for the whole server; without it, each backend
// that has loaded the library reports for itself.
bool reports_here() { return !library_preloaded || !IsUnderPostmaster; }

void assign_key_file(const char* newval, void* extra) {
    const auto* found = static_cast<const key_file_extra*>(extra);
    if (!found || !found->configured) {
        wipe_secret(&active_ring, sizeof active_ring);
        keys_loaded = key_file_configured = false;
        load_problem[0] = '\0';
        return;
    }
    key_file_configured = true;
    if (found->usable) {
        std::memcpy(&active_ring, &found->ring, sizeof active_ring);
        keys_loaded = true;
        load_problem[0] = '\0';
        return;
    }
    if (keys_loaded) {
        if (reports_here())
            ereport(WARNING, (errmsg("uidext kept its previous opaque id keys: %s", found->problem),
                              errhint("Fix the file and reload the configuration.")));
        return;
    }
    std::memcpy(load_problem, found->problem, sizeof load_problem);
    if (reports_here())
        ereport(WARNING, (errmsg("uidext has no opaque id keys: %s", found->problem),
                          errdetail("opaque_encode(), opaque_decode() and opaque_candidates() raise an error until "
                                    "the file can be used."),
                          errhint("Fix the file and reload the configuration.")));
}

// 1.3's setting. Never keeps a value: see the file's comment.
bool check_legacy_keys(char** newval, void** extra, GucSource source) {
    if (!*newval || !**newval) return true;
    if (stored_in_a_catalog(source)) {
        GUC_check_errmsg("uidext.opaque_keys is no longer read: opaque id keys come from the file named by "
                         "uidext.opaque_key_file");
        GUC_check_errdetail("ALTER DATABASE, ALTER ROLE and a function's SET clause would store keys in "
                            "pg_db_role_setting or pg_proc, which every role can read.");
        return false;
    }
    char* blank = static_cast<char*>(allocate_guc(1));
    bool* present = static_cast<bool*>(allocate_guc(sizeof(bool)));
    if (!blank || !present) {
        if (blank) free_guc(blank);
        if (present) free_guc(present);
        GUC_check_errmsg("out of memory");
        return false;
    }
    blank[0] = '\0';
    *present = true;
    free_guc(*newval);  // the value goes no further: not stored, not shown, not logged
    *newval = blank;
    *extra = present;
    if (source != PGC_S_FILE || reports_here())
        ereport(WARNING,
                (errmsg("uidext.opaque_keys is no longer read: its value was discarded"),
                 errdetail("Since uidext 1.4, opaque id keys come from the file named by uidext.opaque_key_file, "
                           "which only the server's operating system user can read."),
                 errhint("Move the keys to that file, one id:key per line, remove uidext.opaque_keys from the "
                         "configuration and reload (doc/opaque-ids.md, \"Moving from 1.3\").")));
    return true;
}

void assign_legacy_keys(const char* newval, void* extra) {
    legacy_keys_present = extra && *static_cast<const bool*>(extra);
}

}  // namespace

const opaque_key_ring& opaque_ring_or_error(const char* function) {
    if (keys_loaded) return active_ring;
    if (key_file_configured)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() has no key: the key file could not be used", function),
                        errdetail("%s.", load_problem),
                        errhint("Fix the file and reload the configuration.")));
    if (legacy_keys_present)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() has no key: uidext.opaque_keys is no longer read", function),
                        errdetail("Since uidext 1.4, opaque id keys come from the file named by "
                                  "uidext.opaque_key_file; uidext.opaque_keys is set in this server's configuration "
                                  "and its value was discarded."),
                        errhint("Move the keys to a file only the server's operating system user can read, one "
                                "id:key per line, set uidext.opaque_key_file to its path, remove uidext.opaque_keys "
                                "and reload.")));
    ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                    errmsg("%s() has no key: uidext.opaque_key_file is not set", function),
                    errhint("A superuser writes the keys to a file only the server's operating system user can read "
                            "(one id:key per line, the key 32 or 64 hex digits), sets uidext.opaque_key_file to its "
                            "path in postgresql.conf and reloads.")));
    pg_unreachable();
}

void define_opaque_keys(bool preloaded) {
    library_preloaded = preloaded;
    DefineCustomStringVariable("uidext.opaque_key_file",
                               "File of the keys of opaque_encode(), opaque_decode() and opaque_candidates().",
                               "One id:key per line, the first key encodes. Readable only by the server's operating "
                               "system user; a relative path is relative to the data directory. Read when the "
                               "library loads and on every reload.",
                               &key_file_setting, "", PGC_SIGHUP, GUC_NOT_IN_SAMPLE, check_key_file, assign_key_file,
                               nullptr);
    DefineCustomStringVariable("uidext.opaque_keys", "No longer read (uidext 1.3's keys): see uidext.opaque_key_file.",
                               "Any value is discarded with a warning; keys come from the file named by "
                               "uidext.opaque_key_file.",
                               &legacy_keys_setting, "", PGC_USERSET, GUC_NOT_IN_SAMPLE, check_legacy_keys,
                               assign_legacy_keys, nullptr);
}

}  // namespace uidext::pg
