import { describe, expect, it } from 'vitest';
import { filterUsers, type AdminUser } from './user-filter';

const person = (email: string, first_name: string, last_name: string): AdminUser => ({
  email,
  username: email.split('@')[0],
  first_name,
  last_name,
  phone_number: '',
  address: '',
  zip_code: '60622',
  verified: true,
  deactivated: false,
  suspended: false,
  suspension_reason: null,
});

describe('the admin user filter', () => {
  const people = [person('ann@example.com', 'Ann', 'Lee'), person('ben@example.com', 'Ben', 'Okafor'), person('cara@shop.test', 'Cara', 'Annan')];

  it('matches the e-mail, first or last name, ignoring case and outer spaces', () => {
    expect(filterUsers(people, 'ANN').map((user) => user.email)).toEqual(['ann@example.com', 'cara@shop.test']);
    expect(filterUsers(people, ' okafor ').map((user) => user.email)).toEqual(['ben@example.com']);
    expect(filterUsers(people, 'shop.test').map((user) => user.email)).toEqual(['cara@shop.test']);
    expect(filterUsers(people, 'nobody')).toEqual([]);
  });

  it('keeps everyone when the box is empty', () => {
    expect(filterUsers(people, '  ')).toEqual(people);
  });
});
