/**
 * The data types the runtime rooms share: a claim's answers, what the gateway answers
 * with and the words validation is said in. Types only, and it imports nothing of ours but constants.ts, so every room may use
 * it and it sits below them all: a room that needs another's shapes takes them from here
 * rather than importing that room (which is how type-only import cycles start).
 */
export type * from './answers';
export type * from './views';
export type * from './validationWords';
