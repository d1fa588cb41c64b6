import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { Mail, Mailer } from './mail';

/*
 * The mail outbox. A change that sends mail writes the mail in its own transaction (`queueMail`); a
 * deliverer sends it after the commit and retries with growing pauses. Delivery is at least once: a
 * claim leases the row for a while, so a process that dies mid-send leaves it to another.
 */

/** Minutes before each retry; after the last, the mail is given up (kept, with its error). */
export const MAIL_RETRY_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
/** How long a claim holds a mail before another deliverer may take it. */
const LEASE_MS = 2 * 60_000;
/** At most this many mails per delivery round (the rest wait for the next). */
const ROUND_SIZE = 50;

/** Queues a mail in the caller's transaction: it goes out only if the change commits. */
export async function queueMail(db: Db, mail: Mail, now: Date): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      link: mail.link,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  link: string;
  attempts: number;
}

/** Takes the oldest due mail for this deliverer (no other can take it during the lease). */
async function claimNext(db: Db, now: Date): Promise<Claimed | undefined> {
  const claimed = await sql<Claimed>`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
    where id = (
      select id from mail_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
      order by next_attempt_at, id
      limit 1
      for update skip locked
    )
    returning id, to_address, subject, body, link, attempts`.execute(db);
  return claimed.rows[0];
}

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends the mails that are due, one by one; a failure schedules a retry or, after the last, gives up. */
export async function deliverDueMail(db: Db, mailer: Mailer, now: () => Date): Promise<DeliveryRound> {
  const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
  for (let i = 0; i < ROUND_SIZE; i++) {
    const mail = await claimNext(db, now());
    if (!mail) break;
    try {
      await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.body, link: mail.link });
      await db.updateTable('mail_outbox').set({ sent_at: now(), last_error: null }).where('id', '=', mail.id).execute();
      round.sent += 1;
    } catch (error) {
      const pause = MAIL_RETRY_MINUTES[mail.attempts - 1];
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('mail_outbox')
        .set(
          pause === undefined
            ? { failed_at: now(), last_error: message }
            : { next_attempt_at: new Date(now().getTime() + pause * 60_000), last_error: message },
        )
        .where('id', '=', mail.id)
        .execute();
      if (pause === undefined) round.failed += 1;
      else round.retried += 1;
    }
  }
  return round;
}
