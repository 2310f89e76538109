// Specification of HTML text derivations: entity escaping (§4.1), json_ld descriptions (§4.6), image extensions (§4.4).
import { expect } from 'chai';
import {
  escapeHtmlEntities,
  imageExtension,
  jsonLdDescription,
  stripTags,
  trimWords,
} from '../../src/domain/htmlText.ts';

describe('escapeHtmlEntities', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtmlEntities(`&<>"'`)).to.equal('&amp;&lt;&gt;&quot;&#039;');
  });

  it('leaves a URL without those characters unchanged (capture 10 website)', () => {
    expect(escapeHtmlEntities('https://example.com/full')).to.equal('https://example.com/full');
  });

  it('escapes a query string', () => {
    expect(escapeHtmlEntities("https://example.com/?a=1&b='x'")).to.equal(
      'https://example.com/?a=1&amp;b=&#039;x&#039;',
    );
  });

  it('escapes an ampersand that already starts an entity', () => {
    expect(escapeHtmlEntities('a&amp;b')).to.equal('a&amp;amp;b');
  });

  it('keeps other characters, non-ASCII included', () => {
    expect(escapeHtmlEntities('Càfè – ok')).to.equal('Càfè – ok');
  });
});

describe('stripTags', () => {
  it('removes tags and keeps their text', () => {
    expect(stripTags('<p>Full <strong>description</strong></p>')).to.equal('Full description');
  });

  it('removes script and style elements with their content, and comments', () => {
    expect(stripTags('a<script>alert(1)</script>b<style>p{}</style>c<!-- x -->d')).to.equal('abcd');
  });

  it('keeps a < that does not start a tag', () => {
    expect(stripTags('1 < 2 and <3')).to.equal('1 < 2 and <3');
  });
});

describe('trimWords', () => {
  it('keeps texts up to the limit, collapsing white space', () => {
    expect(trimWords('a  b\n\nc', 3, '…')).to.equal('a b c');
  });

  it('cuts longer texts and appends the marker', () => {
    expect(trimWords('a b c d', 3, '…')).to.equal('a b c…');
  });
});

describe('jsonLdDescription', () => {
  it('formats, escapes and writes line breaks as backslash-n (captures 13 and 14)', () => {
    const fromCapture = '&lt;p&gt;Short excerpt&lt;/p&gt;\\n';
    expect(jsonLdDescription('Short excerpt', '<p>Full <strong>description</strong></p>')).to.equal(fromCapture);
  });

  it('gives "" when both sources are empty (capture 12)', () => {
    expect(jsonLdDescription('', '')).to.equal('');
  });

  it('never contains a real line break', () => {
    const out = jsonLdDescription('a\nb\n\nc', '');
    expect(out).to.equal('&lt;p&gt;a&lt;br /&gt;\\nb&lt;/p&gt;\\n&lt;p&gt;c&lt;/p&gt;\\n');
    expect(out).not.to.include('\n');
  });

  it('prefers the excerpt and keeps its HTML (escaped)', () => {
    expect(jsonLdDescription('<em>Hi</em> "you"', 'Ignored')).to.equal(
      '&lt;p&gt;&lt;em&gt;Hi&lt;/em&gt; &quot;you&quot;&lt;/p&gt;\\n',
    );
  });

  it('falls back to the description without tags when the excerpt is blank', () => {
    const description = '<p>Full <strong>description</strong></p>';
    const expected = '&lt;p&gt;Full description&lt;/p&gt;\\n';
    expect(jsonLdDescription('', description)).to.equal(expected);
    expect(jsonLdDescription('  \n', description)).to.equal(expected);
  });

  it('turns a multi-paragraph description into one paragraph (its white space collapses)', () => {
    expect(jsonLdDescription('', '<p>One</p>\n\n<p>Two</p>')).to.equal('&lt;p&gt;One Two&lt;/p&gt;\\n');
  });

  it('keeps a description of exactly 55 words whole', () => {
    const words = Array.from({ length: 55 }, (_, i) => `w${i + 1}`).join(' ');
    expect(jsonLdDescription('', words)).to.equal(`&lt;p&gt;${words}&lt;/p&gt;\\n`);
  });

  it('cuts a longer description to 55 words plus " [&hellip;]", whose & is escaped too', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i + 1}`);
    const kept = words.slice(0, 55).join(' ');
    expect(jsonLdDescription('', words.join(' '))).to.equal(`&lt;p&gt;${kept} [&amp;hellip;]&lt;/p&gt;\\n`);
  });

  it('escapes apostrophes and ampersands of the source', () => {
    expect(jsonLdDescription("Tom & Jerry's", '')).to.equal('&lt;p&gt;Tom &amp; Jerry&#039;s&lt;/p&gt;\\n');
  });
});

describe('imageExtension', () => {
  it('is the text after the last dot of the last path segment', () => {
    expect(imageExtension('https://example.com/images/poster.jpg')).to.equal('jpg');
    expect(imageExtension('https://example.com/a.b/archive.tar.gz')).to.equal('gz');
  });

  it('keeps the letter case as written', () => {
    expect(imageExtension('https://example.com/PHOTO.JPEG')).to.equal('JPEG');
  });

  it('ignores the query and the fragment', () => {
    expect(imageExtension('https://example.com/p.png?v=1.2#x.gif')).to.equal('png');
    expect(imageExtension('https://example.com/p.webp#frag.jpg')).to.equal('webp');
    expect(imageExtension('https://example.com/image?name=x.png')).to.equal(undefined);
  });

  it('is undefined when the last segment has no dot, even if earlier segments do', () => {
    expect(imageExtension('https://example.com/v1.2/image')).to.equal(undefined);
    expect(imageExtension('https://example.com/images/')).to.equal(undefined);
  });

  it('never takes the host for a path segment', () => {
    expect(imageExtension('https://example.com')).to.equal(undefined);
    expect(imageExtension('https://example.com?x=a.png')).to.equal(undefined);
    expect(imageExtension('//cdn.example.com')).to.equal(undefined);
    expect(imageExtension('http://example.com:8080/a.svg')).to.equal('svg');
  });

  it('is undefined when nothing follows the last dot', () => {
    expect(imageExtension('https://example.com/file.')).to.equal(undefined);
  });
});
