/**
 * Answers that take the same time whatever the work did: a caller timing them learns nothing (such as
 * whether an account exists, when one path sends a mail and the other does not).
 */
export interface ConstantDuration {
  /**
   * Runs `work` and resolves `durationMs` after the start. Work done sooner waits; a failure within the
   * time is thrown at the end of it. Work still running at the end carries on after the answer, and a
   * failure then goes to `onLateFailure`: a slow path must not show in the timing either.
   */
  run(work: () => Promise<unknown>, onLateFailure: (error: unknown) => void): Promise<void>;
  /** Resolves once every work started has ended (for a graceful shutdown). */
  settled(): Promise<void>;
}

export function constantDuration(durationMs: number): ConstantDuration {
  const running = new Set<Promise<unknown>>();
  return {
    async run(work, onLateFailure) {
      const deadline = performance.now() + durationMs;
      const outcome: { done: boolean; failure?: unknown; answered: boolean } = {
        done: false,
        answered: false,
      };
      const task = work().then(
        () => {
          outcome.done = true;
        },
        (error: unknown) => {
          outcome.done = true;
          if (outcome.answered) onLateFailure(error);
          else outcome.failure = error ?? new Error('failed');
        },
      );
      running.add(task);
      void task.finally(() => running.delete(task));
      await Promise.race([task, sleep(deadline - performance.now())]);
      await sleep(deadline - performance.now());
      outcome.answered = true;
      if (outcome.failure !== undefined) throw outcome.failure;
    },
    async settled() {
      await Promise.all([...running]);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
