/** An in-memory Web Storage for unit tests: same contract as localStorage, no browser. */
export class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  /** Plain-object view of the contents, for assertions. */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.#items);
  }
}

/** A Storage that refuses writes, like a full (or Safari private-mode) localStorage. */
export class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}
