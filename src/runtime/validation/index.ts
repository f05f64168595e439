/**
 * Validation wording and the validator compilers that load no AJV code. The run-time AJV compiler is deliberately not exported here: import it from './validation/ajvCompiler' in Node code and the dev server only, so a browser build can never reach it.
 */
export * from './ajvOptions';
export * from './fieldErrors';
export * from './precompiledValidation';
export * from './dateParts';
export * from './dateTyping';
