#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "jit/sha256.h"

using cudapy::jit::Sha256;
using cudapy::jit::sha256;
using cudapy::jit::to_hex;

TEST_CASE("SHA-256 gives the digests of FIPS 180-4's examples") {
    CHECK(to_hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(to_hex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(to_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(to_hex(sha256(std::string(1000000, 'a'))) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 of pieces equals that of the whole, across every block boundary") {
    std::string text;
    for (int i = 0; i < 300; ++i) text += static_cast<char>('a' + i % 26);
    for (std::size_t length : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 119u, 120u, 128u, 300u}) {
        std::string whole = text.substr(0, length);
        auto expected = sha256(whole);
        for (std::size_t split = 0; split <= length; split += 7) {
            Sha256 hash;
            hash.update(whole.substr(0, split)).update(whole.substr(split));
            CHECK(hash.finish() == expected);
        }
    }
}

TEST_CASE("SHA-256 with the processor's SHA instructions equals the portable code") {
    std::string text;
    std::uint32_t state = 12345;
    for (int i = 0; i < 5000; ++i) {
        state = state * 1664525u + 1013904223u;
        text += static_cast<char>(state >> 24);
    }
    for (std::size_t length : {0u, 1u, 63u, 64u, 65u, 127u, 128u, 1000u, 4096u, 5000u}) {
        std::string_view piece(text.data(), length);
        Sha256 portable(false), fast(true);
        CHECK(fast.update(piece).finish() == portable.update(piece).finish());
    }
    CHECK(to_hex(Sha256(true).update(std::string(1000000, 'a')).finish()) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    CHECK(to_hex(Sha256(false).update(std::string(1000000, 'a')).finish()) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
