#include "host/launch.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <new>
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

// Guard pages below the fibers' stacks, while they last: each guard splits a mapping in two, and
// a process has only about 65,000 mappings.
std::atomic<std::size_t> guard_pages_left{8192};

// What a thread that runs blocks keeps from one launch to the next.
class WorkerMemory {
public:
    WorkerMemory() = default;
    WorkerMemory(const WorkerMemory &) = delete;
    WorkerMemory &operator=(const WorkerMemory &) = delete;
    ~WorkerMemory() {
        release_stacks();
        ::operator delete(shared_, std::align_val_t{16});
    }

    // At least `bytes` of dynamic shared memory, 16-byte aligned; throws std::bad_alloc.
    unsigned char *shared(std::size_t bytes) {
        bytes = std::max<std::size_t>(bytes, 16);
        if (bytes > shared_bytes_) {
            ::operator delete(shared_, std::align_val_t{16});
            shared_ = nullptr;  // and empty, should the allocation throw
            shared_bytes_ = 0;
            shared_ = static_cast<unsigned char *>(::operator new(bytes, std::align_val_t{16}));
            shared_bytes_ = bytes;
        }
        return shared_;
    }

    // Stacks for `count` fibers, reused while no block needs more; the pages a fiber never
    // touches cost nothing.
    FiberStackArea stacks(std::size_t count) noexcept {
        if (count <= stack_count_) return area_;
        release_stacks();
        auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        std::size_t stride = cpu_fiber_stack_bytes + page;
        void *base = mmap(nullptr, count * stride, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
        if (base == MAP_FAILED) return {nullptr, 0, 0};
        // Transparent huge pages would back the few bytes each stack touches with 2 MiB.
        madvise(base, count * stride, MADV_NOHUGEPAGE);
        area_ = {static_cast<unsigned char *>(base), stride, cpu_fiber_stack_bytes};
        stack_count_ = count;
        std::size_t left = guard_pages_left.load();
        while (left >= count && !guard_pages_left.compare_exchange_weak(left, left - count)) {
        }
        if (left >= count) {
            guards_ = count;
            for (std::size_t i = 0; i < count; ++i) mprotect(area_.base + i * stride, page, PROT_NONE);
        }
        return area_;
    }

private:
    void release_stacks() {
        if (!area_.base) return;
        munmap(area_.base, stack_count_ * area_.stride);
        guard_pages_left += guards_;
        area_ = {nullptr, 0, 0};
        stack_count_ = guards_ = 0;
    }

    unsigned char *shared_ = nullptr;
    std::size_t shared_bytes_ = 0;
    FiberStackArea area_{nullptr, 0, 0};
    std::size_t stack_count_ = 0;
    std::size_t guards_ = 0;
};

thread_local WorkerMemory worker_memory;

FiberStackArea worker_fiber_stacks(std::uint64_t count) noexcept { return worker_memory.stacks(count); }

}  // namespace

void launch(Entry entry, void *const *args, LaunchShape shape, std::size_t dynamic_shared_bytes) {
    unsigned long long blocks = 1ull * shape.grid.x * shape.grid.y * shape.grid.z;
    // Several chunks per worker balance blocks that take unequal time.
    std::size_t chunks = std::min<unsigned long long>(blocks, 4ull * std::max(1u, std::thread::hardware_concurrency()));
    alignas(std::atomic_ref<int>::required_alignment) int stop = 0;
    std::mutex failure_mutex;
    std::string failure;
    int failure_status = 0;
    Pool::get().run(chunks, [&](std::size_t chunk) {
        unsigned long long first = blocks * chunk / chunks, last = blocks * (chunk + 1) / chunks;
        char error[2048] = {};
        int status;
        try {
            EntryShape worker{shape.grid, shape.block, worker_memory.shared(dynamic_shared_bytes),
                              dynamic_shared_bytes, worker_fiber_stacks, &stop};
            status = entry(args, &worker, first, last, error, sizeof error);
        } catch (const std::bad_alloc &) {
            std::snprintf(error, sizeof error, "out of memory for %zu bytes of dynamic shared memory",
                          dynamic_shared_bytes);
            status = 1;
        }
        if (status == 0) return;
        std::atomic_ref<int>(stop).store(1, std::memory_order_relaxed);
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (failure_status == 0) {
            failure_status = status;
            failure = error;
        }
    });
    if (failure_status == 2) throw Error(Status::Assertion, failure);
    if (failure_status != 0) throw Error(Status::LaunchFailed, "the kernel failed on the CPU: " + failure);
}

}  // namespace cudapy::host
