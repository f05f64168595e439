/**
 * The validator RJSF needs to resolve conditional schemas (if/then, dependencies) while it
 * renders a bundled page schema, from `virtual:rjsf-validator` (precompiled in a build,
 * run-time AJV under the dev server). Claimant-facing validation is the registry's (the code
 * the gateway runs), not RJSF's.
 */
import * as chosen from 'virtual:rjsf-validator';
import type * as build from './buildRjsfValidator';
import type * as dev from './devRjsfValidator';

type RjsfValidator = typeof build;
type Assert<T extends true> = T;
export type _DevFitsBuild = Assert<typeof dev extends RjsfValidator ? true : false>;
export type _BuildFitsDev = Assert<RjsfValidator extends typeof dev ? true : false>;

// The virtual module is one of two builds; the assertions above prove each fits the other.
export const rjsfValidatorFor = (chosen as unknown as RjsfValidator).rjsfValidatorFor;
