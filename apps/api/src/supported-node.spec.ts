import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from './supported-node';

describe('the Node.js versions Siplog starts on', () => {
  it('takes 22 and newer, and refuses older ones in one line naming both versions', () => {
    expect(unsupportedNodeMessage('22.0.0')).toBeNull();
    expect(unsupportedNodeMessage('24.21.0')).toBeNull();
    expect(unsupportedNodeMessage('25.1.0')).toBeNull();
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      "Siplog needs Node.js 22 or newer (24 LTS recommended); this is Node.js 20.20.2. See the README's quick start.",
    );
  });
});
