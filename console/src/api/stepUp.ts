import type { StepUpNeed } from './client';

/**
 * Trust: the step-up the API client asks for when the server answers `step_up_required`. The signed-in
 * shell registers the dialog that asks for the proof (app/shell/StepUpDialog.tsx, a chunk of its own);
 * a refusal that comes before the dialog has loaded waits for it a little (a user who acts at once after
 * signing in, on a slow connection); without one (a signed-out page) the refusal is passed on as it came.
 * The prompt answers the proof's token for the change it was asked for, or null when cancelled.
 */
type StepUpPrompt = (need: StepUpNeed) => Promise<string | null>;

/** How long a refused call waits for the dialog to register before passing the refusal on. */
export const STEP_UP_REGISTER_WAIT_MS = 10_000;

let prompt: StepUpPrompt | null = null;
const pending = new Map<string, Promise<string | null>>();
const waiting = new Set<() => void>();

/** Registers the prompt; answers a function that removes it. */
export function handleStepUp(next: StepUpPrompt): () => void {
  prompt = next;
  for (const wake of waiting) wake();
  waiting.clear();
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** The registered prompt, or (after waiting up to `waitMs` for one) null. */
function registeredPrompt(waitMs: number): Promise<StepUpPrompt | null> {
  if (prompt || waitMs <= 0) return Promise.resolve(prompt);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(prompt);
    };
    const timer = setTimeout(() => {
      waiting.delete(wake);
      resolve(prompt);
    }, waitMs);
    waiting.add(wake);
  });
}

/** Asks the user to prove themselves once for a change, however many refused calls of it are waiting. */
export async function requestStepUp(need: StepUpNeed, waitMs = STEP_UP_REGISTER_WAIT_MS): Promise<string | null> {
  const ask = await registeredPrompt(waitMs);
  if (!ask) return null;
  const key = `${need.purpose}:${need.merchantId ?? ''}`;
  let asked = pending.get(key);
  if (!asked) {
    asked = ask(need).finally(() => pending.delete(key));
    pending.set(key, asked);
  }
  return asked;
}
