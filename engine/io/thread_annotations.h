// Clang's thread-safety attributes as macros: a member says which mutex guards it, a function
// which mutex it needs held (or must not hold), and -Wthread-safety checks every access at
// compile time. The macros are empty for other compilers. See
// https://clang.llvm.org/docs/ThreadSafetyAnalysis.html.
#pragma once

#if defined(__clang__)
#define GLOSSFISH_THREAD_ATTRIBUTE(x) __attribute__((x))
#else
#define GLOSSFISH_THREAD_ATTRIBUTE(x)
#endif

// A type whose objects are locks (a mutex).
#define GLOSSFISH_CAPABILITY(name) GLOSSFISH_THREAD_ATTRIBUTE(capability(name))
// A RAII type that holds a lock from its constructor to its destructor.
#define GLOSSFISH_SCOPED_CAPABILITY GLOSSFISH_THREAD_ATTRIBUTE(scoped_lockable)
// The member is read and written only with the mutex held.
#define GLOSSFISH_GUARDED_BY(mu) GLOSSFISH_THREAD_ATTRIBUTE(guarded_by(mu))
// The pointer member's target is read and written only with the mutex held.
#define GLOSSFISH_PT_GUARDED_BY(mu) GLOSSFISH_THREAD_ATTRIBUTE(pt_guarded_by(mu))
// The caller holds the mutexes.
#define GLOSSFISH_REQUIRES(...) GLOSSFISH_THREAD_ATTRIBUTE(requires_capability(__VA_ARGS__))
// The caller does not hold the mutexes (the function takes them).
#define GLOSSFISH_EXCLUDES(...) GLOSSFISH_THREAD_ATTRIBUTE(locks_excluded(__VA_ARGS__))
// The function takes the mutexes (this object itself when none is named) and keeps them.
#define GLOSSFISH_ACQUIRE(...) GLOSSFISH_THREAD_ATTRIBUTE(acquire_capability(__VA_ARGS__))
// The function lets go of mutexes the caller held (this object itself when none is named).
#define GLOSSFISH_RELEASE(...) GLOSSFISH_THREAD_ATTRIBUTE(release_capability(__VA_ARGS__))
// The function returns a reference to the named mutex.
#define GLOSSFISH_RETURN_CAPABILITY(mu) GLOSSFISH_THREAD_ATTRIBUTE(lock_returned(mu))
// The analysis skips this function; each use says why in a comment.
#define GLOSSFISH_NO_THREAD_SAFETY_ANALYSIS GLOSSFISH_THREAD_ATTRIBUTE(no_thread_safety_analysis)
