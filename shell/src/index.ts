// The dashboard's Content-Security-Policy allows no eval. zod builds each object schema with a
// `new Function` fast path after probing whether eval is allowed, and that probe alone is reported
// as a CSP violation. Its jitless mode never probes; zod reads its settings from this global
// (shared by every app's copy of zod), which must be set before any schema is created, so here,
// before anything else loads, without loading zod itself.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

// The async boundary lets the federation runtime set up the shared scope before React loads.
import('./bootstrap');
