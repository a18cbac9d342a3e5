export * from './transport.js';
export * from './group-orders.js';
