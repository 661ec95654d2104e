import { describe, expect, it } from 'vitest';
import { mentionParts } from './mention-parts';

describe('the parts of a text with mentions', () => {
  it('links the names the API listed, lower-cased, and keeps the text around them', () => {
    expect(mentionParts('Thanks @Maya_Sips, try it.', ['maya_sips'])).toEqual([
      { text: 'Thanks ' },
      { text: '@Maya_Sips', username: 'maya_sips' },
      { text: ', try it.' },
    ]);
  });

  it('leaves a name the API did not list as plain text, joined with the text around it', () => {
    expect(mentionParts('Ask @nobody_here or @maya_sips.', ['maya_sips'])).toEqual([
      { text: 'Ask @nobody_here or ' },
      { text: '@maya_sips', username: 'maya_sips' },
      { text: '.' },
    ]);
    expect(mentionParts('Ask @nobody_here', [])).toEqual([{ text: 'Ask @nobody_here' }]);
    expect(mentionParts('Ask @nobody_here', undefined)).toEqual([{ text: 'Ask @nobody_here' }]);
  });

  it('never links an e-mail address, even of a listed name', () => {
    expect(mentionParts('mail maya_sips@cafe.com', ['cafe.com', 'maya_sips'])).toEqual([{ text: 'mail maya_sips@cafe.com' }]);
  });

  it('links every mention of a listed name, and keeps every character', () => {
    const text = '@leo.w and @LEO.W again';
    const parts = mentionParts(text, ['leo.w']);
    expect(parts.filter((part) => 'username' in part)).toEqual([
      { text: '@leo.w', username: 'leo.w' },
      { text: '@LEO.W', username: 'leo.w' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('answers nothing for an empty text', () => {
    expect(mentionParts('', ['maya_sips'])).toEqual([]);
  });
});
