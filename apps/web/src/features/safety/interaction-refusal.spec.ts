import { describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@siplog/contracts';
import { interactionRefusal } from './interaction-refusal';

const failure = (httpStatus: number | undefined, message: string) => Object.assign(new Error(message), { data: httpStatus ? { httpStatus } : null });

describe('interactionRefusal', () => {
  it("says the server's words for a refusal between blocked people", () => {
    expect(interactionRefusal(failure(403, SAFETY_MESSAGES.cannotInteract))).toBe(SAFETY_MESSAGES.cannotInteract);
  });

  it('leaves other failures to the caller', () => {
    expect(interactionRefusal(failure(500, 'Internal server error'))).toBeNull();
    expect(interactionRefusal(failure(429, 'Too many requests'))).toBeNull();
    expect(interactionRefusal(new TypeError('Failed to fetch'))).toBeNull();
  });
});
