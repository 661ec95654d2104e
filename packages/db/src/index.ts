export * from './client';
export * from './establishments';
export { DIALECT } from './dialect';
export * from './schema';
export * from './database';
export * from './sqlite-database';
export * from './pg-database';
export * from './named-params';
export * from './open';
