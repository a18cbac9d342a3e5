export * from './messages.js';
export * from './dates.js';
export * from './time-slots.js';
export * from './delivery-defaults.js';
export * from './validation.js';
export * from './money.js';
export * from './demo-request.js';
export * from './availability.js';
