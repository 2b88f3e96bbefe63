#include "types/signature.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "ast/source.h"

namespace cudapy::types {

namespace {

// numba's short names, which its signature strings use: "void(f4[::1], i8)".
constexpr std::pair<std::string_view, std::string_view> numba_aliases[] = {
    {"b1", "bool"},     {"boolean", "bool"},   {"i1", "int8"},     {"i2", "int16"},
    {"i4", "int32"},    {"i8", "int64"},       {"intp", "int64"},  {"u1", "uint8"},
    {"u2", "uint16"},   {"u4", "uint32"},      {"u8", "uint64"},   {"uintp", "uint64"},
    {"f2", "float16"},  {"f4", "float32"},     {"f8", "float64"},  {"c8", "complex64"},
    {"c16", "complex128"}, {"none", "void"},
};

std::optional<ast::Scalar> scalar_named(std::string_view name) {
    for (const auto &[alias, canonical] : numba_aliases)
        if (alias == name) return ast::scalar_from_name(canonical);
    return ast::scalar_from_name(name);
}

class SignatureParser {
public:
    SignatureParser(std::string_view text, SignatureError &error) : text_(text), error_(error) {}

    std::optional<Signature> parse() {
        Signature signature;
        skip_spaces();
        // numba's kernel signatures may give the parameters alone: "(float32[:], int32)".
        if (peek() == '(') return parameters(signature, ast::Type::of(ast::Scalar::Void));
        std::size_t start = pos_;
        std::string first = word();
        if (first.empty()) return fail(start, "expected a return type");
        skip_spaces();
        if (peek() == ':') {
            ++pos_;
            signature.function_name = first;
            skip_spaces();
            start = pos_;
            first = word();
            if (first.empty()) return fail(start, "expected a return type after ':'");
        }
        auto return_type = finish_type(first, start);
        if (!return_type) return std::nullopt;
        if (return_type->is_array()) return fail(start, "a function cannot return an array");
        skip_spaces();
        if (peek() != '(') return fail(pos_, "expected '(' before the parameter types");
        return parameters(signature, *return_type);
    }

private:
    // The parameter list from its '(' on, and the end of the text.
    std::optional<Signature> parameters(Signature &signature, ast::Type return_type) {
        signature.return_type = return_type;
        ++pos_;
        skip_spaces();
        if (peek() == ')') {
            ++pos_;
        } else {
            while (true) {
                skip_spaces();
                std::size_t type_start = pos_;
                std::string type_word = word();
                if (type_word.empty()) return fail(type_start, "expected a parameter type");
                auto type = finish_type(type_word, type_start);
                if (!type) return std::nullopt;
                if (type->is_void()) return fail(type_start, "a parameter cannot be void");
                SignatureParam param{*type, {}};
                skip_spaces();
                param.name = word();
                signature.params.push_back(param);
                skip_spaces();
                if (peek() == ',') {
                    ++pos_;
                    continue;
                }
                if (peek() == ')') {
                    ++pos_;
                    break;
                }
                return fail(pos_, "expected ',' or ')' in the parameter list");
            }
        }
        skip_spaces();
        if (pos_ != text_.size()) return fail(pos_, "unexpected text after the parameter list");
        return signature;
    }

    std::optional<ast::Type> finish_type(const std::string &name, std::size_t start) {
        auto scalar = scalar_named(name);
        if (!scalar) return fail(start, "unknown type '" + name + "'");
        int depth = 0;
        while (true) {
            skip_spaces();
            if (peek() != '*') break;
            ++pos_;
            ++depth;
        }
        if (depth > 2) return fail(start, "arrays of more than two levels (T***) are not supported");
        if (depth > 0 && *scalar == ast::Scalar::Void) return fail(start, "void* is not a type");
        if (depth > 0) return ast::Type::array_of(*scalar, static_cast<std::uint8_t>(depth));
        if (peek() == '[') return dimensions(*scalar, start);
        return ast::Type::of(*scalar);
    }

