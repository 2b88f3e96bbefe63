// Positions in the user's source and the errors attached to them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <string>
#include <vector>

namespace cudapy::ast {

// A range in one source unit. Lines are lines of the user's file (the unit's first line
// already applied); columns are 1-based character columns (the removed indentation applied);
// the end is exclusive.
struct Span {
    int unit = 0;
    int line = 0, column = 0;
    int end_line = 0, end_column = 0;
    bool operator==(const Span &) const = default;
};

// The numbering matches cudapy_diagnostic_kind in the public header.
enum class DiagnosticKind { Syntax, Unsupported, Name, Type, Cuda, Internal };

struct Diagnostic {
    DiagnosticKind kind;
    Span span;
    std::string message;
};

// Collects diagnostics up to a limit, so that one bad kernel reports its independent errors
// together without flooding the user.
class Diagnostics {
public:
    static constexpr std::size_t limit = 20;

    // A diagnostic already reported (the same words at the same place, as a construct the
    // translation checks twice may give) is not repeated.
    void report(DiagnosticKind kind, const Span &span, std::string message) {
        for (const auto &reported : list_)
            if (reported.kind == kind && reported.span == span && reported.message == message) return;
        if (list_.size() < limit) list_.push_back({kind, span, std::move(message)});
        ++count_;
    }
    // Reports `other`'s diagnostics here, counting those past its limit too.
    void merge(const Diagnostics &other) {
        for (const auto &diagnostic : other.list_) report(diagnostic.kind, diagnostic.span, diagnostic.message);
        count_ += other.count_ - other.list_.size();
    }
    bool any() const { return count_ > 0; }
    std::size_t count() const { return count_; }
    const std::vector<Diagnostic> &list() const { return list_; }
    // The diagnostics in source order, with a last one saying how many more there were past
    // the limit.
    std::vector<Diagnostic> take() {
        std::stable_sort(list_.begin(), list_.end(), [](const Diagnostic &a, const Diagnostic &b) {
            return std::tie(a.span.unit, a.span.line, a.span.column) <
                   std::tie(b.span.unit, b.span.line, b.span.column);
        });
        if (count_ > list_.size() && !list_.empty()) {
            Diagnostic more = list_.back();
            more.message = "... and " + std::to_string(count_ - list_.size()) +
                           " more errors not shown";
            list_.push_back(more);
        }
        return std::move(list_);
    }

private:
    std::vector<Diagnostic> list_;
    std::size_t count_ = 0;
};

}  // namespace cudapy::ast
