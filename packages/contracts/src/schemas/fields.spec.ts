import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { LIMITS } from '../limits';
import { INPUT_MESSAGES } from '../messages';
import { checksControlCharacters, CONTROL_CHARACTER, idField, idFromPath, plainText, requiredText } from './fields';
import { addCommentSchema, postIdSchema } from './post';
import { addReportSchema } from './safety';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0].message;

/**
 * The string schemas a value reaches on its way in: a pipe is walked on its input side only (what follows works on
 * text already checked), a transform has none of its own.
 */
function inputStrings(schema: z.ZodType, path: string, found: Array<[string, z.ZodString]>, seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, at: string) => inputStrings(child as z.ZodType, at, found, seen);
  switch (def.type) {
    case 'string':
      found.push([path, schema as z.ZodString]);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      break;
    case 'pipe':
      walk(def.in, path);
      break;
    case 'union':
      (def.options as z.ZodType[]).forEach((option, i) => walk(option, `${path}|${i}`));
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      break;
    case 'tuple':
      (def.items as z.ZodType[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, path);
      break;
    case 'lazy':
      walk((def.getter as () => z.ZodType)(), path);
      break;
    default:
    // numbers, booleans, enums, literals, unknown (a provider's details, never stored), transforms: no text of their own
  }
}

describe('text without control characters', () => {
  it('refuses C0 controls but tab and line feed, DEL and C1 controls, first and with one message', () => {
    const schema = requiredText('Enter something');
    for (let code = 0; code <= 0x9f; code += 1) {
      const control = code < 0x20 || code >= 0x7f;
      const allowed = !control || code === 0x09 || code === 0x0a;
      const result = schema.safeParse(`a${String.fromCharCode(code)}b`);
      expect(result.success, `U+${code.toString(16).padStart(4, '0')}`).toBe(allowed);
      if (!allowed) expect(firstMessage(result)).toBe(INPUT_MESSAGES.controlCharacters);
      expect(CONTROL_CHARACTER.test(String.fromCharCode(code))).toBe(!allowed);
    }
    expect(firstMessage(requiredText('Enter something').safeParse('\u0000'))).toBe(INPUT_MESSAGES.controlCharacters);
    expect(plainText().parse('Tabs\tand\nlines, emoji 🧋 and accents é stay')).toBe('Tabs\tand\nlines, emoji 🧋 and accents é stay');
  });

  it('holds every text field of every exported schema to the rule', () => {
    const strings: Array<[string, z.ZodString]> = [];
    for (const [name, value] of Object.entries(contracts)) {
      if (value instanceof z.ZodType) inputStrings(value, name, strings);
    }
    // e-mails, passwords, names, reviews, comments, searches, usernames, place fields, notes, tokens, cursors…
    expect(strings.length).toBeGreaterThan(80);
    expect(strings.filter(([, schema]) => !checksControlCharacters(schema)).map(([path]) => path)).toEqual([]);
  });

  it('refuses a NUL in a comment, in a report note and in a numeric string', () => {
    expect(firstMessage(addCommentSchema.safeParse({ postid: 1, comment: 'Nice\u0000' }))).toBe(INPUT_MESSAGES.controlCharacters);
    expect(firstMessage(addReportSchema.safeParse({ kind: 'post', target_id: 1, reason: 'other', note: 'a\u0000' }))).toBe(INPUT_MESSAGES.controlCharacters);
    expect(postIdSchema.safeParse({ postid: '1\u0000' }).success).toBe(false);
  });
});

describe('ids', () => {
  it('takes 1 to LIMITS.idMax as a number or digits, and nothing PostgreSQL’s integer columns cannot hold', () => {
    expect(LIMITS.idMax).toBe(2 ** 31 - 1);
    for (const id of [1, '1', LIMITS.idMax, String(LIMITS.idMax)]) expect(idField.parse(id)).toBe(Number(id));
    for (const id of [0, -1, 1.5, LIMITS.idMax + 1, 3_000_000_000, '3000000000', 999_999_999_999_999, '999999999999999', Number.MAX_SAFE_INTEGER, 1e308]) {
      expect(firstMessage(idField.safeParse(id)), String(id)).toBe(INPUT_MESSAGES.invalidId);
    }
  });

  it('reads a page path’s id by the same rule', () => {
    expect(idFromPath('12')).toBe(12);
    expect(idFromPath(String(LIMITS.idMax))).toBe(LIMITS.idMax);
    for (const segment of ['0', '-1', '1.5', 'abc', '', ' 1', '2147483648', '3000000000', '99999999999']) expect(idFromPath(segment), segment).toBeNull();
  });

  it('refuses a review or a comment reported by an id past the limit, and takes a username of digits', () => {
    for (const target_id of [3_000_000_000, '3000000000']) {
      expect(firstMessage(addReportSchema.safeParse({ kind: 'comment', target_id, reason: 'spam' }))).toBe(INPUT_MESSAGES.invalidId);
    }
    expect(addReportSchema.safeParse({ kind: 'post', target_id: '12', reason: 'spam' }).success).toBe(true);
    expect(addReportSchema.safeParse({ kind: 'user', target_id: '3000000000', reason: 'spam' }).success).toBe(true);
  });
});
