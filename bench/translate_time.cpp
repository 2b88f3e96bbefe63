// Translation time per kernel for a corpus of kernel files (the golden corpus by default),
// split into the pipeline's stages; the median of many runs each. Needs no GPU.
//
//   translate_time [folder]
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pipeline/translate.h"

namespace {

constexpr int runs = 51;

// A 50-line kernel of the kind users write: loops, branches, helpers and arithmetic.
const char *fifty_line_kernel = R"(# stencil : void (float* A, float* B, float* W, int n, int m, float alpha)
def stencil(A, B, W, n, m, alpha):
    i = idx
    j = idy
    if i >= n or j >= m:
        return
    total = 0.0
    weight = 0.0
    for di in range(-2, 3):
        for dj in range(-2, 3):
            r = i + di
            c = j + dj
            if r < 0 or r >= n or c < 0 or c >= m:
                continue
            w = W[(di + 2) * 5 + (dj + 2)]
            total += w * A[r * m + c]
            weight += w
    if weight > 0.0:
        total = total / weight
    else:
        total = A[i * m + j]
    k = 0
    acc = 0.0
    while k < 8 and acc < 100.0:
        acc += clamp(total * k, 0.0, 50.0)
        k += 1
    smooth = alpha * total + (1.0 - alpha) * acc
    if smooth > 1e6:
        smooth = 1e6
    elif smooth < -1e6:
        smooth = -1e6
    bucket = int(smooth) // 16 % 8
    B[i * m + j] = smooth + bucket * 0.5 + math.sqrt(abs(smooth))

# clamp : float (float x, float low, float high)
def clamp(x, low, high):
    if x < low:
        return low
    if x > high:
        return high
    return x

# unused_but_typed : float (float x, int n)
def unused_but_typed(x, n):
    y = x
    for q in range(n):
        y = y * 0.5 + float(q)
    return y
)";

struct Timing {
    std::string name;
    int lines = 0;
    std::map<std::string, double> stage_ms;
    double total_ms = 0;
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

std::optional<Timing> time_translation(const std::string &name, const std::string &text) {
    std::map<std::string, std::vector<double>> samples;
    std::vector<double> totals;
    for (int run = 0; run < runs; ++run) {
        auto translation = cudapy::pipeline::translate({{text, name, 1, 0}}, {});
        if (!translation.ok) return std::nullopt;
        double total = 0;
        for (const auto &stage : translation.stage_times) {
            samples[stage.stage].push_back(stage.milliseconds);
            total += stage.milliseconds;
        }
        totals.push_back(total);
    }
    Timing timing{name, static_cast<int>(std::count(text.begin(), text.end(), '\n')), {}, median(totals)};
    for (const auto &[stage, values] : samples) timing.stage_ms[stage] = median(values);
    return timing;
}

void print(const Timing &t) {
    auto ms = [&](const char *stage) {
        auto found = t.stage_ms.find(stage);
        return found == t.stage_ms.end() ? 0.0 : found->second;
    };
    double passes = ms("mark array writes") + ms("mark non-negative division");
    std::printf("%-44s %5d %8.1f %8.1f %8.1f %8.1f %8.1f %9.1f\n", t.name.c_str(), t.lines,
                ms("parse") * 1e3, ms("lower") * 1e3, ms("check types") * 1e3, passes * 1e3,
                ms("emit") * 1e3, t.total_ms * 1e3);
}

}  // namespace

int main(int argc, char **argv) {
    std::filesystem::path folder = argc > 1 ? argv[1] : "tests/golden";
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(folder))
        for (const auto &entry : std::filesystem::recursive_directory_iterator(folder))
            if (entry.path().extension() == ".py" && entry.path().filename() != "test_golden.py")
                files.push_back(entry.path());
    std::sort(files.begin(), files.end());

    std::printf("translation time, median of %d runs, in microseconds\n", runs);
    std::printf("%-44s %5s %8s %8s %8s %8s %8s %9s\n", "kernel file", "lines", "parse", "lower",
                "check", "passes", "emit", "total");
    std::vector<double> totals;
    for (const auto &file : files) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        auto name = std::filesystem::relative(file, folder).string();
        if (auto timing = time_translation(name, text.str())) {
            print(*timing);
            totals.push_back(timing->total_ms);
        }
    }
    auto fifty = time_translation("(a 50-line kernel with two helpers)", fifty_line_kernel);
    if (!fifty) {
        std::printf("the 50-line kernel failed to translate\n");
        return 1;
    }
    print(*fifty);
    if (!totals.empty())
        std::printf("\n%zu kernel files: median %.1f us, slowest %.1f us\n", totals.size(),
                    median(totals) * 1e3, *std::max_element(totals.begin(), totals.end()) * 1e3);
    std::printf("50-line kernel: %.1f us (target: under 1000 us)\n", fifty->total_ms * 1e3);
    return 0;
}
