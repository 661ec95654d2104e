import type { z } from 'zod';
import { SERVER_MESSAGES } from '@siplog/contracts';
import { AppError } from './app-error';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './json-depth';

/** Turns a failed parse into the one message a person should read: the first issue, in schema order. */
export function zodErrorToAppError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('BAD_REQUEST');
  if (issue.code === 'unrecognized_keys') {
    return new AppError('BAD_REQUEST', SERVER_MESSAGES.unknownField(issue.keys.join(', ')));
  }
  return new AppError('BAD_REQUEST', issue.message);
}

/** Parses input with a contracts schema or throws the AppError a transport maps to 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw zodErrorToAppError(result.error);
  return result.data;
}

const DATA_FIELD_NOT_JSON = 'The data field must be JSON text.';

/** A multipart text field that carries JSON (the spec's `data` field); absent means an empty object. */
export function parseJsonField<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (raw === undefined || raw === '') return parseInput(schema, {});
  if (typeof raw !== 'string') throw new AppError('BAD_REQUEST', DATA_FIELD_NOT_JSON);
  if (jsonNestsDeeperThan(raw)) throw new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', DATA_FIELD_NOT_JSON);
  }
  return parseInput(schema, value);
}