    // NumPy's and numba's `T[:, :]`: one `:` a dimension; `::1` on the last marks C order, on
    // the first Fortran order, none a strided array.
    std::optional<ast::Type> dimensions(ast::Scalar scalar, std::size_t start) {
        if (scalar == ast::Scalar::Void) return fail(start, "an array of void is not a type");
        ++pos_;
        std::vector<bool> contiguous;
        while (true) {
            skip_spaces();
            std::size_t dimension_start = pos_;
            if (peek() != ':') return fail(dimension_start, "expected ':' or '::1' for each dimension");
            ++pos_;
            skip_spaces();
            bool unit = false;
            if (peek() == ':') {
                ++pos_;
                skip_spaces();
                if (peek() != '1') return fail(pos_, "only '::1' marks a contiguous dimension");
                ++pos_;
                unit = true;
            }
            contiguous.push_back(unit);
            skip_spaces();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == ']') {
                ++pos_;
                break;
            }
            return fail(pos_, "expected ',' or ']' in the array's dimensions");
        }
        std::size_t ndim = contiguous.size();
        if (ndim > max_dimensions)
            return fail(start, "arrays of more than " + std::to_string(max_dimensions) +
                                   " dimensions are not supported");
        int marks = static_cast<int>(std::count(contiguous.begin(), contiguous.end(), true));
        ast::Layout layout = ast::Layout::Any;
        if (marks == 1 && contiguous.back())
            layout = ast::Layout::C;
        else if (marks == 1 && contiguous.front())
            layout = ast::Layout::F;
        else if (marks > 0)
            return fail(start, "'::1' goes on the last dimension (C order) or the first (Fortran "
                               "order), once");
        return ast::Type::nd_array(scalar, static_cast<std::uint8_t>(ndim), layout);
    }

    static constexpr std::size_t max_dimensions = 8;

    std::nullopt_t fail(std::size_t offset, std::string message) {
        error_ = {offset, std::move(message)};
        return std::nullopt;
    }

    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

    void skip_spaces() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }

    // A name or type word; bytes of non-ASCII letters count, and names are read in NFKC form
    // as Python reads them.
    std::string word() {
        std::size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                                       static_cast<unsigned char>(text_[pos_]) >= 0x80))
            ++pos_;
        return ast::normalize_identifier(text_.substr(start, pos_ - start));
    }

    std::string_view text_;
    SignatureError &error_;
    std::size_t pos_ = 0;
};

}  // namespace

std::optional<Signature> parse_signature(std::string_view text, SignatureError &error) {
    return SignatureParser(text, error).parse();
}

namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

// The items of a list between brackets, split at its top-level commas, with their offsets.
std::vector<std::pair<std::size_t, std::string_view>> top_level_items(std::string_view text, std::size_t offset) {
    std::vector<std::pair<std::size_t, std::string_view>> items;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        char c = i < text.size() ? text[i] : ',';
        if (c == '(' || c == '[') ++depth;
        if (c == ')' || c == ']') --depth;
        if (c == ',' && depth == 0) {
            items.emplace_back(offset + start, text.substr(start, i - start));
            start = i + 1;
        }
    }
    if (items.size() == 1 && trimmed(items[0].second).empty()) items.clear();
    return items;
}

}  // namespace

namespace {

bool is_digits(std::string_view text, std::size_t most) {
    return !text.empty() && text.size() <= most &&
           std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A record field's name: a Python identifier, as the kernel writes it after `r.`.
bool is_field_name(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front()))) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    });
}

