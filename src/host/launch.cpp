#include "host/launch.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/error.h"

namespace cudapy::host {

namespace {

// Worker threads kept for the life of the process; a job is split into chunks the workers and
// the launching thread take in turn.
class Pool {
public:
    static Pool &get() {
        static Pool pool;
        return pool;
    }

    void run(std::size_t chunks, const std::function<void(std::size_t)> &chunk) {
        std::lock_guard<std::mutex> one_job(job_mutex_);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            chunk_ = &chunk;
            chunks_ = chunks;
            next_.store(0);
            busy_ = workers_.size();
            ++generation_;
        }
        wake_.notify_all();
        take_chunks();
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return busy_ == 0; });
        chunk_ = nullptr;
    }

private:
    Pool() {
        unsigned count = std::max(1u, std::thread::hardware_concurrency()) - 1;
        for (unsigned i = 0; i < count; ++i) workers_.emplace_back([this] { work(); });
    }

    ~Pool() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        for (auto &worker : workers_) worker.join();
    }

    void take_chunks() {
        for (std::size_t i = next_.fetch_add(1); i < chunks_; i = next_.fetch_add(1)) (*chunk_)(i);
    }

    void work() {
        std::size_t seen = 0;
        while (true) {
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
                if (stopping_) return;
                seen = generation_;
            }
            take_chunks();
            std::lock_guard<std::mutex> lock(mutex_);
            if (--busy_ == 0) done_.notify_one();
        }
    }

    std::mutex job_mutex_;  // one launch at a time uses the workers
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::vector<std::thread> workers_;
    const std::function<void(std::size_t)> *chunk_ = nullptr;
    std::size_t chunks_ = 0;
    std::atomic<std::size_t> next_{0};
    std::size_t busy_ = 0;
    std::size_t generation_ = 0;
    bool stopping_ = false;
};

}  // namespace

void launch(Entry entry, void *const *args, LaunchShape shape) {
    unsigned long long blocks = 1ull * shape.grid.x * shape.grid.y * shape.grid.z;
    // Several chunks per worker balance blocks that take unequal time.
    std::size_t chunks = std::min<unsigned long long>(blocks, 4ull * std::max(1u, std::thread::hardware_concurrency()));
    std::mutex failure_mutex;
    std::string failure;
    Pool::get().run(chunks, [&](std::size_t chunk) {
        unsigned long long first = blocks * chunk / chunks, last = blocks * (chunk + 1) / chunks;
        char error[512] = {};
        if (entry(args, &shape, first, last, error, sizeof error) != 0) {
            std::lock_guard<std::mutex> lock(failure_mutex);
            if (failure.empty()) failure = error;
        }
    });
    if (!failure.empty()) throw Error(Status::LaunchFailed, "the kernel failed on the CPU: " + failure);
}

}  // namespace cudapy::host
