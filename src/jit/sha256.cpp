#include "jit/sha256.h"

#include <bit>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace cudapy::jit {

namespace {

constexpr std::array<std::uint32_t, 64> round_constants{
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

std::uint32_t big_endian_word(const std::uint8_t *bytes) {
    return std::uint32_t{bytes[0]} << 24 | std::uint32_t{bytes[1]} << 16 | std::uint32_t{bytes[2]} << 8 |
           std::uint32_t{bytes[3]};
}

void compress_portable(std::array<std::uint32_t, 8> &state, const std::uint8_t *block) {
    std::array<std::uint32_t, 64> w;
    for (int i = 0; i < 16; ++i) w[i] = big_endian_word(block + 4 * i);
    for (int i = 16; i < 64; ++i) {
        std::uint32_t s0 = std::rotr(w[i - 15], 7) ^ std::rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        std::uint32_t s1 = std::rotr(w[i - 2], 17) ^ std::rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, b, c, d, e, f, g, h] = state;
    for (int i = 0; i < 64; ++i) {
        std::uint32_t t1 = h + (std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                           round_constants[i] + w[i];
        std::uint32_t t2 = (std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    std::array<std::uint32_t, 8> rounds{a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; ++i) state[i] += rounds[i];
}

#if defined(__x86_64__)
bool processor_has_sha() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
    bool ssse3_and_sse41 = (ecx & bit_SSSE3) && (ecx & bit_SSE4_1);
    if (!ssse3_and_sse41 || !__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
    return (ebx & bit_SHA) != 0;
}

// Asked as the library loads: CPUID traps to the hypervisor in a virtual machine (microseconds
// each), which a first compile from the disk cache would otherwise wait for.
const bool processor_sha = processor_has_sha();

// The rounds with SHA256RNDS2, two at a time on the state split as ABEF and CDGH, and the
// message schedule with SHA256MSG1/MSG2, four words at a time.
__attribute__((target("sha,sse4.1,ssse3"))) void compress_sha(std::array<std::uint32_t, 8> &state,
                                                              const std::uint8_t *blocks, std::size_t count) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(&state[0])), 0xB1);
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(&state[4])), 0x1B);
    __m128i abef = _mm_alignr_epi8(dcba, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, dcba, 0xF0);
    for (; count > 0; --count, blocks += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i words[4];  // W[4g .. 4g+3] of the last four groups, by g % 4
        for (int group = 0; group < 16; ++group) {
            __m128i &slot = words[group % 4];
            if (group < 4) {
                slot = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(blocks + 16 * group)),
                                        byte_swap);
            } else {
                const __m128i &previous = words[(group + 3) % 4], &before_previous = words[(group + 2) % 4];
                __m128i next = _mm_sha256msg1_epu32(slot, words[(group + 1) % 4]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(previous, before_previous, 4));
                slot = _mm_sha256msg2_epu32(next, previous);
            }
            __m128i scheduled = _mm_add_epi32(
                slot, _mm_loadu_si128(reinterpret_cast<const __m128i *>(&round_constants[4 * group])));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, scheduled);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(scheduled, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(&state[0]), _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(&state[4]), _mm_alignr_epi8(dchg, feba, 8));
}
#endif

}  // namespace

Sha256::Sha256(bool processor_instructions)
    : state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19} {
#if defined(__x86_64__)
    accelerated_ = processor_instructions && processor_sha;
#else
    accelerated_ = false;
#endif
}

void Sha256::compress(const std::uint8_t *blocks, std::size_t count) {
#if defined(__x86_64__)
    if (accelerated_) return compress_sha(state_, blocks, count);
#endif
    for (; count > 0; --count, blocks += 64) compress_portable(state_, blocks);
}

Sha256 &Sha256::update(std::string_view bytes) {
    if (bytes.empty()) return *this;  // its data may be NULL, which memcpy may not be given
    const auto *data = reinterpret_cast<const std::uint8_t *>(bytes.data());
    std::size_t size = bytes.size();
    total_bytes_ += size;
    if (pending_size_ > 0) {
        std::size_t taken = std::min(size, pending_.size() - pending_size_);
        std::memcpy(pending_.data() + pending_size_, data, taken);
        pending_size_ += taken;
        data += taken;
        size -= taken;
        if (pending_size_ < pending_.size()) return *this;
        compress(pending_.data(), 1);
        pending_size_ = 0;
    }
    compress(data, size / 64);
    data += size / 64 * 64;
    size %= 64;
    std::memcpy(pending_.data(), data, size);
    pending_size_ = size;
    return *this;
}

Digest Sha256::finish() {
    std::uint64_t bit_count = total_bytes_ * 8;
    // A one bit, zeros up to 56 bytes into a block, then the message length in bits.
    static constexpr std::array<char, 64> padding{'\x80'};
    update({padding.data(), 1 + (119 - pending_size_) % 64});
    std::array<char, 8> length;
    for (int i = 0; i < 8; ++i) length[i] = static_cast<char>(bit_count >> (56 - 8 * i));
    update({length.data(), length.size()});
    Digest digest;
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j) digest[4 * i + j] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * j));
    return digest;
}

Digest sha256(std::string_view bytes) { return Sha256().update(bytes).finish(); }

std::string to_hex(const Digest &digest) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    for (std::uint8_t byte : digest) {
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text;
}

}  // namespace cudapy::jit
