/**
 * The deepest nesting of arrays and objects any call accepts. Real inputs nest 3 levels (a batched tRPC call
 * around an object holding an object); parsers and the code after them recurse per level, so a 10 KB body of
 * 5,000 brackets used to exhaust the stack (a 500 and an ERROR line) instead of being refused.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = 'The request nests too deeply.';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text (a string, or UTF-8 bytes) opens more than `max` arrays or objects at once, found in one pass
 * without parsing: brackets inside strings do not count. Text that is not JSON at all is left to the parser.
 */
export function jsonNestsDeeperThan(text: string | Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  const codeAt = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = codeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if ((code === CLOSE_BRACKET || code === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return false;
}

/** The error the JSON body parser's `verify` hook throws: body-parser keeps its status, the REST filter its type. */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';

  constructor() {
    super(JSON_TOO_DEEP_MESSAGE);
  }
}

/** body-parser's `verify` hook: refuses a too-deep body before JSON.parse sees it. */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonNestsDeeperThan(body)) throw new JsonTooDeepError();
}
