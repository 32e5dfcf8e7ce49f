/** Thrown out of a wait once the provider stops: the work in progress is left as recorded. */
export class Stopped extends Error {
  constructor() {
    super('The sandbox provider stopped.');
  }
}

/**
 * The sandbox's background work (chain sends, deposit watchers): each a loop of passes, every
 * `everyMs` or sooner when kicked, that `stop()` ends and waits for, so nothing runs (or writes the
 * state) after the provider has closed.
 */
export class Lifecycle {
  private stopping = false;
  private readonly wakers = new Set<() => void>();
  private readonly loops: Promise<void>[] = [];

  get stopped(): boolean {
    return this.stopping;
  }

  /** Resolves after `ms`, or when `onWake` is called; throws Stopped once the provider stops. */
  async sleep(ms: number, onWake?: (wake: () => void) => void): Promise<void> {
    if (this.stopping) throw new Stopped();
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
      onWake?.(wake);
    });
    if (this.stopping) throw new Stopped();
  }

  /** Runs `pass` until the provider stops; answers a kick that starts the next pass at once. */
  loop(everyMs: number, pass: () => Promise<void>, onError: (error: unknown) => void): () => void {
    let kicked = false;
    let wake: (() => void) | null = null;
    const run = async () => {
      while (!this.stopping) {
        kicked = false;
        try {
          await pass();
        } catch (error) {
          if (!(error instanceof Stopped)) onError(error);
        }
        if (kicked) continue;
        try {
          await this.sleep(everyMs, (w) => {
            wake = w;
          });
        } catch {
          return;
        } finally {
          wake = null;
        }
      }
    };
    this.loops.push(run());
    return () => {
      kicked = true;
      wake?.();
    };
  }

  /** Ends every loop and waits for the passes in progress to give up. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    await Promise.all(this.loops);
  }
}
