/**
 * The browser's registry validators, from `virtual:validators`:
 * scripts/vite-plugin-precompiled-validators.ts resolves it to ./buildValidators.ts in a
 * production build (precompiled, no AJV compiler) and to ./devValidators.ts under the dev
 * server (run-time AJV). Both export the same functions (checked below), so the rest of the
 * app never knows which one runs.
 */
import * as chosen from 'virtual:validators';
import type * as build from './buildValidators';
import type * as dev from './devValidators';

type Validators = typeof build;
// A type error here means the two implementations have drifted apart.
type Assert<T extends true> = T;
export type _DevFitsBuild = Assert<typeof dev extends Validators ? true : false>;
export type _BuildFitsDev = Assert<Validators extends typeof dev ? true : false>;

// The virtual module is one of two builds; the assertions above prove each fits the other.
const validators = chosen as unknown as Validators;

/** The registry's compiler: precompiled in a build, run-time AJV under the dev server. */
export const createCompileValidator = validators.createCompileValidator;
/** Loads what later pages need (the first page of every funnel comes with the app). */
export const loadAllValidators = validators.loadAllValidators;
/** Takes the validators a funnel's first page runs, which come with its files in a build. */
export const addFirstPageValidators = validators.addFirstPageValidators;
export const allValidatorsLoaded = validators.allValidatorsLoaded;

export { validationText } from './validationText';
