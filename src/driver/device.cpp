#include "driver/device.h"

#include "driver/backend.h"
#include "host/memory.h"
#include "runtime/memory.h"  // declarations only, as device.h's

namespace cudapy::driver {

#if CUDAPY_HAVE_CUDA

int device_count() { return runtime::device_count(); }

DeviceInfo device_info(int ordinal) { return runtime::device_info(ordinal); }
int device_attribute(int ordinal, int attribute) { return runtime::device_attribute(ordinal, attribute); }
int driver_version() { return runtime::driver_version(); }
void select_device(int ordinal) {
    runtime::require_ordinal(ordinal);
    runtime::set_current_device(ordinal);
}

void synchronize() {
    if (runtime::device_count() > 0) runtime::synchronize();
}

int target_current_device(Target target) {
    if (target == Target::Cpu) return host::current_simulated_device();
    runtime::require_ordinal(0);
    return runtime::current_device();
}

bool enable_peer_access(int device, int peer) {
    runtime::require_ordinal(device);
    runtime::require_ordinal(peer);
    return runtime::enable_peer_access(device, peer);
}

struct Stream::State {
    runtime::Stream stream;
};
Stream::Stream() : state_(std::make_unique<State>()) {}
std::uintptr_t Stream::handle() const { return state_->stream.handle(); }

void synchronize_stream(std::uintptr_t stream) { runtime::synchronize_stream(stream); }
bool stream_done(std::uintptr_t stream) { return runtime::stream_done(stream); }
void stream_wait_stream(std::uintptr_t consumer, std::uintptr_t producer) {
    runtime::stream_wait_stream(consumer, producer);
}

struct Event::State {
    explicit State(bool timing) : event(timing) {}
    runtime::Event event;
};
Event::Event(bool timing) : state_(std::make_unique<State>(timing)) {}
void Event::record(std::uintptr_t stream) { state_->event.record(stream); }
void Event::synchronize() const { state_->event.synchronize(); }
bool Event::query() const { return state_->event.query(); }
float Event::elapsed_ms(const Event &start, const Event &end) {
    return runtime::Event::elapsed_ms(start.state_->event, end.state_->event);
}
void Event::wait_on(std::uintptr_t stream) const { runtime::stream_wait_event(stream, state_->event); }

void *host_alloc(std::size_t bytes) { return runtime::host_alloc(bytes); }
void host_free(void *pointer) {
    if (pointer) runtime::host_free(pointer);
}
void *managed_alloc(std::size_t bytes) { return runtime::managed_alloc(bytes); }
void managed_free(void *pointer) {
    if (pointer) runtime::managed_free(pointer);
}

MemoryInfo memory_info() { return runtime::memory_info(); }

void share_device_memory() {
    if (runtime::device_count() > 0) runtime::share_memory();
}

#else

// Without CUDA no stream or event can exist: their members are never reached.
int device_count() { return 0; }
DeviceInfo device_info(int) { no_cuda(); }
int device_attribute(int, int) { no_cuda(); }
int driver_version() { return 0; }
void select_device(int) { no_cuda(); }
void synchronize() {}
int target_current_device(Target target) {
    if (target == Target::Cpu) return host::current_simulated_device();
    no_cuda();
}
bool enable_peer_access(int, int) { no_cuda(); }
struct Stream::State {};
Stream::Stream() { no_cuda(); }
std::uintptr_t Stream::handle() const { no_cuda(); }
void synchronize_stream(std::uintptr_t) { no_cuda(); }
bool stream_done(std::uintptr_t) { no_cuda(); }
void stream_wait_stream(std::uintptr_t, std::uintptr_t) { no_cuda(); }
struct Event::State {};
Event::Event(bool) { no_cuda(); }
void Event::record(std::uintptr_t) { no_cuda(); }
void Event::synchronize() const { no_cuda(); }
bool Event::query() const { no_cuda(); }
float Event::elapsed_ms(const Event &, const Event &) { no_cuda(); }
void Event::wait_on(std::uintptr_t) const { no_cuda(); }
void *host_alloc(std::size_t) { no_cuda(); }
void host_free(void *) {}
void *managed_alloc(std::size_t) { no_cuda(); }
void managed_free(void *) {}
MemoryInfo memory_info() { no_cuda(); }

void share_device_memory() {}

#endif

int target_device_count(Target target) {
    return target == Target::Cpu ? host::simulated_device_count() : device_count();
}

void target_select_device(Target target, int ordinal) {
    if (target == Target::Cpu)
        host::select_simulated_device(ordinal);
    else
        select_device(ordinal);
}

void set_simulated_device_count(int count) { host::set_simulated_device_count(count); }

Stream::~Stream() = default;
Event::~Event() = default;

}  // namespace cudapy::driver
