// uidext-migrate: moves a table's key from bigint/int or random uuid to time-ordered keys
// derived from each row's time, with every foreign key into it, while the application writes.
// See doc/migrating-keys.md. Exit status: 0 done, 1 error, 2 refused or misused.
#include <getopt.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "commands.hpp"

using namespace migrate;

namespace {

const char *usage =
    "\n"
    "  uidext-migrate plan    [conn] --table T --into ulid|uuidv7 --time-column C [--from-uuid]\n"
    "  uidext-migrate run     [conn] ID [--batch N] [--max-lag 5s] [--lock-timeout 100ms]\n"
    "  uidext-migrate status  [conn] [ID]\n"
    "  uidext-migrate abort   [conn] ID\n"
    "  uidext-migrate revert  [conn] ID [--lock-timeout 100ms]\n"
    "  uidext-migrate finish  [conn] ID [--drop-legacy]\n"
    "\n"
    "conn: -d DBNAME|CONNINFO  -h HOST  -p PORT  -U USER  (and the PG* environment variables)\n"
    "plan prints the migration's id alone on its first line, then its report.\n"
    "The state lives in extension uidext_migrate (table uidext_migrate.migration): run\n"
    "CREATE EXTENSION uidext_migrate once a database (trusted: CREATE on the database suffices).\n";

// The version is a named array, not spliced into the text: cppcheck reads the Makefile's
// -DUIDEXT_VERSION='"1.5"' without its quotes (a number, then a syntax error).
constexpr char version[] = UIDEXT_VERSION;

void print_usage(FILE *to) {
    std::fprintf(to, "uidext-migrate: live migration of a table's key to time-ordered keys (uidext %s)\n%s",
                 version, usage);
}

// "5s", "500ms", "1min", or a plain number of `unit`s.
double parse_duration(const char *text, double unit_s, const char *option) {
    char *end = nullptr;
    double v = std::strtod(text, &end);
    if (end == text || v < 0) throw UsageError(std::string(option) + ": not a duration: " + text);
    std::string u(end);
    if (u.empty()) return v * unit_s;
    if (u == "ms") return v / 1000;
    if (u == "s") return v;
    if (u == "min") return v * 60;
    throw UsageError(std::string(option) + ": unknown unit in " + text + " (ms, s, min)");
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-?")) {
        print_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "--version")) { std::printf("uidext-migrate (uidext) %s\n", version); return 0; }
    std::string command = argv[1];
    Options o;
    enum { TABLE = 1000, INTO, TIME_COLUMN, FROM_UUID, BATCH, MAX_LAG, LOCK_TIMEOUT, DROP_LEGACY };
    static const option longopts[] = {
        {"dbname", required_argument, nullptr, 'd'},   {"host", required_argument, nullptr, 'h'},
        {"port", required_argument, nullptr, 'p'},     {"username", required_argument, nullptr, 'U'},
        {"table", required_argument, nullptr, TABLE},  {"into", required_argument, nullptr, INTO},
        {"time-column", required_argument, nullptr, TIME_COLUMN}, {"from-uuid", no_argument, nullptr, FROM_UUID},
        {"batch", required_argument, nullptr, BATCH},  {"max-lag", required_argument, nullptr, MAX_LAG},
        {"lock-timeout", required_argument, nullptr, LOCK_TIMEOUT}, {"drop-legacy", no_argument, nullptr, DROP_LEGACY},
        {"help", no_argument, nullptr, '?'},           {nullptr, 0, nullptr, 0}};
    try {
        int c;
        optind = 2;
        while ((c = getopt_long(argc, argv, "d:h:p:U:", longopts, nullptr)) != -1) {
            switch (c) {
            case 'd': o.dbname = optarg; break;
            case 'h': o.host = optarg; break;
            case 'p': o.port = optarg; break;
            case 'U': o.user = optarg; break;
            case TABLE: o.table = optarg; break;
            case INTO: o.into = optarg; break;
            case TIME_COLUMN: o.time_column = optarg; break;
            case FROM_UUID: o.from_uuid = true; break;
            case BATCH: {
                char *end = nullptr;
                o.batch = std::strtol(optarg, &end, 10);
                if (*end || o.batch < 1) throw UsageError(std::string("--batch: not a positive number: ") + optarg);
                break;
            }
            case MAX_LAG: o.max_lag_s = parse_duration(optarg, 1, "--max-lag"); break;
            case LOCK_TIMEOUT: {
                double s = parse_duration(optarg, 0.001, "--lock-timeout");
                o.lock_timeout_ms = static_cast<int>(std::lround(s * 1000));
                if (o.lock_timeout_ms < 1) throw UsageError("--lock-timeout must be at least 1ms");
                break;
            }
            case DROP_LEGACY: o.drop_legacy = true; break;
            case '?': print_usage(stderr); return 2;
            default: return 2;
            }
        }
        std::string id;
        if (optind < argc) id = argv[optind++];
        if (optind < argc) throw UsageError(std::string("unexpected argument: ") + argv[optind]);
        if (!id.empty() && id.find_first_not_of("0123456789") != std::string::npos)
            throw UsageError("not a migration id: " + id);
        if (command == "plan") {
            if (!id.empty()) throw UsageError("plan takes no id");
            return cmd_plan(o);
        }
        if (command == "status") return cmd_status(o, id);
        if (id.empty() && command != "status") throw UsageError(command + " needs the migration's id (plan prints it)");
        if (command == "run") return cmd_run(o, id);
        if (command == "abort") return cmd_abort(o, id);
        if (command == "revert") return cmd_revert(o, id);
        if (command == "finish") return cmd_finish(o, id);
        throw UsageError("unknown command " + command + " (plan, run, status, abort, revert, finish)");
    } catch (const UsageError &e) {
        std::fprintf(stderr, "uidext-migrate: %s\n", e.what());
        return 2;
    } catch (const DbError &e) {
        std::fprintf(stderr, "uidext-migrate: %s%s%s\n", e.what(), e.sqlstate.empty() ? "" : " (SQLSTATE ",
                     e.sqlstate.empty() ? "" : (e.sqlstate + ")").c_str());
        return 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "uidext-migrate: %s\n", e.what());
        return 1;
    }
}
