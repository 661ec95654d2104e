import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../messages';
import { contactRequestSchema } from './support';

const valid = {
  clientemail: 'ann@example.com',
  firstname: 'Ann',
  lastname: 'Lee',
  phone: '512-555-0199',
  message: 'Do you list tea houses too?',
};
const emailOf = (clientemail: string) => contactRequestSchema.safeParse({ ...valid, clientemail });

describe('contact reply address', () => {
  it('refuses an address with a space inside instead of joining the halves', () => {
    for (const address of ['ann @example.com', 'ann@exa mple.com', 'ann@ example.com', 'a nn@example.com', 'ann@example.\tcom']) {
      const result = emailOf(address);
      expect(result.success, address).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['clientemail'], message: CONTACT_MESSAGES.emailInvalid });
    }
  });

  it('trims spaces around the address and lower-cases it', () => {
    expect(emailOf('  Ann@Example.COM ').data?.clientemail).toBe('ann@example.com');
  });

  it('refuses what is no address at all', () => {
    for (const address of ['', '   ', 'ann', 'ann@', '@example.com', 'ann@example']) {
      expect(emailOf(address).success, address).toBe(false);
    }
  });
});
