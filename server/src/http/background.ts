import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the work started after earlier answers has finished (tests, shutdown). */
    settleBackground(): Promise<void>;
  }
}

/** Runs work after an answer has been sent; AppDeps carries it to the handlers. */
export interface Background {
  /**
   * Starts `task` once the current answer is on its way (and `delayMs` later, when given); a failure is
   * logged under `name`.
   */
  run(name: string, task: () => Promise<unknown>, options?: { delayMs?: number }): void;
}

/**
 * Work a handler does after answering (the password-reset lookup and mail, so known and unknown
 * addresses answer alike). Failures are logged; the app waits for what is still running when it closes.
 */
export function installBackground(app: FastifyInstance): Background {
  const running = new Set<Promise<void>>();
  const settle = async () => {
    while (running.size > 0) await Promise.all(running);
  };
  app.decorate('settleBackground', settle);
  app.addHook('onClose', settle);
  return {
    run(name, task, options = {}) {
      const delayMs = options.delayMs ?? 0;
      const work: Promise<void> = new Promise<void>((resolve) =>
        delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve),
      )
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error }, `${name} failed`),
        )
        .finally(() => running.delete(work));
      running.add(work);
    },
  };
}
