import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import type { Mailer } from '../domain/mail';
import { deliverDueMail } from '../domain/mailOutbox';
import type { MailOutbox } from '../domain/merchantUsers';
import type { Background } from './background';

/** How often a process looks for mail that is due (retries, and mail another process queued). */
export const MAIL_DELIVERY_INTERVAL_MS = 10_000;

/**
 * Delivers the outbox: right after a change queues a mail (`kick`), and every few seconds for retries
 * and for mail whose process died before delivering it. One round at a time per process; processes
 * share the work through row claims.
 */
export function installMailOutbox(
  app: FastifyInstance,
  deps: { db: Db; mailer: Mailer; now: () => Date; background: Background },
): MailOutbox {
  let running = false;
  let again = false;
  const deliver = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const round = await deliverDueMail(deps.db, deps.mailer, deps.now);
        if (round.retried > 0 || round.failed > 0) app.log.warn({ round }, 'mail delivery failed; see mail_outbox');
      } while (again);
    } finally {
      running = false;
    }
  };
  const kick = () => deps.background.run('mail delivery', deliver);
  const timer = setInterval(kick, MAIL_DELIVERY_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { kick };
}