// The items of `Tuple(...)` or `UniTuple(T, n)` as parameter types.
bool tuple_items(std::string_view param, std::size_t offset, bool uni, std::vector<std::string> &types,
                 SignatureError &error) {
    std::size_t inner_start = param.find('(') + 1;
    if (param.back() != ')') {
        error = {offset, "expected ')' to close the tuple type " + std::string(param)};
        return false;
    }
    auto items = top_level_items(param.substr(inner_start, param.size() - inner_start - 1), offset);
    std::vector<std::string_view> item_types;
    if (uni) {
        // UniTuple(T, n): n items of type T.
        std::string_view digits = items.size() == 2 ? trimmed(items[1].second) : std::string_view();
        std::size_t count = is_digits(digits, 4) ? std::stoul(std::string(digits)) : 0;
        if (count == 0) {
            error = {offset, "UniTuple takes an item type and a count of 1 to 9999, as in UniTuple(int64, 3); "
                             "got " + std::string(param)};
            return false;
        }
        item_types.assign(count, trimmed(items[0].second));
    } else {
        for (auto [_, type] : items) item_types.push_back(trimmed(type));
        if (item_types.empty()) {
            error = {offset, "an empty tuple passes nothing: give the parameter at least one item"};
            return false;
        }
    }
    for (std::string_view type : item_types) {
        auto scalar = scalar_named(type);
        if (!scalar || *scalar == ast::Scalar::Void) {
            error = {offset, "a tuple parameter holds numbers (int64, float32, ...); '" + std::string(type) +
                                 "' in " + std::string(param) + " is not one"};
            return false;
        }
        types.emplace_back(type);
    }
    return true;
}

