import type { StorageLike, Storages } from './storage';

/** An in-memory Web Storage for tests. */
export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.items.set(key, value);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

export const memoryStorages = (
  local: Record<string, string> = {},
  session: Record<string, string> = {},
): Storages & { local: MemoryStorage; session: MemoryStorage } => ({
  local: new MemoryStorage(local),
  session: new MemoryStorage(session),
});
