import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './download';

describe('attachmentFileName', () => {
  it('reads the quoted file name of an attachment', () => {
    expect(attachmentFileName('attachment; filename="siplog-ann-2026-11-27.zip"')).toBe('siplog-ann-2026-11-27.zip');
  });

  it('answers null without a header, without a name, or for a name with a path in it', () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName('attachment; filename="../etc/passwd"')).toBeNull();
    expect(attachmentFileName('attachment; filename="a\\b.zip"')).toBeNull();
  });
});
