// Translations kept in the disk cache beside compiled code: a process that translates the same
// sources again reads the CUDA C++, the kernels' interfaces and the assert sites instead of
// parsing, checking and emitting (in a fresh process that is a third of a kernel's first call
// from a warm cache). Only translations that succeeded without a diagnostic are kept. An entry
// is named by the sources (text, file, first line, column offset), the signatures, the
// constant arrays, the linkage and the library file that translated them, so a rebuilt
// library never reads what an older one wrote.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jit/sha256.h"
#include "pipeline/translate.h"

namespace cudapy::driver {

jit::Digest translation_key(const std::vector<ast::SourceUnit> &units,
                       const std::map<std::string, std::string> &signatures,
                       const std::vector<ast::ConstantArray> &constants, const ast::Linkage &linkage,
                       ast::Typing typing = ast::Typing::CudaPy,
                       const std::map<std::string, std::vector<std::string>> &overloads = {});

// The kept translation `key`, or none (there is none, the disk cache is off, or the entry is
// damaged: then it is deleted).
std::optional<pipeline::Translation> load_translation(const jit::Digest &key);
// Keeps a successful translation without diagnostics; others, and failures to write, are let be.
void store_translation(const jit::Digest &key, const pipeline::Translation &translation);

// The bytes an entry holds, exposed for tests; decode gives none for anything but whole,
// well-formed bytes.
std::string encode_translation(const pipeline::Translation &translation);
std::optional<pipeline::Translation> decode_translation(const std::string &bytes);

}  // namespace cudapy::driver
