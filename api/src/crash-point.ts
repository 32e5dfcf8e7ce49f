/**
 * Named kill points for the crash harness (api/src/test/crash): with CRASH_AT=<point> in its
 * environment, the process kills itself with SIGKILL the moment it reaches that point, as a power
 * cut would (no finally blocks, no shutdown hooks, no flushing). Compiled in, inert unless set, and
 * ignored when NODE_ENV=production. The harness restarts the API without it on the same data.
 */
export const CRASH_POINTS = [
  /** The deploy transaction is signed and recorded, not yet broadcast. */
  'wallet.deploy.after-record',
  /** A Safe transaction's execTransaction is signed and recorded, not yet broadcast. */
  'safe.execute.after-record',
  /** The provider created the transfer; our answer to it is not committed. */
  'transfers.submit.after-provider-call',
  /** The provider accepted the onboarding; our answer to it is not committed. */
  'providers.onboarding.after-provider-call',
  /** An upload's bytes are in the blob store; the temp file is not marked uploaded. */
  'uploads.receive.after-store',
  /** A reply's mail went out; its delivery is not recorded as sent. */
  'messages.send-reply.after-send',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(point: CrashPoint): void {
  if (process.env.CRASH_AT !== point || process.env.NODE_ENV === 'production') return;
  process.kill(process.pid, 'SIGKILL');
}
