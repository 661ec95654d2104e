import { describe, expect, it } from 'vitest';
import { describeFailure, errorMessage, httpStatusOf, specificServerMessage } from './trpc-errors';

const trpcError = (message: string, httpStatus?: number) =>
  Object.assign(new Error(message), httpStatus ? { data: { code: 'X', httpStatus } } : { data: undefined });

describe('server errors', () => {
  it('reads the HTTP status of a tRPC failure', () => {
    expect(httpStatusOf(trpcError('Too many', 429))).toBe(429);
    expect(httpStatusOf(trpcError('Failed to fetch'))).toBeUndefined();
    expect(httpStatusOf('nope')).toBeUndefined();
  });

  it("passes on the server's message only for refusals a person can act on", () => {
    expect(specificServerMessage(trpcError('Invalid code', 400))).toBe('Invalid code');
    expect(specificServerMessage(trpcError('Too many requests', 429))).toBe('Too many requests');
    expect(specificServerMessage(trpcError('Something went wrong', 500))).toBeNull();
    expect(specificServerMessage(trpcError('Failed to fetch'))).toBeNull();
  });
});

describe('client log text', () => {
  it('names what failed, the status when there was one, and the message', () => {
    expect(describeFailure('Login failed', trpcError('Something went wrong', 500))).toBe('Login failed (500): Something went wrong');
    expect(describeFailure('Upload failed', new Error('Failed to fetch'))).toBe('Upload failed: Failed to fetch');
    expect(describeFailure('Upload failed', 'boom')).toBe('Upload failed: boom');
    expect(errorMessage(new Error('Invalid code'))).toBe('Invalid code');
  });
});
