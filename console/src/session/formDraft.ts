import type { StorageLike } from './storage';

/*
 * What was typed survives a sign-out for inactivity (issue 48): the fields of the page's main region are
 * kept in this tab's sessionStorage with the page and the user; when the same user signs in again the
 * console returns to the page and puts the values back, then deletes the draft. Secrets (passwords,
 * one-time codes), hidden and file inputs are never kept.
 */

export const DRAFT_KEY = 'idle_draft';

/** The signed-in shell's main region (the page), whose fields a draft keeps. */
export const PAGE_MAIN_ID = 'main-content';

/** How long a page that is coming back may take to show its fields (it may wait for its data). */
export const DRAFT_WAIT_MS = 15_000;

/** One field's value; a checkbox or radio keeps whether it is checked. */
export type DraftField = { key: string; value: string } | { key: string; checked: boolean };

/** Whose draft it is: the user, in the merchant that was selected. */
export interface DraftOwner {
  userId: number;
  merchantId: number | null;
}

export interface FormDraft extends DraftOwner {
  /** The page's path and query. */
  href: string;
  fields: DraftField[];
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NOT_KEPT_TYPES = new Set(['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);

const isInput = (field: Field): field is HTMLInputElement => field.tagName === 'INPUT';
const isCheckable = (field: Field): field is HTMLInputElement =>
  isInput(field) && (field.type === 'checkbox' || field.type === 'radio');

/** A field that may be kept at all: not a secret, nor a value the user never typed. */
const isCandidate = (field: Field) =>
  !(isInput(field) && NOT_KEPT_TYPES.has(field.type)) && field.getAttribute('autocomplete') !== 'one-time-code';

/** The user can change it now (a disabled or read-only field holds what the page put there). */
const isEditable = (field: Field) =>
  !field.disabled && !(field.tagName !== 'SELECT' && (field as HTMLInputElement).readOnly);

function labelOf(field: Field): string {
  const aria = field.getAttribute('aria-label');
  if (aria) return aria.trim();
  const label = field.labels?.[0]?.textContent?.trim();
  if (label) return label;
  const labelledBy = field.getAttribute('aria-labelledby');
  if (!labelledBy) return '';
  return labelledBy
    .split(/\s+/)
    .map((id) => field.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ')
    .trim();
}

/** What finds the field again on the page: its name, else its label, else its id. */
function baseKeyOf(field: Field): string | null {
  if (field.name) return `name:${field.name}`;
  const label = labelOf(field);
  if (label) return `label:${label}`;
  if (field.id) return `id:${field.id}`;
  return null;
}

/** The fields under `root` by key; fields sharing one (radios, rows of a table) are told apart by order. */
function keyedFields(root: ParentNode): Map<string, Field> {
  const seen = new Map<string, number>();
  const keyed = new Map<string, Field>();
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (!isCandidate(field)) continue;
    const base = baseKeyOf(field);
    if (!base) continue;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    keyed.set(count === 0 ? base : `${base}#${count}`, field);
  }
  return keyed;
}

/** The values of the fields under `root` the user can change. */
export function draftFieldsOf(root: ParentNode): DraftField[] {
  return [...keyedFields(root)]
    .filter(([, field]) => isEditable(field))
    .map(([key, field]) => (isCheckable(field) ? { key, checked: field.checked } : { key, value: field.value }));
}

/** Keeps the page's fields (none without a root: the page is still returned to). */
export function keepDraft(storage: StorageLike, owner: DraftOwner, href: string, root: ParentNode | null): void {
  const draft: FormDraft = { ...owner, href, fields: root ? draftFieldsOf(root) : [] };
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the sign-out goes on without the draft.
  }
}

const isDraftField = (value: unknown): value is DraftField => {
  if (typeof value !== 'object' || value === null) return false;
  const field = value as Record<string, unknown>;
  return typeof field.key === 'string' && (typeof field.value === 'string' || typeof field.checked === 'boolean');
};

/** A path of this site only (never `//host`): the draft decides where the console goes after sign-in. */
const isLocalHref = (href: unknown): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

export function readDraft(storage: StorageLike): FormDraft | null {
  const raw = storage.getItem(DRAFT_KEY);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<FormDraft>;
    if (
      typeof draft.userId === 'number' &&
      (typeof draft.merchantId === 'number' || draft.merchantId === null) &&
      isLocalHref(draft.href) &&
      Array.isArray(draft.fields) &&
      draft.fields.every(isDraftField)
    ) {
      return draft as FormDraft;
    }
  } catch {
    // Not a draft of ours: dropped below.
  }
  storage.removeItem(DRAFT_KEY);
  return null;
}

const isOwner = (draft: FormDraft, owner: DraftOwner) =>
  draft.userId === owner.userId && draft.merchantId === owner.merchantId;

/**
 * Where to go after a sign-in: the draft's page when it is this user's (in the same merchant); another
 * user's draft is deleted unseen.
 */
export function draftHrefFor(storage: StorageLike, owner: DraftOwner): string | null {
  const draft = readDraft(storage);
  if (!draft) return null;
  if (isOwner(draft, owner)) return draft.href;
  storage.removeItem(DRAFT_KEY);
  return null;
}

/**
 * Sets the value as the user's typing does: through the element's own (native) setter, which React's
 * controlled inputs watch, then the events they listen to.
 */
function put(field: Field, saved: DraftField): void {
  if ('checked' in saved) {
    if (!isCheckable(field)) return;
    // A click is what a controlled checkbox or radio reacts to; a checked radio is unchecked by another.
    const differs = field.type === 'radio' ? saved.checked && !field.checked : field.checked !== saved.checked;
    if (differs) field.click();
    return;
  }
  if (isCheckable(field) || field.value === saved.value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (setter) setter.call(field, saved.value);
  else field.value = saved.value;
  const EventOf = field.ownerDocument.defaultView?.Event ?? Event;
  field.dispatchEvent(new EventOf('input', { bubbles: true }));
  field.dispatchEvent(new EventOf('change', { bubbles: true }));
}

/** Puts the kept values into the fields under `root` that are there and editable; answers those still missing. */
export function fillFields(root: ParentNode, fields: readonly DraftField[]): DraftField[] {
  const keyed = keyedFields(root);
  return fields.filter((saved) => {
    const field = keyed.get(saved.key);
    if (!field || !isEditable(field)) return true;
    put(field, saved);
    return false;
  });
}

const pathOf = (href: string) => href.split(/[?#]/, 1)[0];

/**
 * Back on the draft's page after the same user signed in again: fills its fields as they appear (a page
 * shows its form once its data is in), for up to `waitMs`, then deletes the draft. A draft of another
 * user or page is deleted at once. Answers a function that stops watching and leaves the draft as it is
 * (a component unmounted and mounted again starts over).
 */
export function resumeDraft(
  storage: StorageLike,
  owner: DraftOwner,
  pathname: string,
  root: HTMLElement | null,
  waitMs = DRAFT_WAIT_MS,
): () => void {
  const draft = readDraft(storage);
  if (!draft) return () => {};
  const done = () => storage.removeItem(DRAFT_KEY);
  if (!isOwner(draft, owner) || pathOf(draft.href) !== pathname || !root) {
    done();
    return () => {};
  }
  let missing = fillFields(root, draft.fields);
  if (missing.length === 0) {
    done();
    return () => {};
  }
  const View = root.ownerDocument.defaultView;
  const observer = new (View?.MutationObserver ?? MutationObserver)(() => {
    missing = fillFields(root, missing);
    if (missing.length === 0) finish();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'readonly'],
  });
  const timer = setTimeout(() => finish(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  function finish() {
    stop();
    done();
  }
  return stop;
}
