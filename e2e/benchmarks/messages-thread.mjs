#!/usr/bin/env node
// The Message Center's longest seeded thread (5,000 messages) in Chromium with the CPU 4x slower:
//  - time from the click on the thread in the list to its newest message painted at the bottom of
//    the view (target: under 500 ms), median of 3 cold opens;
//  - long animation frames (PerformanceObserver 'long-animation-frame', i.e. frames over 50 ms) while
//    scrolling from the bottom of the thread to its first message, loading every older page on the
//    way (target: none).
// Run: pnpm --filter @dash/e2e bench:messages (after `pnpm build`). It starts the dashboard with its
// own port and data (seeded as by `npm start`), or measures a running one: BENCH_BASE_URL=http://localhost:3000.
// Figures only: it asserts nothing. For finding where a long frame comes from: BENCH_DETAIL=1 lists
// what ran in each; BENCH_TRACE=trace.json and BENCH_PROFILE=scroll.cpuprofile record the scroll
// (both add work of their own, so count frames without them; build with NO_MINIFY=1 for readable
// function names); BENCH_SCROLL_STEPS stops early.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { signedInContext, startDashboard, startTrace } from './stack.mjs';

const ORG_SLUG = 'acme-treasury';
// BENCH_CPU_SLOWDOWN=1 measures without throttling, for comparison on a busy machine.
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const RUNS = 3;
/** Pixels per wheel event: about five notches of a mouse wheel at once (BENCH_WHEEL_PX). */
const WHEEL_PX = Number(process.env.BENCH_WHEEL_PX ?? 600);
/** At most one wheel event per this many ms (BENCH_WHEEL_INTERVAL_MS): 600 px per 80 ms is a fast fling. */
const WHEEL_INTERVAL_MS = Number(process.env.BENCH_WHEEL_INTERVAL_MS ?? 80);

