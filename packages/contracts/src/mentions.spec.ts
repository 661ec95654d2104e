import { describe, expect, it } from 'vitest';
import { mentionedNames, splitMentions } from './mentions';

describe('mentions', () => {
  it('finds @names at the start, after spaces and punctuation, lower-cased and once each', () => {
    expect(mentionedNames('@Maya_Sips try this, (@leo.w) and @maya_sips again')).toEqual(['maya_sips', 'leo.w']);
  });

  it('ignores e-mail addresses, too short or too long names, and a bare @', () => {
    expect(mentionedNames('write ann@cafe.com or @abc or @thirteenchars or @ alone')).toEqual([]);
  });

  it('leaves a sentence-ending dot out of the name', () => {
    expect(splitMentions('Thanks @maya_sips.')).toEqual([{ text: 'Thanks ' }, { mention: 'maya_sips', text: '@maya_sips' }, { text: '.' }]);
  });

  it('keeps every character of the text across the parts', () => {
    const text = 'a @bobby b @carla_x. c @x @ d@eeee';
    expect(splitMentions(text).map((part) => part.text).join('')).toBe(text);
  });
});
