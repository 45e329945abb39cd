export * from './common.js';
export * from './constants.js';
export * from './organization.js';
export * from './user.js';
