/**
 * The gateway contract: request and response types of every functionName, from their JSON Schemas. Imported by the browser's gateway client and by the handlers.
 */
export * from './gatewayContract';
export * from './payloadShape';
export * from './textCharacters';
export { referralSchema } from './referralSchema';
export * from './thrownErrors';
