export * from './client';
export * from './establishments';
export * as schema from './schema';
export * from './schema';
export * from './database';
export * from './sqlite-database';
export * from './pg-database';
export * from './named-params';
