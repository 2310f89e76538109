// The rendered-fragment cache: a fragment is reused only at the revision it was rendered from, and memory is bounded.
import { expect } from 'chai';
import { FragmentCache } from '../../../src/http/representation/fragmentCache.ts';
import { JsonText, listText } from '../../../src/http/representation/jsonText.ts';
import type { TranslationSlot } from '../../../src/http/representation/translationSlots.ts';

describe('FragmentCache', () => {
  it('renders once per id and revision, and again when the revision changes', () => {
    const cache = new FragmentCache<string>(10);
    let renders = 0;
    const render = (text: string) => () => {
      renders++;
      return text;
    };
    expect(cache.fragment(1, 0, render('a'))).to.equal('a');
    expect(cache.fragment(1, 0, render('ignored'))).to.equal('a');
    expect(cache.fragment(1, 1, render('b'))).to.equal('b');
    // An older revision (a past state) is rendered, never answered from a newer one.
    expect(cache.fragment(1, 0, render('a again'))).to.equal('a again');
    expect(renders).to.equal(3);
  });

  it('keeps at most its capacity, dropping the oldest renderings first', () => {
    const cache = new FragmentCache<number>(3);
    for (const id of [1, 2, 3, 4]) cache.fragment(id, 0, () => id);
    expect(cache.size).to.equal(3);
    let rendered = false;
    cache.fragment(1, 0, () => ((rendered = true), 1));
    expect(rendered, 'the oldest was dropped').to.equal(true);
    rendered = false;
    cache.fragment(4, 0, () => ((rendered = true), 4));
    expect(rendered, 'the newest stays').to.equal(false);
  });
});

describe('JsonText', () => {
  const slot = (id: number): TranslationSlot => ({ kind: 'event', group: id, member: { id, language: 'en' } });

  it('fills each translations hole with the looked-up value, looking up every slot in one call', async () => {
    const calls: number[][] = [];
    const out = new JsonText().text('{"a":').translations(slot(1)).text(',"b":').translations(slot(2)).text('}');
    const text = await out.render(async (slots) => {
      calls.push(slots.map((s) => s.group));
      return slots.map((s) => (s.group === 1 ? '{"es":7}' : '{}'));
    });
    expect(text).to.equal('{"a":{"es":7},"b":{}}');
    expect(calls).to.deep.equal([[1, 2]]);
  });

  it('writes list pages with their envelope keys', async () => {
    const out = listText('events', [1, 2], (text, n) => text.text(String(n)), { rest_url: 'u', total: 2 });
    const text = await out.render(async (slots) => slots.map(() => '{}'));
    expect(text).to.equal('{"events":[1,2],"rest_url":"u","total":2}');
    expect(
      JSON.parse(
        await listText('venues', [], () => undefined, { total: 0 }).render(async (slots) => slots.map(() => '{}')),
      ),
    ).to.deep.equal({ venues: [], total: 0 });
  });
});
