/**
 * The formats every validator knows: AJV's standard ones (ajv-formats: email, date, ...) and
 * the platform's own, `money` (an amount in pounds, see runtime/claim's money.ts). Run-time
 * AJV adds them (ajvCompiler.ts), and the build's precompiled validators require this module
 * by its path for the formats' code (PRECOMPILED_FORMATS_CODE), so a funnel's `format` means
 * the same in the browser, the build and the gateway.
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import { compareMoney, parseMoney, MONEY_FORMAT } from '../claim';

/** An amount in pounds, typed or stored; `formatMinimum`/`formatMaximum` compare it exactly. */
export const moneyAjvFormat = {
  type: 'string' as const,
  validate: (value: string) => parseMoney(value) !== undefined,
  compare: (a: string, b: string) => compareMoney(a, b) ?? Number.NaN,
};

/** The platform's own formats, by name. */
export const PLATFORM_FORMATS = { [MONEY_FORMAT]: moneyAjvFormat };

/** Every format by name, as the precompiled validators read them. */
export const ajvFormats = { ...fullFormats, ...PLATFORM_FORMATS };
