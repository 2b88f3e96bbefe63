// CudaPy signatures: `void (float alpha, float* X, float* Y)`, optionally preceded by
// `name :` as in a signature comment.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/type.h"

namespace cudapy::types {

struct SignatureParam {
    ast::Type type;
    std::string name;  // empty when the signature gives only the type
};

struct Signature {
    std::string function_name;  // empty without the `name :` prefix
    ast::Type return_type;
    std::vector<SignatureParam> params;
};

struct SignatureError {
    std::size_t offset;  // in the signature text
    std::string message;
};

// Parses a signature; on failure returns the error and where in the text it is.
std::optional<Signature> parse_signature(std::string_view text, SignatureError &error);

}  // namespace cudapy::types
