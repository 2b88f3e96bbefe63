// Work the library runs on threads of its own (NVRTC's warm-up, compiles started ahead of
// their first use). A fork waits for all of it, so that no child inherits a lock such a thread
// held; a process must wait for it too before it exits, as static objects it uses are then
// destroyed.
#pragma once

#include <functional>

namespace cudapy {

// Runs `work` on a thread of the library's, a waiting one or a new one; what it throws is
// dropped, so it reports through its own results. Returns false, without running it, when no
// thread can be started.
bool run_in_background(std::function<void()> work);

// Starts a thread that waits for work, unless one already does, so that the next
// run_in_background does not pay for starting one.
void start_background_thread();

// Returns once no work started by run_in_background is running, and the threads that waited
// for more have ended.
void wait_for_background();

}  // namespace cudapy
