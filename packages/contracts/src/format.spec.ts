import { describe, expect, it } from 'vitest';
import {
  capitalizeName,
  displayPlaceName,
  formatAddressLine,
  formatCount,
  formatPhoneInput,
  formatPlaceLabel,
  formatPostDate,
  shortFileName,
} from './format';

describe('formatPhoneInput', () => {
  it('keeps digits only and hyphenates after the 3rd and 7th character', () => {
    expect(formatPhoneInput('5')).toBe('5');
    expect(formatPhoneInput('512')).toBe('512');
    expect(formatPhoneInput('5125')).toBe('512-5');
    expect(formatPhoneInput('512555')).toBe('512-555');
    expect(formatPhoneInput('5125550')).toBe('512-555-0');
    expect(formatPhoneInput('(512) 555-0199')).toBe('512-555-0199');
    expect(formatPhoneInput('512a555b0199c77')).toBe('512-555-0199');
  });
});

describe('capitalizeName', () => {
  it('upper-cases the first letter and lower-cases the rest', () => {
    expect(capitalizeName('aNN')).toBe('Ann');
    expect(capitalizeName('  mcDONALD ')).toBe('Mcdonald');
    expect(capitalizeName('')).toBe('');
  });
});

describe('formatCount', () => {
  it('shows 1000 and more as thousands with one decimal', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1234)).toBe('1.2K');
    expect(formatCount(1299)).toBe('1.2K');
    expect(formatCount(25_600)).toBe('25.6K');
  });
});

describe('shortFileName', () => {
  it('keeps the first 5 characters of the base name and the extension', () => {
    expect(shortFileName('IMG_20250801_1234.jpeg')).toBe('IMG_2.jpeg');
    expect(shortFileName('cat.png')).toBe('cat.png');
    expect(shortFileName('archive.tar.gz')).toBe('archi.gz');
    expect(shortFileName('.hidden')).toBe('.hidd');
  });
});

describe('formatPostDate', () => {
  it('shows month/day/year', () => {
    expect(formatPostDate(new Date(2025, 7, 1, 12))).toBe('8/1/2025');
  });
});

describe('displayPlaceName', () => {
  it('keeps names of up to 20 characters as they are', () => {
    expect(displayPlaceName('Zhi Tea')).toBe('Zhi Tea');
    expect(displayPlaceName('Dark Matter Coffee 1')).toBe('Dark Matter Coffee 1');
  });

  it('keeps the first 20 characters of a longer name and marks the cut with an ellipsis', () => {
    expect(displayPlaceName('Houndstooth Coffee on North Lamar')).toBe('Houndstooth Coffee o…');
    expect(displayPlaceName('Dark Matter Coffee Chicago')).toBe('Dark Matter Coffee C…');
  });

  it('drops a space left before the ellipsis', () => {
    expect(displayPlaceName('Intelligentsia Coff  ee Bar')).toBe('Intelligentsia Coff…');
  });
});

describe('formatAddressLine', () => {
  it('joins street, city, "STATE ZIP" and country, leaving out empty parts', () => {
    expect(formatAddressLine({ street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' })).toBe('1 Main St, Chicago, IL 60601, US');
    expect(formatAddressLine({ street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: '' })).toBe('1 Main St, Chicago, IL 60601');
    expect(formatAddressLine({ street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' })).toBe('1 Main St, Chicago, IL 60601');
    expect(formatAddressLine({ street: '', city: 'Chicago', state: '', zip: '60601' })).toBe('Chicago, 60601');
    expect(formatAddressLine({ street: '', city: 'Chicago', state: 'IL', zip: '' })).toBe('Chicago, IL');
  });

  it('trims parts and answers empty when nothing is known', () => {
    expect(formatAddressLine({ street: ' 1 Main St ', city: ' Chicago', state: 'IL ', zip: ' 60601', country: ' US ' })).toBe('1 Main St, Chicago, IL 60601, US');
    expect(formatAddressLine({ street: ' ', city: '', state: '', zip: '' })).toBe('');
  });
});

describe('formatPlaceLabel', () => {
  it('is "street, city" when the street is known', () => {
    expect(formatPlaceLabel({ street: '2521 N Milwaukee Ave', city: 'Chicago', state: 'IL' })).toBe('2521 N Milwaukee Ave, Chicago');
    expect(formatPlaceLabel({ street: '2521 N Milwaukee Ave', city: '', state: 'IL' })).toBe('2521 N Milwaukee Ave');
  });

  it('is "city, state" without a street (areas pass their name as the city)', () => {
    expect(formatPlaceLabel({ street: '', city: 'Chicago', state: 'IL' })).toBe('Chicago, IL');
    expect(formatPlaceLabel({ street: '  ', city: 'Wicker Park', state: '' })).toBe('Wicker Park');
    expect(formatPlaceLabel({ street: '', city: '', state: '' })).toBe('');
  });
});
