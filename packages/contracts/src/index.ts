export * from './common.js';
export * from './auth.js';
export * from './mailbox.js';
export * from './geo.js';
export * from './catalogue.js';
export * from './presets.js';
export * from './search.js';
export * from './demo-requests.js';
