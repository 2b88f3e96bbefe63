#include "common/background.h"

#include <pthread.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

namespace cudapy {

namespace {

// Threads that run the work and then wait for more: starting a thread costs the caller tens of
// microseconds, handing work to a waiting one a few. wait_for_background ends them.
struct Background {
    std::mutex mutex;
    std::condition_variable work_came;
    std::condition_variable all_done;
    std::deque<std::function<void()>> queue;
    std::vector<pthread_t> threads;
    int running = 0;    // work queued or being run
    int available = 0;  // threads not running work
    bool ending = false;  // the threads are to end once the queue is empty
};

void lock_for_fork();
void unlock_after_fork();
void reset_in_child();

// Never destroyed: a fork handler, an exit or a waiting thread may still use it.
Background &background() {
    static Background *state = [] {
        auto *made = new Background;
        pthread_atfork(lock_for_fork, unlock_after_fork, reset_in_child);
        return made;
    }();
    return *state;
}

void *serve(void *argument) {
    Background &state = *static_cast<Background *>(argument);
    std::unique_lock<std::mutex> lock(state.mutex);
    for (;;) {
        state.work_came.wait(lock, [&] { return !state.queue.empty() || state.ending; });
        if (state.queue.empty()) break;
        auto work = std::move(state.queue.front());
        state.queue.pop_front();
        --state.available;
        lock.unlock();
        try {
            work();
        } catch (...) {  // the work reports through its own results
        }
        work = nullptr;  // what it holds goes before it counts as done
        lock.lock();
        ++state.available;
        if (--state.running == 0) state.all_done.notify_all();
    }
    --state.available;
    return nullptr;
}

// Starts a thread that waits for work; the caller holds the lock. False when none can start.
bool start_thread(Background &state) {
    pthread_t thread;
    if (pthread_create(&thread, nullptr, serve, &state) != 0) return false;
    try {
        state.threads.push_back(thread);
    } catch (...) {  // no memory to keep it: it ends with the process
        pthread_detach(thread);
    }
    ++state.available;
    return true;
}

// A fork waits for the work, then holds the lock, so that no thread holds it in the child.
void lock_for_fork() {
    Background &state = background();
    std::unique_lock<std::mutex> lock(state.mutex);
    state.all_done.wait(lock, [&] { return state.running == 0; });
    lock.release();
}

void unlock_after_fork() { background().mutex.unlock(); }

// The child has none of the parent's threads.
void reset_in_child() {
    Background &state = background();
    state.threads.clear();
    state.available = 0;
    state.mutex.unlock();
}

}  // namespace

bool run_in_background(std::function<void()> work) {
    Background &state = background();
    std::lock_guard<std::mutex> lock(state.mutex);
    state.queue.push_back(std::move(work));
    ++state.running;
    if (state.available >= static_cast<int>(state.queue.size()) || start_thread(state)) {
        state.work_came.notify_one();
        return true;
    }
    state.queue.pop_back();
    if (--state.running == 0) state.all_done.notify_all();
    return false;
}

void start_background_thread() {
    Background &state = background();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.available <= static_cast<int>(state.queue.size())) start_thread(state);
}

void wait_for_background() {
    Background &state = background();
    std::vector<pthread_t> threads;
    {
        std::unique_lock<std::mutex> lock(state.mutex);
        state.all_done.wait(lock, [&] { return state.running == 0; });
        state.ending = true;
        threads.swap(state.threads);
        state.work_came.notify_all();
    }
    for (pthread_t thread : threads) pthread_join(thread, nullptr);
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.threads.empty()) state.ending = false;
}

}  // namespace cudapy
