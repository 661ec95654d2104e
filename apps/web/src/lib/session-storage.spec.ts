import { describe, expect, it } from 'vitest';
import { sessionAfterPasswordChange, type SessionUser } from './session-storage';

const session: SessionUser = {
  status: 200,
  token: 'old-token',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  username: 'annlee',
  must_change_password: true,
};

describe('the session after a password change', () => {
  it('takes the fresh token and ends the temporary-password prompt', () => {
    expect(sessionAfterPasswordChange(session, 'new-token')).toEqual({ ...session, token: 'new-token', must_change_password: false });
  });

  it('keeps everything else the person signed in with, and leaves the old session object alone', () => {
    const { must_change_password: _unused, ...withoutFlag } = session;
    expect(sessionAfterPasswordChange(withoutFlag, 'new-token')).toEqual({ ...withoutFlag, token: 'new-token', must_change_password: false });
    expect(session.token).toBe('old-token');
  });
});
