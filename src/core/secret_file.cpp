// Reading a secret file (secret_file.hpp): open first, then judge the open file (fstat), so the
// file checked is the file read.
#include "secret_file.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace uidext {

secret_file_status secret_file_permission(bool regular, uid_t owner, mode_t mode, uid_t server_user) noexcept {
    if (!regular) return secret_file_status::not_regular;
    if (owner != server_user && owner != 0) return secret_file_status::wrong_owner;
    if ((owner == server_user && (mode & (S_IRWXG | S_IRWXO))) ||
        (owner == 0 && (mode & (S_IWGRP | S_IXGRP | S_IRWXO))))
        return secret_file_status::group_or_world_access;
    return secret_file_status::ok;
}

secret_file_result read_secret_file(const char* path, char* buffer, std::size_t capacity, std::size_t* size) noexcept {
    secret_file_result result;
    *size = 0;
    // O_NONBLOCK: a FIFO named by mistake must not hang the server (it is then refused as not regular).
    const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        result.status = secret_file_status::cannot_open;
        result.saved_errno = errno;
        return result;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        result.status = secret_file_status::cannot_read;
        result.saved_errno = errno;
    } else {
        result.status = secret_file_permission(S_ISREG(st.st_mode), st.st_uid, st.st_mode, geteuid());
    }
    std::size_t used = 0;
    while (result.status == secret_file_status::ok) {
        if (used == capacity) {  // full: one more byte means the file is too large
            char probe;
            const ssize_t extra = read(fd, &probe, 1);
            if (extra > 0) result.status = secret_file_status::too_large;
            else if (extra < 0) result.status = secret_file_status::cannot_read, result.saved_errno = errno;
            wipe_secret(&probe, 1);
            break;
        }
        const ssize_t got = read(fd, buffer + used, capacity - used);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            result.status = secret_file_status::cannot_read;
            result.saved_errno = errno;
        }
        if (got <= 0) break;
        used += static_cast<std::size_t>(got);
    }
    close(fd);
    if (result.status == secret_file_status::ok) *size = used;
    else wipe_secret(buffer, used);
    return result;
}

const char* secret_file_problem(secret_file_status status) noexcept {
    switch (status) {
        case secret_file_status::ok:
            return "no problem";
        case secret_file_status::cannot_open:
            return "it cannot be opened";
        case secret_file_status::not_regular:
            return "it is not a regular file";
        case secret_file_status::wrong_owner:
            return "it must be owned by the database server's operating system user or root";
        case secret_file_status::group_or_world_access:
            return "it has group or world access";
        case secret_file_status::too_large:
            return "it is larger than a key file can be";
        case secret_file_status::cannot_read:
            return "it cannot be read";
    }
    return "unknown problem";
}

void wipe_secret(void* p, std::size_t n) noexcept {
    volatile unsigned char* bytes = static_cast<volatile unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) bytes[i] = 0;
}

}  // namespace uidext
