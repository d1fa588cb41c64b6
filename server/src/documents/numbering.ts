import { DOCUMENT_MESSAGES } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { DocumentKind } from '../db/schema';
import { notFound } from '../domain/errors';

/*
 * Document numbers: the configured prefix, a letter for the kind and the row's id, e.g. MC-F-00000012.
 * A number is given once, when the document is issued, and never changes or comes back: a correction or
 * a reissue is a new document with a new number that names the one it replaces.
 */

const KIND_LETTER: Record<DocumentKind, string> = { fee_invoice: 'F', receipt: 'R' };

export const documentNumber = (prefix: string, kind: DocumentKind, id: number) =>
  `${prefix}-${KIND_LETTER[kind]}-${String(id).padStart(8, '0')}`;

export interface IssuedDocument<C> {
  id: number;
  number: string;
  issued_at: Date;
  content: C;
  replaces_id: number | null;
}

/** The id the next document will have (its number is made from it before the row is written). */
export async function nextDocumentId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string | number }>`select nextval('issued_documents_id_seq') as id`.execute(db);
  return Number(rows[0]?.id);
}

/** The latest document of a kind for a subject (a month, a transaction), if any. */
export async function latestOf<C>(
  db: Db,
  merchantId: number,
  kind: DocumentKind,
  subject: string,
): Promise<IssuedDocument<C> | null> {
  const row = await db
    .selectFrom('issued_documents')
    .select(['id', 'number', 'issued_at', 'content', 'replaces_id'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, content: row.content as C } : null;
}

/** A document of the merchant by its number. */
export async function documentByNumber(
  db: Db,
  merchantId: number,
  number: string,
): Promise<IssuedDocument<unknown> & { kind: DocumentKind }> {
  const row = await db
    .selectFrom('issued_documents')
    .select(['id', 'kind', 'number', 'issued_at', 'content', 'replaces_id'])
    .where('merchant_id', '=', merchantId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  return row;
}