// `Record(x: float32, v: float32(3))`, then `[:]`, `[:, :]`, ... for an array of records: the
// record's description, and a strided array type per field.
bool record_fields(std::string_view param, std::size_t offset, ast::RecordParameter &record,
                   std::vector<std::string> &types, SignatureError &error) {
    auto fail = [&](std::string message) {
        error = {offset, std::move(message) + " in " + std::string(param)};
        return false;
    };
    std::size_t open = param.find('(');
    std::size_t close = std::string_view::npos;
    int depth = 0;
    for (std::size_t i = open; i < param.size() && close == std::string_view::npos; ++i) {
        if (param[i] == '(') ++depth;
        if (param[i] == ')' && --depth == 0) close = i;
    }
    if (close == std::string_view::npos) return fail("expected ')' to close the record type");
    std::string_view dimensions = trimmed(param.substr(close + 1));
    record.single = dimensions.empty();
    record.ndim = 1;
    if (!record.single) {
        if (dimensions.front() != '[' || dimensions.back() != ']')
            return fail("expected the record array's dimensions, as in Record(...)[:, :], after the record");
        auto marks = top_level_items(dimensions.substr(1, dimensions.size() - 2), offset);
        for (auto [_, mark] : marks) {
            std::string spaced(trimmed(mark));
            std::erase_if(spaced, [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
            if (spaced != ":" && spaced != "::1") return fail("expected ':' for each dimension of the record array");
        }
        if (marks.empty() || marks.size() > 8) return fail("a record array has 1 to 8 dimensions");
        record.ndim = static_cast<std::uint8_t>(marks.size());
    }
    auto items = top_level_items(param.substr(open + 1, close - open - 1), offset);
    if (items.empty()) return fail("a record has at least one field");
    for (auto [_, item] : items) {
        std::string_view field = trimmed(item);
        std::size_t colon = field.find(':');
        if (colon == std::string_view::npos) return fail("expected 'name: type' for each field");
        ast::RecordField described;
        described.name = ast::normalize_identifier(trimmed(field.substr(0, colon)));
        if (!is_field_name(described.name))
            return fail("the field name '" + described.name + "' is not an identifier");
        for (const auto &other : record.fields)
            if (other.name == described.name) return fail("the field '" + described.name + "' is named twice");
        std::string_view type = trimmed(field.substr(colon + 1));
        std::size_t extents_open = type.find('(');
        std::string_view scalar_name = trimmed(type.substr(0, extents_open));
        if (extents_open != std::string_view::npos) {
            if (type.back() != ')') return fail("expected ')' after the extents of the field '" + described.name + "'");
            auto extents = top_level_items(type.substr(extents_open + 1, type.size() - extents_open - 2), offset);
            for (auto [_, extent] : extents) {
                if (!is_digits(trimmed(extent), 9))
                    return fail("the extents of the field '" + described.name + "' are integers");
                described.extents.push_back(std::stoll(std::string(trimmed(extent))));
            }
            if (extents.empty()) return fail("the field '" + described.name + "' has no extents");
            described.own_ndim = static_cast<std::uint8_t>(std::min<std::size_t>(extents.size(), 255));
        }
        auto scalar = scalar_named(scalar_name);
        if (!scalar || *scalar == ast::Scalar::Void)
            return fail("the field '" + described.name + "' holds '" + std::string(scalar_name) +
                        "', which is not a number type (int64, float32, ...)");
        described.scalar = *scalar;
        bool complex = *scalar == ast::Scalar::Complex64 || *scalar == ast::Scalar::Complex128;
        std::size_t ndim = record.ndim + described.own_ndim + (complex ? 1 : 0);
        if (ndim > 8) return fail("the field '" + described.name + "' has more than 8 dimensions with the record's");
        std::string array = complex ? ast::type_name(ast::Type::of(ast::component_of(*scalar))) : std::string(scalar_name);
        array += "[:";
        for (std::size_t d = 1; d < ndim; ++d) array += ", :";
        types.push_back(array + "]");
        record.fields.push_back(std::move(described));
    }
    return true;
}

}  // namespace

std::optional<FlattenedSignature> flatten_parameters(std::string_view text, SignatureError &error) {
    std::size_t open = text.find('(');
    if (open == std::string_view::npos) return std::nullopt;
    int depth = 0;
    std::size_t close = std::string_view::npos;
    for (std::size_t i = open; i < text.size() && close == std::string_view::npos; ++i) {
        if (text[i] == '(') ++depth;
        if (text[i] == ')' && --depth == 0) close = i;
    }
    if (close == std::string_view::npos) return std::nullopt;  // the parser reports it
    FlattenedSignature flattened;
    std::vector<std::string> params;
    bool any = false;
    for (auto [offset, item] : top_level_items(text.substr(open + 1, close - open - 1), open + 1)) {
        std::string_view param = trimmed(item);
        bool uni = param.rfind("UniTuple(", 0) == 0;
        bool record = param.rfind("Record(", 0) == 0;
        ast::SplitParameter split;
        if (param.rfind("NamedTuple(", 0) == 0) {
            // numba's namedtuple: `NamedTuple(x: float64, y: int64)`, a tuple whose items have names
            ast::RecordParameter fields;
            std::vector<std::string> types;
            if (!record_fields(param, offset, fields, types, error)) return std::nullopt;
            for (const auto &item : fields.fields) {
                if (item.own_ndim != 0) {
                    error = {offset, "a named tuple holds numbers; '" + item.name + "' in " + std::string(param) +
                                         " is an array"};
                    return std::nullopt;
                }
                params.push_back(ast::type_name(ast::Type::of(item.scalar)));
                split.item_names.push_back(item.name);
            }
            split.tuple_items = fields.fields.size();
        } else if (uni || param.rfind("Tuple(", 0) == 0) {
            std::size_t before = params.size();
            if (!tuple_items(param, offset, uni, params, error)) return std::nullopt;
            split.tuple_items = params.size() - before;
        } else if (record) {
            split.record.emplace();
            if (!record_fields(param, offset, *split.record, params, error)) return std::nullopt;
        } else {
            params.emplace_back(param);
        }
        any = any || split.split();
        flattened.split.push_back(std::move(split));
    }
    if (!any) return std::nullopt;
    flattened.text = std::string(text.substr(0, open + 1));
    for (std::size_t i = 0; i < params.size(); ++i) flattened.text += (i ? ", " : "") + params[i];
    flattened.text += std::string(text.substr(close));
    return flattened;
}

}  // namespace cudapy::types
