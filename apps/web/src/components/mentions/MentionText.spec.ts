import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MentionText } from './MentionText';

const render = (text: string, mentions: string[]) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MentionText, { text, mentions })));

describe('MentionText', () => {
  it('renders a listed @name as a link to the profile and the rest as text', () => {
    expect(render('Ask @Maya_Sips about @ghost_1!', ['maya_sips'])).toBe('Ask <a class="mention" href="/user/maya_sips" data-discover="true">@Maya_Sips</a> about @ghost_1!');
  });

  it('shows markup in the text as text, never as HTML', () => {
    const html = render('<img src=x onerror=alert(1)> @maya_sips <b>hi</b>', ['maya_sips']);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; ');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });
});
