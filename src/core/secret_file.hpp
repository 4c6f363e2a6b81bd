// Reading a file that holds secrets (opaque id keys), with PostgreSQL's rule for ssl_key_file
// (check_ssl_key_file_permissions): a regular file owned by the server's OS user with mode 0600
// or less, or owned by root with mode 0640 or less. Anything else is refused before a byte is read.
#pragma once

#include <cstddef>  // std::size_t

#include <sys/types.h>  // uid_t, mode_t

namespace uidext {

enum class secret_file_status {
    ok,
    cannot_open,            // see saved_errno (ENOENT: missing)
    not_regular,            // a directory, a device, a socket...
    wrong_owner,            // owned by neither the server's user nor root
    group_or_world_access,  // more than 0600 (server's user) or 0640 (root)
    too_large,              // more than the caller's buffer holds
    cannot_read,            // see saved_errno
};

struct secret_file_result {
    secret_file_status status = secret_file_status::ok;
    int saved_errno = 0;
};

// PostgreSQL's rule on an owner and a mode (the stat of an open file).
[[nodiscard]] secret_file_status secret_file_permission(bool regular, uid_t owner, mode_t mode,
                                                        uid_t server_user) noexcept;

// Opens path (relative paths from the working directory: the data directory in a server),
// checks the open file's owner and mode against the process's effective user, and reads it
// whole into buffer (capacity bytes at most) with *size the bytes read. On any failure *size
// is 0 and the buffer holds nothing of the file.
[[nodiscard]] secret_file_result read_secret_file(const char* path, char* buffer, std::size_t capacity,
                                                  std::size_t* size) noexcept;

// Static text for a status, for messages ("has group or world access", ...).
const char* secret_file_problem(secret_file_status status) noexcept;

// Zeroes memory the compiler may not skip (buffers that held key material).
void wipe_secret(void* p, std::size_t n) noexcept;

}  // namespace uidext

#include "cpp_only.hpp"
