import type { StepUpMethod } from '@manager/contract';

/**
 * One confirmation per burst of step-up refusals (428): the first starts the prompt, every one
 * that arrives while it is open waits for the same outcome, and a cancel rejects them all.
 * `generation` counts confirmations: a request that left before the last one finished was
 * refused for a step-up that now exists, so it is retried without asking again.
 */
interface StepUpGate {
  /**
   * Resolves once the admin confirmed; rejects with the prompt's reason (a cancel). `summary`:
   * what the call that opens the prompt changes (a call joining an open prompt adds none).
   */
  acquire(methods: readonly StepUpMethod[], summary?: readonly string[]): Promise<void>;
  readonly generation: number;
  readonly pending: boolean;
}

export function createStepUpGate(deps: {
  prompt: (methods: readonly StepUpMethod[], summary?: readonly string[]) => Promise<void>;
}): StepUpGate {
  let inFlight: Promise<void> | null = null;
  let generation = 0;

  const start = async (methods: readonly StepUpMethod[], summary?: readonly string[]): Promise<void> => {
    try {
      // Always settle asynchronously, so `inFlight` is set before `finally` clears it.
      await Promise.resolve().then(() => deps.prompt(methods, summary));
      generation += 1;
    } finally {
      inFlight = null;
    }
  };

  return {
    acquire(methods, summary) {
      inFlight ??= start(methods, summary);
      return inFlight;
    },
    get generation() {
      return generation;
    },
    get pending() {
      return inFlight !== null;
    },
  };
}
