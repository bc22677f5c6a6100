export * from './constants.js';
export * from './envelope.js';
export * from './money.js';
export * from './regions.js';
export * from './search-query-string.js';
export * from './search-request.js';
export * from './search-response.js';
