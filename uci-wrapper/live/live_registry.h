// Where a person finds the live pages: one small JSON file per glossfish process with its page
// on, live-PID.json, in a directory only the user can use: $XDG_RUNTIME_DIR/glossfish, else
// /tmp/glossfish-UID (made with mode 0700; refused when it is a symlink, another user's, or
// open to others). `glossfish live` lists the files of running processes and removes the
// files of dead ones.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace glossfish::live {

struct LiveEntry {
    int pid = 0;
    std::string url;
    long long started = 0;  // seconds since the epoch
};

// The runtime directory (created when create is set), or the error text in `error`.
std::optional<std::string> runtime_dir(bool create, std::string& error);

// Writes this process's file (atomically, mode 0600). Returns the error text on failure.
std::optional<std::string> publish(const LiveEntry& entry);
// Removes this process's file (no error when it is gone).
void unpublish(int pid);

// The entries of running processes, oldest first; files of dead processes and unreadable
// files are removed.
std::vector<LiveEntry> running_entries();

}  // namespace glossfish::live
