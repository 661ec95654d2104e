export * from './client';
export * from './establishments';
export * as schema from './schema';
export * from './schema';
