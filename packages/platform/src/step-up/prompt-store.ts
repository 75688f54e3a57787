import { create } from 'zustand';
import type { StepUpMethod, StepUpRequest } from '@manager/contract';
import { onSessionEvent } from '../auth/session-events.ts';
import { ERROR_MESSAGES, isApiError } from '../http/errors.ts';

/**
 * What the admin answers the prompt with: a code or the password (POST /auth/step-up), or
 * `{ method: 'passkey' }`, for which the client asks the browser for the passkey's assertion
 * and sends it to POST /auth/step-up/passkey (its confirmer in `http/step-up.ts`).
 */
export type StepUpSubmission = StepUpRequest | { method: 'passkey' };

/** Proves the submission to the server; rejects with the server's refusal. */
export type StepUpConfirm = (values: StepUpSubmission) => Promise<void>;

export interface StepUpPrompt {
  /** A guarded call is waiting for the admin to confirm it's them. */
  open: boolean;
  /** How this admin can confirm (from the 428 answer). */
  methods: readonly StepUpMethod[];
  /** What the waiting call changes, as its caller described it (`stepUpSummary`); empty when not. */
  summary: readonly string[];
  /** Why the last answer was refused (`Invalid password`), shown in the modal. */
  error: string | null;
  submitting: boolean;
  /** Confirms; on success the prompt closes and the waiting calls are sent again. */
  submit(values: StepUpSubmission): Promise<void>;
  /** Closes the prompt; the waiting calls fail with `Confirmation cancelled`. */
  cancel(): void;
}

const CLOSED = { open: false, methods: [], summary: [], error: null, submitting: false } as const;
const NETWORK_TEXT = 'Network error. Please try again.';

let confirm: StepUpConfirm | null = null;
let waiting: { resolve: () => void; reject: (reason: Error) => void } | null = null;

const refusalText = (error: unknown) =>
  isApiError(error) && error.status === undefined
    ? NETWORK_TEXT
    : (error instanceof Error && error.message) || ERROR_MESSAGES.stepUpFailed;

const useStepUpStore = create<StepUpPrompt>()((set, get) => {
  const close = (outcome: 'confirmed' | Error) => {
    const settled = waiting;
    waiting = null;
    set(CLOSED);
    if (outcome === 'confirmed') settled?.resolve();
    else settled?.reject(outcome);
  };
  return {
    ...CLOSED,
    async submit(values) {
      if (!waiting || get().submitting) return;
      if (!confirm) throw new Error('Step-up is not configured (installStepUp)');
      set({ submitting: true, error: null });
      try {
        await confirm(values);
      } catch (error) {
        // Still waiting unless the session ended meanwhile (that cancels the prompt).
        if (waiting) set({ submitting: false, error: refusalText(error) });
        return;
      }
      close('confirmed');
    },
    cancel() {
      if (waiting) close(new Error(ERROR_MESSAGES.stepUpCancelled));
    },
  };
});

/** The client's side: opens the prompt and settles when the admin confirmed or cancelled. */
export function askStepUp(methods: readonly StepUpMethod[], summary: readonly string[] = []): Promise<void> {
  waiting?.reject(new Error(ERROR_MESSAGES.stepUpCancelled));
  return new Promise<void>((resolve, reject) => {
    waiting = { resolve, reject };
    useStepUpStore.setState({
      open: true,
      methods: [...methods],
      summary: [...summary],
      error: null,
      submitting: false,
    });
  });
}

/** How a submission reaches the server; set once by the client (`installStepUp`). */
export function setStepUpConfirm(fn: StepUpConfirm): void {
  confirm = fn;
}

// A session that ended (a failed refresh) has nothing left to confirm.
onSessionEvent((event) => {
  if (event.type === 'expired') useStepUpStore.getState().cancel();
});

/** The prompt for the host's "Confirm it's you" modal: `<ConfirmItsYouHost usePrompt={useStepUpPrompt} />`. */
export const useStepUpPrompt = (): StepUpPrompt => useStepUpStore();

/** Tests and sign-out: closes the prompt as a cancel. */
export const cancelStepUp = (): void => useStepUpStore.getState().cancel();

/** The prompt's state outside React (tests). */
export const stepUpPromptState = (): StepUpPrompt => useStepUpStore.getState();
