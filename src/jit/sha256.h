// SHA-256 (FIPS 180-4): the disk cache's key and its check of every entry's content. Written
// here so that the library needs no crypto dependency.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cudapy::jit {

using Digest = std::array<std::uint8_t, 32>;

class Sha256 {
public:
    // With `processor_instructions`, the x86-64 SHA extensions hash where the processor has
    // them, several times faster than portable code: a first compile from the disk cache hashes
    // each entry it reads.
    explicit Sha256(bool processor_instructions = true);
    Sha256 &update(std::string_view bytes);
    // The digest of everything given; the object must not be updated afterwards.
    Digest finish();

private:
    void compress(const std::uint8_t *blocks, std::size_t count);

    bool accelerated_;
    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> pending_{};
    std::size_t pending_size_ = 0;
    std::uint64_t total_bytes_ = 0;
};

Digest sha256(std::string_view bytes);
// 64 lowercase hex digits.
std::string to_hex(const Digest &digest);

}  // namespace cudapy::jit
