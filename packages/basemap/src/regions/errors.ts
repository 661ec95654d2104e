/**
 * A request the operator can fix (a bad box, a source that is not a usable archive, a server without
 * range support): callers show the message as it is, without a stack trace.
 */
export class RegionError extends Error {
  override name = 'RegionError';
}

/** The source archive changed while it was being read: the bytes already read no longer belong together. */
export class SourceChangedError extends RegionError {
  override name = 'SourceChangedError';
}
