import type { Config } from '../config.ts';
import { errorReason } from '../db/availability.ts';
import type { Database } from '../db/client.ts';
import { analyzeDemo, runDemoSteps } from './demo.ts';

/**
 * The demo's background preparation (docs/design.md "The first start"): after `npm start` listens, the
 * heavy demo steps (to-dos with completions, wiring, click logs and engagement, the wizard's set-up) run in this process, one
 * step after the other, each written in committed transactions that a later start skips. A start that
 * was stopped or crashed midway goes on where it stopped, because every start runs the preparation and
 * every step writes only what is missing. /api/health reports its state as `demo.status`.
 */
export type DemoStatus = 'off' | 'preparing' | 'ready' | 'failed';

/** The state of this process's demo preparation, and a way to stop it between steps. */
export interface DemoPreparation {
  status(): DemoStatus;
  /** Resolves when the preparation has ended (done, failed or stopped); never rejects. */
  done: Promise<void>;
  /**
   * Asks the preparation to stop, and resolves when it has ended: the statement under way finishes, the
   * step's open transaction is rolled back, and a later start goes on from there.
   */
  stop(): Promise<void>;
}

/** A preparation that has nothing to do: the demo is off (`SEED_DEMO=false`). */
export const NO_DEMO_PREPARATION: DemoPreparation = {
  status: () => 'off',
  done: Promise.resolve(),
  stop: () => Promise.resolve(),
};

/**
 * Starts the background demo steps for the demo institution `institutionId` and returns at once; they
 * begin once `wait` resolves (main.ts: when the server listens). Prints
 * `[start] preparing the rest of the demo in the background…`, a `[seed]` line per step that wrote, and
 * at the end `[start] demo complete (N s)`; a failure prints one line and leaves the status `failed`
 * (the next start tries again). Never throws.
 */
export function startDemoPreparation(
  database: Database,
  config: Config,
  institutionId: number,
  wait: () => Promise<void> = () => Promise.resolve(),
): DemoPreparation {
  let status: DemoStatus = 'preparing';
  let stopping = false;
  // The steps' database: once stopping, every further statement fails, so that a step ends (its open
  // transaction rolled back) after the statement under way instead of running to its end.
  // And after each statement it pauses as long as the statement took (at most 250 ms): an embedded
  // database runs its statements on this thread, and the pause leaves the server at least half of it
  // to answer requests meanwhile.
  const stoppedError = () => new Error('the demo preparation was stopped');
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    if (stopping) throw stoppedError();
    const started = performance.now();
    const result = await run();
    if (database.kind === 'pglite') {
      const pause = Math.min(250, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return result;
  };
  const guarded: Database = {
    ...database,
    query: (text, params) => guard(() => database.query(text, params)),
    transaction: (fn) =>
      guard(() => database.transaction((q) => fn((text, params) => guard(() => q(text, params))))),
  };
  const done = (async () => {
    await wait();
    const started = performance.now();
    console.log('[start] preparing the rest of the demo in the background (to-dos, wiring, click logs)…');
    const wrote = await runDemoSteps(guarded, config, institutionId, true, () => stopping);
    if (stopping) return;
    if (wrote) await analyzeDemo(database);
    status = 'ready';
    console.log(`[start] demo complete (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  })().catch((error: unknown) => {
    status = 'failed';
    if (stopping) return;
    console.error(`[start] preparing the demo failed (${errorReason(error)}); the next start tries again`);
  });
  return {
    status: () => status,
    done,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}
