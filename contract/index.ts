export * from './auth.js';
export * from './errors.js';
export * from './oauth.js';
export * from './traces.js';
