/** A statement written with `:name` parameters, compiled for a driver that takes positional `$1, $2, …`. */
export interface PositionalStatement {
  text: string;
  /** The parameter name bound to each position: `values = names.map((name) => params[name])`. */
  names: string[];
}

/**
 * Turns `:name` into `$n` (one position per distinct name), leaving alone what only looks like a parameter:
 * `::type` casts, quoted strings and identifiers, and comments. Compiled once per statement, not per call.
 */
export function toPositional(text: string): PositionalStatement {
  const names: string[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === "'" || char === '"') {
      const end = closingQuote(text, i, char);
      out += text.slice(i, end);
      i = end;
    } else if (char === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop);
      i = stop;
    } else if (char === ':' && next === ':') {
      out += '::';
      i += 2;
    } else if (char === ':' && next !== undefined && /[A-Za-z_]/.test(next)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))!;
      const name = match[0];
      let position = names.indexOf(name);
      if (position === -1) position = names.push(name) - 1;
      out += `$${position + 1}`;
      i += 1 + name.length;
    } else {
      out += char;
      i += 1;
    }
  }
  return { text: out, names };
}

/** The index just past the quote that closes the one at `start` (a doubled quote is an escaped one). */
function closingQuote(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return text.length;
}
