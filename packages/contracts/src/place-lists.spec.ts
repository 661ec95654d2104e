import { describe, expect, it } from 'vitest';
import { normalizeOrderText, orderTextLabel } from './place-lists';

describe('order texts', () => {
  it('group alike whatever the case, spacing, punctuation or size', () => {
    const same = ['Oat milk cortado, 8 oz', 'oat milk  CORTADO (large)', 'Oat milk cortado 12oz', 'oat-milk cortado, grande', 'Oat milk cortado, 350 ml'];
    expect(new Set(same.map(normalizeOrderText))).toEqual(new Set(['oat milk cortado']));
    expect(normalizeOrderText('Brown sugar boba, 50% sweet')).toBe('brown sugar boba 50% sweet');
    expect(normalizeOrderText('Cortado')).not.toBe(normalizeOrderText('Cortado with oat milk'));
  });

  it('label an order as written, less its size', () => {
    expect(orderTextLabel('Oat milk cortado, 8 oz')).toBe('Oat milk cortado');
    expect(orderTextLabel('cortado (large)')).toBe('Cortado');
    expect(orderTextLabel('Cardamom chai, 8 oz, and a concha')).toBe('Cardamom chai, and a concha');
    expect(orderTextLabel('Nitro cold brew, 16 oz, no sweetener')).toBe('Nitro cold brew, no sweetener');
  });
});
