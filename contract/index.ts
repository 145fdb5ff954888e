export * from './api-keys.js';
export * from './auth.js';
export * from './errors.js';
export * from './oauth.js';
export * from './traces.js';
export * from './server-info.js';
export * from './search.js';
export * from './account.js';
