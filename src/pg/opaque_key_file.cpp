// Where opaque ids' keys come from: the file named by uidext.opaque_key_file (src/core/secret_file
// reads it, src/core/opaque_keys parses it). It is read only with shared_preload_libraries: in
// the postmaster when the library loads and on every reload, and in every process on every
// reload. Without the preload the functions refuse (opaque_ring_or_error), and nothing is read.
//
// Where the keys are in a process's memory, and only there (never in a setting's value or
// "extra", which PostgreSQL frees without wiping, never on the heap, never in a message):
// - good_file: the text of the last file that could be used. The postmaster keeps it, and every
//   process forked from it inherits it: a backend started after a bad edit still gets the
//   previous keys. A process keeps it only until it knows its database.
// - active_ring: the keys of this process's database, parsed from that text when the database is
//   known (a backend when it connects; a parallel worker at its first opaque-id call);
//   the rest of the text, other databases' sections included, is then wiped.
// - read_buffer and scratch_ring: each read, wiped as soon as it is judged.
// - the CPU's vector registers, where glibc's memchr/memmove leave the text and AES-NI the round
//   keys: zeroed after each read and bind, and at the end of a transaction that used the keys,
//   before anything saves them to the stack (a signal, the dynamic loader's lazy binding:
//   core/vector_registers.hpp); then the stack below is zeroed.
// A reload that changes the keys overwrites the previous ones in place, so keys retired by a
// reload leave every process that processes the reload (a session does when it next runs a
// statement), and a process forked afterwards never had them.
//
// 1.3's uidext.opaque_keys is still defined so that a value left in postgresql.conf or typed in
// a session is never kept: its check hook blanks any value (nothing for a reload to log as
// "changed to", nothing for SHOW to show) and warns; stored values (ALTER ROLE/DATABASE ... SET,
// a function's SET clause) are refused, as in 1.3.
#include "core/opaque_keys.hpp"
#include "core/secret_file.hpp"
#include "core/vector_registers.hpp"

#include "glue.hpp"

