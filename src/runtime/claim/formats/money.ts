/**
 * Amounts of money in pounds, as a claimant types them and as the platform keeps them.
 *
 * An amount is stored as a decimal string of pounds with exactly two decimals and no
 * grouping ("1150.50", "0.05"), never as a JavaScript number: 0.1 + 0.2 is not 0.3 in
 * floating point, and pence above 2^53 are not whole numbers there. Every step here works
 * on the digits as text, so what is typed is what is kept, to the penny, at any size.
 */

/** The schema `format` of an amount (`{"type": "string", "format": "money"}`). */
export const MONEY_FORMAT = 'money';

/**
 * The most digits of whole pounds an amount may have (just under £1,000 trillion): enough
 * for any claim, and short enough that a spreadsheet reading the stored value keeps it exact.
 */
const MONEY_MAX_POUND_DIGITS = 15;

/**
 * What a claimant may type: an optional "£", whole pounds (grouped in threes with commas, or
 * not at all) and optionally one or two decimals of pence; spaces around are ignored.
 * "1,150.50", "£1150", "1150.5", " £1,150 " pass; "12.345", "1,15,0", "-5", "abc" do not.
 */
const TYPED_AMOUNT = /^£?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)(?:\.(\d{1,2}))?$/;

/** The stored form: whole pounds without leading zeros, a point and two decimals. */
const STORED_AMOUNT = /^(0|[1-9]\d*)\.(\d{2})$/;

/**
 * An amount as typed, in its stored form ("£1,150.5" → "1150.50"), or undefined when it is
 * not an amount of money: more than two decimals, commas in the wrong places, a sign, other
 * characters, or more than MONEY_MAX_POUND_DIGITS digits of pounds.
 */
export function parseMoney(typed: string): string | undefined {
  if (typeof typed !== 'string') return undefined;
  const match = TYPED_AMOUNT.exec(typed.trim());
  if (!match) return undefined;
  const pounds = match[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (pounds.length > MONEY_MAX_POUND_DIGITS) return undefined;
  const pence = (match[2] ?? '').padEnd(2, '0');
  return `${pounds}.${pence}`;
}

/** True when `value` is an amount in its stored form ("1150.50"). */
export function isStoredMoney(value: unknown): value is string {
  return typeof value === 'string' && STORED_AMOUNT.test(value);
}

/**
 * An amount as the platform shows it everywhere: "£1,150.50" (en-GB grouping, always two
 * decimals). Takes the stored form, or anything parseMoney accepts; any other value is
 * returned as it is, so nothing is hidden from the reader.
 */
export function formatMoney(value: string): string {
  const stored = isStoredMoney(value) ? value : parseMoney(value);
  if (stored === undefined) return value;
  // A stored amount is always pounds and two-digit pence ("12.30"), so the split has two parts.
  const [pounds, pence] = stored.split('.') as [string, string];
  return `£${pounds.replace(/\B(?=(\d{3})+$)/g, ',')}.${pence}`;
}

/**
 * An amount as its field shows it back when a page reopens: "1150.50" reads "1,150.50", as
 * the claimant would type it (the field's "£" prefix is beside it, not in it). Anything not
 * in the stored form (an amount being typed, one refused) is returned as it is.
 */
export function moneyInField(value: string): string {
  return isStoredMoney(value) ? formatMoney(value).slice('£'.length) : value;
}

/**
 * Compares two amounts (stored or typed) exactly: negative when `a` is less, 0 when equal,
 * positive when more; undefined when either is not an amount. Used for `formatMinimum` and
 * `formatMaximum` on a money field (`"formatMinimum": "1"` for £1 or more).
 */
export function compareMoney(a: string, b: string): number | undefined {
  const left = parseMoney(a);
  const right = parseMoney(b);
  if (left === undefined || right === undefined) return undefined;
  // Same form, no leading zeros: the longer is larger, else the digits decide.
  if (left.length !== right.length) return left.length - right.length;
  return left < right ? -1 : left > right ? 1 : 0;
}
