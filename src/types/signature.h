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

// numba's tuple parameters, `Tuple(int64, float64)` and `UniTuple(int64, 3)`, and record
// parameters, `Record(x: float32, v: float32(3))[:]` (a field that is an array gives its
// extents), as the parameters they pass (see ast::SplitParameter). `text` is the signature with
// each such parameter written as its parts; `split` describes each parameter as written.
struct FlattenedSignature {
    std::string text;
    std::vector<ast::SplitParameter> split;
};

// The signature with its tuple and record parameters flattened; none when it has none. A tuple
// of anything but numbers, or a record field of anything but a number or an array of them, is
// an error.
std::optional<FlattenedSignature> flatten_parameters(std::string_view text, SignatureError &error);

}  // namespace cudapy::types
