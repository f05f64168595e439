/**
 * A wrapper for an API key that prints as "[redacted]" however it is logged (string
 * templates, JSON.stringify, console.log / util.inspect), so a stray log of a config object
 * cannot leak the key. Only `reveal()` gives the key, at the one place a request is built.
 */
export class SecretValue {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The secret itself; call only where it goes into an outgoing request. */
  reveal(): string {
    return this.#value;
  }

  /** Always "[redacted]". */
  toString(): string {
    return '[redacted]';
  }

  /** Always "[redacted]", so JSON.stringify never serialises the key. */
  toJSON(): string {
    return '[redacted]';
  }

  /** Node's console.log and util.inspect use this. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[redacted]';
  }
}
