/** Local servers that answer like the outside APIs, with sample data for them. */
export * from './contractServer';
export * from './dvlaContractServer';
export * from './addressContractServer';
export * from './fixtures';
