/**
 * Trust: the step-up the API client asks for when the server answers `step_up_required`. The signed-in
 * shell registers the dialog that asks for the password (app/shell/StepUpDialog.tsx); without one (a
 * signed-out page) the refusal is passed on as it came.
 */
type StepUpPrompt = () => Promise<boolean>;

let prompt: StepUpPrompt | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the prompt; answers a function that removes it. */
export function handleStepUp(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Asks the user to prove themselves once, however many refused calls are waiting for it. */
export function requestStepUp(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  if (!pending) {
    pending = prompt().finally(() => {
      pending = null;
    });
  }
  return pending;
}