namespace uidext::pg {
namespace {

char* key_file_setting = nullptr;     // uidext.opaque_key_file
char* legacy_keys_setting = nullptr;  // uidext.opaque_keys: always "" once the library is loaded
bool library_preloaded = false;

constexpr std::size_t key_file_capacity = 65536;  // about 800 keys with their section lines
constexpr std::size_t problem_capacity = 640;

// See the file's comment. Static, not on the heap: nothing of them can be left in freed memory.
char good_file[key_file_capacity];
std::size_t good_file_size = 0;
bool have_good_file = false;  // a usable file was read since the setting named one
char read_buffer[key_file_capacity];
opaque_key_ring scratch_ring;

bool database_bound = false;
char database_name[NAMEDATALEN];
opaque_key_ring active_ring;  // this database's keys, once database_bound
opaque_key_source active_source = opaque_key_source::server_wide;

bool key_file_configured = false;
char load_problem[problem_capacity];  // why no keys were ever loaded, when a file is configured
bool legacy_keys_present = false;     // uidext.opaque_keys had a value (this process's last assignment)
bool keys_used_in_transaction = false;  // an opaque-id function ran: round keys may be in registers

// A setting's string values come from guc_malloc on 16+ (GUC's memory context), malloc before.
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

// Zeroes the stack below the caller's frame, where the parser and AES key expansion ran and may
// have spilled key bytes (the buffers they own are wiped by them).
pg_noinline void wipe_stack_below() {
    volatile unsigned char area[96 * 1024];
    for (std::size_t i = 0; i < sizeof area; ++i) area[i] = 0;
}

// After the key text or keys were handled: the registers first (so that a signal arriving while
// the stack is wiped saves zeros), then the stack below the caller.
pg_noinline void wipe_traces() {
    wipe_vector_registers();
    wipe_stack_below();
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
    char where[160] = "";
    if (problem.section[0] && problem.id[0])
        snprintf(where, sizeof where, " (section [%s], id \"%s\")", problem.section, problem.id);
    else if (problem.section[0])
        snprintf(where, sizeof where, " (section [%s])", problem.section);
    else if (problem.id[0])
        snprintf(where, sizeof where, " (id \"%s\")", problem.id);
    if (problem.entry == 0)
        snprintf(out, problem_capacity, "key file \"%s\": %s", path, problem.reason);
    else
        snprintf(out, problem_capacity, "key file \"%s\", line %zu%s: %s", path, problem.entry, where, problem.reason);
}

void forget_keys() {
    wipe_secret(good_file, sizeof good_file);
    good_file_size = 0;
    wipe_secret(&active_ring, sizeof active_ring);
    have_good_file = false;
    aes_forget_keys();
    wipe_vector_registers();
}

// Keeps only this database's keys: parses the inherited text for it, then wipes the text.
void bind_database(const char* name) {
    strlcpy(database_name, name, sizeof database_name);
    database_bound = true;
    if (!have_good_file) return;  // nothing held (good_file is empty): nothing to wipe
    opaque_keys_problem problem;
    if (!parse_opaque_key_file(std::string_view(good_file, good_file_size), database_name, &active_ring,
                               &active_source, &problem)) {
        // (It was checked when it was read; the same text parses the same way.)
        have_good_file = false;
        describe_parse_problem(key_file_setting ? key_file_setting : "", problem, load_problem);
    }
    wipe_secret(good_file, good_file_size);
    good_file_size = 0;
    aes_forget_keys();
    wipe_traces();
}

// A backend knows its database from the transaction in which it connects (InitPostgres commits
// one), before it runs any statement: bind then. (Not at authentication: reading the Port needs
// libpq-be.h, whose GSSAPI headers a build may lack.) One test per transaction afterwards.
void bind_at_first_commit(XactEvent event, void*) {
    if (database_bound || event != XACT_EVENT_PRE_COMMIT || !OidIsValid(MyDatabaseId)) return;
    const char* name = get_database_name(MyDatabaseId);
    if (name) bind_database(name);
}

// The round keys of the last opaque-id call stay in the vector registers until overwritten: an
// idle session would hand them to the first signal (a reload's SIGHUP among them), whose frame
// stays on the stack after the key is retired. Zeroed when the transaction ends, committed or not.
void clear_registers_at_end(XactEvent event, void*) {
    if (!keys_used_in_transaction) return;
    switch (event) {
        case XACT_EVENT_COMMIT:
        case XACT_EVENT_PARALLEL_COMMIT:
        case XACT_EVENT_ABORT:
        case XACT_EVENT_PARALLEL_ABORT:
        case XACT_EVENT_PREPARE:
            wipe_vector_registers();
            keys_used_in_transaction = false;
            break;
        default:
            break;
    }
}

// Reads and checks the file into read_buffer (*size bytes) and, for a process that knows its
// database, its keys into scratch_ring. False with *problem_text saying why it cannot be used.
bool read_key_file(const char* path, std::size_t* size, opaque_key_source* source, char* problem_text) {
    const secret_file_result read = read_secret_file(path, read_buffer, sizeof read_buffer, size);
    if (read.status != secret_file_status::ok) {
        describe_file_problem(path, read, problem_text);
        return false;
    }
    opaque_keys_problem problem;
    if (!parse_opaque_key_file(std::string_view(read_buffer, *size), database_bound ? database_name : "", &scratch_ring,
                               source, &problem)) {
        describe_parse_problem(path, problem, problem_text);
        return false;
    }
    return true;
}

// With the preload, the postmaster reports once for the whole server; without it, each backend
// that has loaded the library reports for itself (1.3's setting).
bool reports_here() { return !library_preloaded || !IsUnderPostmaster; }

// Runs in every process on every reload (and in the postmaster when the library loads): always
// re-reads the file, even when its name is unchanged. No check hook: a refused value would make
// PostgreSQL keep the old path without a word from here, and a bad file must keep the keys.
void assign_key_file(const char* newval, void* extra) {
    if (!library_preloaded) return;  // the functions refuse; no key enters this process
    const char* path = newval ? newval : "";
    if (path[0] == '\0') {
        forget_keys();
        key_file_configured = false;
        load_problem[0] = '\0';
        return;
    }
    key_file_configured = true;
    std::size_t size = 0;
    opaque_key_source source = opaque_key_source::server_wide;
    char problem_text[problem_capacity];
    const bool usable = read_key_file(path, &size, &source, problem_text);
    if (usable) {
        if (database_bound) {
            std::memcpy(&active_ring, &scratch_ring, sizeof active_ring);  // overwrites the previous keys
            active_source = source;
        } else {
            wipe_secret(good_file, good_file_size);
            std::memcpy(good_file, read_buffer, size);
            good_file_size = size;
        }
        have_good_file = true;
        load_problem[0] = '\0';
    }
    wipe_secret(read_buffer, size);
    wipe_secret(&scratch_ring, sizeof scratch_ring);
    aes_forget_keys();
    wipe_traces();  // before the warnings below, whose calls may save the registers
    if (usable) return;
    if (have_good_file) {
        if (reports_here())
            ereport(WARNING, (errmsg("uidext kept its previous opaque id keys: %s", problem_text),
                              errhint("Fix the file and reload the configuration.")));
        return;
    }
    std::memcpy(load_problem, problem_text, sizeof load_problem);
    if (reports_here())
        ereport(WARNING, (errmsg("uidext has no opaque id keys: %s", problem_text),
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
    if (!library_preloaded)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() needs uidext loaded via \"shared_preload_libraries\"", function),
                        errdetail("The keys of opaque ids are read by the server when it starts and on every reload, "
                                  "so that every session has the same keys and a bad edit of the key file keeps the "
                                  "previous ones; a library loaded by one session cannot keep those promises."),
                        errhint("Add uidext to \"shared_preload_libraries\" in postgresql.conf and restart the "
                                "server.")));
    if (!database_bound) {  // a process that has not committed a transaction yet (a parallel worker)
        const char* name = get_database_name(MyDatabaseId);
        bind_database(name ? name : "");
    }
    if (have_good_file && active_ring.count > 0) {
        keys_used_in_transaction = true;
        return active_ring;
    }
    if (key_file_configured && !have_good_file)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() has no key: the key file could not be used", function),
                        errdetail("%s.", load_problem),
                        errhint("Fix the file and reload the configuration.")));
    if (key_file_configured && active_source == opaque_key_source::own_section)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() has no key in database \"%s\": its section of the key file lists none", function,
                               database_name),
                        errhint("Add keys under [%s] in the key file and reload the configuration (without the "
                                "section, the database uses the server-wide keys).",
                                database_name)));
    if (key_file_configured)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s() has no key in database \"%s\": the key file has no section [%s] and no "
                               "server-wide keys",
                               function, database_name, database_name),
                        errhint("Add a section [%s] with this database's keys, or server-wide keys before the first "
                                "section, and reload the configuration.",
                                database_name)));
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
    if (preloaded) {
        RegisterXactCallback(bind_at_first_commit, nullptr);
        RegisterXactCallback(clear_registers_at_end, nullptr);
    }
    DefineCustomStringVariable("uidext.opaque_key_file",
                               "File of the keys of opaque_encode(), opaque_decode() and opaque_candidates().",
                               "One id:key per line, the first key encodes; [dbname] starts a database's own keys. "
                               "Readable only by the server's operating system user; a relative path is relative to "
                               "the data directory. Read at start and on every reload, with shared_preload_libraries "
                               "only.",
                               &key_file_setting, "", PGC_SIGHUP, GUC_NOT_IN_SAMPLE, nullptr, assign_key_file, nullptr);
    DefineCustomStringVariable("uidext.opaque_keys", "No longer read (uidext 1.3's keys): see uidext.opaque_key_file.",
                               "Any value is discarded with a warning; keys come from the file named by "
                               "uidext.opaque_key_file.",
                               &legacy_keys_setting, "", PGC_USERSET, GUC_NOT_IN_SAMPLE, check_legacy_keys,
                               assign_legacy_keys, nullptr);
}

}  // namespace uidext::pg
