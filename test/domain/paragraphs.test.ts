// Specification of paragraph formatting (docs/api.md §4.7 "Paragraph formatting").
import { expect } from 'chai';
import { formatParagraphs, formatTrimmed } from '../../src/domain/paragraphs.ts';

describe('formatParagraphs', () => {
  it('wraps a single line in <p> and ends with a line break', () => {
    expect(formatParagraphs('Short excerpt')).to.equal('<p>Short excerpt</p>\n');
  });

  it('gives "" for empty or whitespace-only text', () => {
    expect(formatParagraphs('')).to.equal('');
    expect(formatParagraphs('   ')).to.equal('');
    expect(formatParagraphs('\n\r\n\t \n')).to.equal('');
  });

  it('turns single line breaks into <br /> and blank lines into paragraph breaks', () => {
    expect(formatParagraphs('a\nb\n\nc')).to.equal('<p>a<br />\nb</p>\n<p>c</p>\n');
  });

  it('treats any run of two or more line breaks as one paragraph break', () => {
    expect(formatParagraphs('a\n\n\n\nb')).to.equal('<p>a</p>\n<p>b</p>\n');
  });

  it('treats lines holding only spaces or tabs as blank', () => {
    expect(formatParagraphs('a\n \t\nb')).to.equal('<p>a</p>\n<p>b</p>\n');
  });

  it('normalises CRLF and CR line breaks', () => {
    expect(formatParagraphs('a\r\nb\r\n\r\nc')).to.equal('<p>a<br />\nb</p>\n<p>c</p>\n');
    expect(formatParagraphs('a\rb\r\rc')).to.equal('<p>a<br />\nb</p>\n<p>c</p>\n');
  });

  it('keeps a block that starts with a block-level tag as is (capture 10)', () => {
    const description = '<p>Full <strong>description</strong></p>';
    expect(formatParagraphs(description)).to.equal(`${description}\n`);
  });

  it('recognises every listed block-level tag, in any letter case and with attributes', () => {
    const blocks = [
      '<p class="x">t</p>',
      '<div>t</div>',
      '<ul><li>t</li></ul>',
      '<ol><li>t</li></ol>',
      '<h1>t</h1>',
      '<h6>t</h6>',
      '<blockquote>t</blockquote>',
      '<pre>t\nu</pre>',
      '<table><tr><td>t</td></tr></table>',
      '<figure>t</figure>',
      '<hr>',
      '<hr/>',
      '<DIV>t</DIV>',
    ];
    for (const block of blocks) expect(formatParagraphs(block), block).to.equal(`${block}\n`);
  });

  it('keeps line breaks inside a block-level block untouched', () => {
    expect(formatParagraphs('<ul>\n<li>a</li>\n</ul>')).to.equal('<ul>\n<li>a</li>\n</ul>\n');
  });

  it('wraps blocks starting with inline or unknown tags', () => {
    expect(formatParagraphs('<strong>Bold</strong> text')).to.equal('<p><strong>Bold</strong> text</p>\n');
    expect(formatParagraphs('<picture>x</picture>')).to.equal('<p><picture>x</picture></p>\n');
    expect(formatParagraphs('<param>')).to.equal('<p><param></p>\n');
    expect(formatParagraphs('<h7>x</h7>')).to.equal('<p><h7>x</h7></p>\n');
  });

  it('mixes kept and wrapped blocks in order', () => {
    expect(formatParagraphs('Intro\n\n<ul><li>x</li></ul>\n\nOutro')).to.equal(
      '<p>Intro</p>\n<ul><li>x</li></ul>\n<p>Outro</p>\n',
    );
  });

  it('ignores line breaks at the start and end of the text', () => {
    expect(formatParagraphs('\n\nText\n')).to.equal('<p>Text</p>\n');
    expect(formatParagraphs('Text\n\n\n')).to.equal('<p>Text</p>\n');
  });

  it('makes no typographic substitutions', () => {
    const text = `"Quotes" -- and 'apostrophes'... & (c)`;
    expect(formatParagraphs(text)).to.equal(`<p>${text}</p>\n`);
  });
});

describe('formatTrimmed', () => {
  it('is the paragraph-formatted text without the final line break (captures 10, 13)', () => {
    expect(formatTrimmed('Short excerpt')).to.equal('<p>Short excerpt</p>');
    expect(formatTrimmed('<p>Full <strong>description</strong></p>')).to.equal(
      '<p>Full <strong>description</strong></p>',
    );
  });

  it('gives "" for empty text (capture 09)', () => {
    expect(formatTrimmed('')).to.equal('');
    expect(formatTrimmed(' \n ')).to.equal('');
  });

  it('keeps the line breaks between paragraphs', () => {
    expect(formatTrimmed('a\nb\n\nc')).to.equal('<p>a<br />\nb</p>\n<p>c</p>');
  });
});
