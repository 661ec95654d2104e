/** Test helpers other packages' tests import: a Protomaps-schema fixture archive and a local range server. */
export * from './protomaps-fixture';
export { startRangeServer, type RangeServer, type RangeServerOptions, type RangeServerRequest } from './range-server';
export { LocalFileSource } from './file-source';