let dashboard;
let base = process.env.BENCH_BASE_URL?.replace(/\/+$/, '');
if (!base) {
  console.log('Starting the dashboard (seeding the 5,000-message thread takes a moment)…');
  dashboard = await startDashboard(Number(process.env.BENCH_PORT ?? 4800), { label: 'bench-messages' });
  base = dashboard.base;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const context = await signedInContext(browser, base, { viewport: { width: 1280, height: 1000 } });
const api = async (path, organizationUid) => {
  const response = await context.request.get(`${base}/api/v0/${path}`, {
    headers: organizationUid ? { 'x-organization-uid': organizationUid } : {},
  });
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
  return response.json();
};

const organization = (await api('me/organizations')).data.find((candidate) => candidate.slug === ORG_SLUG);
const threads = (await api('messages?limit=100', organization.uid)).data;
const long = threads.reduce((largest, thread) =>
  thread.messageCount > largest.messageCount ? thread : largest,
);
const other = threads.find((thread) => thread.uid !== long.uid);
const newestPage = await api(`messages/${long.uid}`, organization.uid);
const lastUid = newestPage.data.at(-1).uid;
console.log(
  `\nThread "${long.name}": ${long.messageCount} messages, pages of ${newestPage.data.length}; CPU ${CPU_SLOWDOWN}x slower`,
);

/** Opens the Message Center on another thread, then clicks the long one: ms to its newest message painted. */
async function clickToLastPainted() {
  const page = await context.newPage();
  await page.goto(`${base}/org/${ORG_SLUG}/messages/${other.uid}`, { waitUntil: 'networkidle' });
  const link = page.locator(`nav[aria-label="Conversations"] a[href$="/messages/${long.uid}"]`);
  await link.waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate((uid) => {
    window.__painted = new Promise((resolve) => {
      document.addEventListener(
        'click',
        (event) => {
          const clickedAt = event.timeStamp;
          const frame = () => {
            const log = document.querySelector('[role="log"][aria-label="Messages"]');
            const last = log?.querySelector(`[data-message-uid="${uid}"]`);
            const inView =
              log && last && last.getBoundingClientRect().bottom <= log.getBoundingClientRect().bottom + 1;
            // The frame that first shows it is painted right after this callback; a task queued
            // now runs after that paint.
            if (inView) setTimeout(() => resolve(performance.now() - clickedAt), 0);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
  }, lastUid);
  await link.click();
  const ms = await page.evaluate(() => window.__painted);
  return { page, cdp, ms };
}

const opens = [];
let opened;
for (let run = 0; run < RUNS; run += 1) {
  if (opened) await opened.page.close();
  opened = await clickToLastPainted();
  opens.push(opened.ms);
  console.log(`  open ${run + 1}: click → newest message painted ${opened.ms.toFixed(0)} ms`);
}
const sorted = [...opens].sort((a, b) => a - b);
console.log(`  median ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms (target: under 500 ms)`);

// Scroll the last opened page from the bottom to the first message, throttled as above.
const { page } = opened;
await page.evaluate(() => {
  performance.setResourceTimingBufferSize(10_000);
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const scripts = entry.scripts ?? [];
      window.__frames.push({
        duration: entry.duration,
        script: scripts.reduce((sum, script) => sum + script.duration, 0),
        forcedLayout: scripts.reduce((sum, script) => sum + (script.forcedStyleAndLayoutDuration ?? 0), 0),
        render:
          entry.startTime +
          entry.duration -
          (entry.styleAndLayoutStart || entry.renderStart || entry.startTime),
        // BENCH_DETAIL: what ran in the frame, for finding where a long frame comes from.
        detail: scripts.map(
          (script) =>
            `${script.invokerType} ${script.invoker} ${script.sourceFunctionName || '?'} ${script.duration.toFixed(0)} ms (forced ${(script.forcedStyleAndLayoutDuration ?? 0).toFixed(0)})`,
        ),
        at: entry.startTime,
        blocking: entry.blockingDuration,
        renderAt: entry.renderStart ? entry.renderStart - entry.startTime : undefined,
      });
    }
  }).observe({ type: 'long-animation-frame' });
});
// A CSS locator, not getByRole: Playwright resolves a role query by computing the ARIA role of every
// element of the page in the page's main thread (throttled like the page), and this one runs after every
// wheel step: its work landed in the frames this measures (about 13% of the scroll's CPU profile).
const log = page.locator('[role="log"][aria-label="Messages"]');
// BENCH_TRACE=file.json records a performance trace of the scroll (open it in DevTools' Performance panel).
const tracing = process.env.BENCH_TRACE ? await startTrace(browser) : undefined;
// BENCH_PROFILE=file.cpuprofile records the scroll's CPU profile (open it in Chromium's DevTools).
if (process.env.BENCH_PROFILE) {
  await opened.cdp.send('Profiler.enable');
  await opened.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await opened.cdp.send('Profiler.start');
}
const box = await log.boundingBox();
await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
const startedAt = Date.now();
const scrollFrom = await page.evaluate(() => performance.now());
let stillAtTop = 0;
let wheels = 0;
const maxSteps = Number(process.env.BENCH_SCROLL_STEPS ?? Number.POSITIVE_INFINITY);
// Where the view is, read every STATE_EVERY steps: the read is a CDP evaluate that runs on the page's
// main thread (5–10 ms at 4x CPU, in the frames this measures), and only the stop needs it.
const STATE_EVERY = 10;
while (stillAtTop < 3 && wheels < maxSteps && Date.now() - startedAt < 420_000) {
  const stepAt = Date.now();
  await page.mouse.wheel(0, -WHEEL_PX);
  wheels += 1;
  if (wheels % STATE_EVERY === 0) {
    // One plain DOM read: a locator's evaluate also runs Playwright's selector engine and its
    // visibility checks in the page (about 5% of the page's CPU over the scroll, some of it inside
    // the frames measured).
    const state = await page.evaluate(() => ({
      top: document.querySelector('[role="log"][aria-label="Messages"]')?.scrollTop,
      loading: document.querySelector('[aria-label="Loading older messages"]') !== null,
    }));
    // At the first message with nothing loading, three reads in a row: the end.
    stillAtTop = state.top === 0 && !state.loading ? stillAtTop + 1 : 0;
  }
  // A steady pace, not as fast as the harness can go: the speed of the scroll is part of the measure.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, stepAt + WHEEL_INTERVAL_MS - Date.now())));
}
const scrollSeconds = (Date.now() - startedAt) / 1000;
if (tracing) await tracing.stop(process.env.BENCH_TRACE);
if (process.env.BENCH_PROFILE) {
  const { profile } = await opened.cdp.send('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
}
const rendered = await page.locator('[data-message-uid]').count();
// Frames that ended before the first wheel step belong to the thread's opening (measured above, and
// reported late by the observer), not to the scroll: counted apart.
const allFrames = await page.evaluate(() => window.__frames);
const frames = allFrames.filter((frame) => frame.at + frame.duration > scrollFrom);
const opening = allFrames.filter((frame) => frame.at + frame.duration <= scrollFrom);
const worst = frames.reduce((max, frame) => Math.max(max, frame.duration), 0);
console.log(
  `\nScroll bottom → top: ${wheels} wheel steps of ${WHEEL_PX} px (at most one per ${WHEEL_INTERVAL_MS} ms) in ${scrollSeconds.toFixed(1)} s (${rendered} message elements in the DOM at the top)`,
);
console.log(
  `  long animation frames (> 50 ms): ${frames.length}${frames.length ? `, longest ${worst.toFixed(0)} ms` : ''} (target: none)`,
);
if (opening.length)
  console.log(
    `  before the first wheel step (the opening's render, not counted): ${opening.map((frame) => `${frame.duration.toFixed(0)} ms`).join(', ')}`,
  );

if (frames.length) {
  const sum = (key) => frames.reduce((total, frame) => total + frame[key], 0).toFixed(0);
  console.log(
    `  in those frames: scripts ${sum('script')} ms (of which forced style/layout ${sum('forcedLayout')} ms), style/layout/paint ${sum('render')} ms, all ${sum('duration')} ms`,
  );
  if (process.env.BENCH_DETAIL) {
    // When each older page arrived, to tell a page's arrival from a plain scroll step.
    const arrivals = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/messages/') && entry.name.includes('before='))
        .map((entry) => entry.responseEnd),
    );
    for (const frame of frames) {
      const before = arrivals.filter((end) => end <= frame.at + frame.duration).at(-1);
      const gap = before === undefined ? undefined : frame.at - before;
      const since =
        gap === undefined
          ? ''
          : gap >= 0
            ? `, ${gap.toFixed(0)} ms after a page arrived`
            : `, a page arrived ${(-gap).toFixed(0)} ms into it`;
      console.log(
        `  - ${frame.duration.toFixed(0)} ms at ${(frame.at / 1000).toFixed(1)} s (scroll from ${(scrollFrom / 1000).toFixed(1)} s)${since}: scripts ${frame.script.toFixed(0)}, style/layout/paint ${frame.render.toFixed(0)}, blocking ${frame.blocking?.toFixed(0)}, render starts at ${frame.renderAt?.toFixed(0)}`,
      );
      for (const line of frame.detail) console.log(`      ${line}`);
    }
  }
}

await browser.close();
await dashboard?.stop();
