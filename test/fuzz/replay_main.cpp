// Runs a fuzz target over files and directories without libFuzzer, so the corpus also
// replays with g++ (and under the unit tests' sanitizer build):
//   replay_fuzz_ulid_text test/fuzz/corpus/fuzz_ulid_text ...
// Exits non-zero if a file cannot be read; a failed property aborts.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool run_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        return false;
    }
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t files = 0;
    bool ok = true;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg(argv[i]);
        if (std::filesystem::is_directory(arg)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(arg)) {
                if (!entry.is_regular_file()) continue;
                ok = run_file(entry.path()) && ok;
                ++files;
            }
        } else {
            ok = run_file(arg) && ok;
            ++files;
        }
    }
    std::printf("replayed %zu inputs\n", files);
    return ok ? 0 : 1;
}
