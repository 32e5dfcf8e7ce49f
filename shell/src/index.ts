// The boot guard's global (window.dashBootFailed), typed; the guard itself is inline in index.html.
import type {} from './boot-failure';
import { nextTask } from './next-task';

// The dashboard's Content-Security-Policy allows no eval. zod builds each object schema with a
// `new Function` fast path after probing whether eval is allowed, and that probe alone is reported
// as a CSP violation. Its jitless mode never probes; zod reads its settings from this global
// (shared by every app's copy of zod), which must be set before any schema is created, so here,
// before anything else loads, without loading zod itself.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

/**
 * The async boundary lets the federation runtime set up the shared scope before React loads. The
 * largest shared modules are then evaluated one per task, before the bootstrap that needs them: a
 * module is evaluated when first required, so the bootstrap alone evaluated them all in one long
 * task (Lighthouse counts every millisecond of a task over 50 ms as blocking). The page preloads
 * their chunks in this order (BOOT_EVALUATION_ORDER in @dash/shared/federation, checked by
 * boot-assets.test.ts), so the first ones run while the rest download. A named export is imported,
 * not the namespace, so the tree-shaken builds of these packages keep their export lists.
 *
 * The stages use the chunks federation already has (a shared module is a chunk of its own). The
 * monolith build (`pnpm bench` only) keeps its single bootstrap import: there each stage would split
 * its bundle into more chunks, with modules repeated in sibling chunks (10 KiB more JS).
 */
const stages: (() => Promise<unknown>)[] = import.meta.env.MONOLITH
  ? []
  : [
      () => import('react-dom/client'),
      () => import('@mantine/core').then(({ MantineProvider }) => MantineProvider),
      () => import('react-router').then(({ RouterProvider }) => RouterProvider),
      () => import('@tanstack/react-query').then(({ QueryClient }) => QueryClient),
      () => import('@dash/shared/zod').then(({ z }) => z),
      () => import('@dash/shared/contracts-core').then(({ ZBootData }) => ZBootData),
      () => import('@dash/shared'),
    ];

async function start() {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  const { started } = await import('./bootstrap');
  await started;
}

// A boot chunk that fails to load (a network failure, a file of a release no longer served) goes to
// index.html's boot guard (src/boot-failure.ts): the page reloads once per distinct error, as a lazy
// page does (spec section 2); if it fails again, the page says so and offers to reload, instead of
// showing its loading bar (or the server's inert render) for ever.
start().catch((error: unknown) => {
  if (window.dashBootFailed?.(error instanceof Error ? error.message : String(error))) return;
  console.error(error);
});
