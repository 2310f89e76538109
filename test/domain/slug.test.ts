// Specification of slug derivation (docs/api.md §4.7 "Slugs").
import { expect } from 'chai';
import { maxSlugLength, slugify, trashedSlug, withSuffix } from '../../src/domain/slug.ts';

describe('slugify', () => {
  describe('values seen in the captures', () => {
    const captured: Array<[string, string]> = [
      ['Minimal Event', 'minimal-event'], // 09
      ['Full Event', 'full-event'], // 10
      ['All Day Event', 'all-day-event'], // 11
      ['Main Hall', 'main-hall'], // 05
      ['Acme Events', 'acme-events'], // 06
      ['Workshops', 'workshops'], // 07
      ['beginner', 'beginner'], // 08
      ['Minimal Event (renamed)', 'minimal-event-renamed'], // §4.7 example
    ];
    for (const [title, slug] of captured) {
      it(`${JSON.stringify(title)} → ${JSON.stringify(slug)}`, () => {
        expect(slugify(title)).to.equal(slug);
      });
    }
  });

  it('lower-cases', () => {
    expect(slugify('HELLO World')).to.equal('hello-world');
  });

  it('folds accented Latin letters to their base letter', () => {
    expect(slugify('Càfè Ñandú')).to.equal('cafe-nandu');
    expect(slugify('Él año pasó en Zürich, Ærøskøbing')).to.equal('el-ano-paso-en-zurich-aeroskobing');
    expect(slugify('Çà et là: Ångström, Dvořák, Şişli')).to.equal('ca-et-la-angstrom-dvorak-sisli');
  });

  it('maps the Latin letters NFD does not decompose', () => {
    expect(slugify('Straße')).to.equal('strasse');
    expect(slugify('Æsir Œuvre')).to.equal('aesir-oeuvre');
    expect(slugify('Ørsted')).to.equal('orsted');
    expect(slugify('Łódź')).to.equal('lodz');
    expect(slugify('Đakovo')).to.equal('dakovo');
    expect(slugify('Þórsmörk')).to.equal('thorsmork');
  });

  it('drops ASCII characters other than a–z, 0–9, space, underscore and hyphen', () => {
    expect(slugify('Rock & Roll! @ 10:30 #1')).to.equal('rock-roll-1030-1');
    expect(slugify('snake_case_name')).to.equal('snake_case_name');
  });

  describe('keeps letters of other scripts (and emoji) as percent-encoded UTF-8, as the reference does', () => {
    const scripts: [title: string, slug: string][] = [
      ['日本語', '%e6%97%a5%e6%9c%ac%e8%aa%9e'],
      ['Концерт 2026', '%d0%ba%d0%be%d0%bd%d1%86%d0%b5%d1%80%d1%82-2026'],
      ['Ελληνικά', '%ce%b5%ce%bb%ce%bb%ce%b7%ce%bd%ce%b9%ce%ba%ce%ac'],
      ['हिन्दी', '%e0%a4%b9%e0%a4%bf%e0%a4%a8%e0%a5%8d%e0%a4%a6%e0%a5%80'], // marks of other scripts stay
      ['Concert 🎵 Night', 'concert-%f0%9f%8e%b5-night'],
      ['Việt Nam', 'viet-nam'], // Latin letters with two marks still fold
      ['“Quoted” ¡Hola! «Llibre»', 'quoted-hola-llibre'], // punctuation goes
      ['10–12 — © 2026™', '10-12-2026'], // dashes separate, ©™ go
      ['3×3', '3x3'],
      ['caf%C3%A9', 'caf%c3%a9'], // octets already encoded are kept, in lower case
      ['100% sure', '100-sure'], // a % that starts no octet goes
    ];
    for (const [title, slug] of scripts) {
      it(`${JSON.stringify(title)} → ${slug}`, () => {
        expect(slugify(title)).to.equal(slug);
        expect(slugify(slug)).to.equal(slug);
      });
    }
  });

  it('cuts a slug to 200 characters, never inside a character', () => {
    expect(maxSlugLength).to.equal(200);
    expect(slugify('a'.repeat(250))).to.equal('a'.repeat(200));
    const japanese = slugify('東京'.repeat(40));
    expect(japanese).to.have.length(198); // 22 characters of 9
    expect(japanese).to.equal('%e6%9d%b1%e4%ba%ac'.repeat(11));
    expect(slugify(`${'a'.repeat(199)} b`)).to.equal('a'.repeat(199)); // no hyphen left dangling
  });

  it('turns runs of spaces and hyphens into one hyphen', () => {
    expect(slugify('a  -  b')).to.equal('a-b');
    expect(slugify('a---b')).to.equal('a-b');
    expect(slugify('a - - b')).to.equal('a-b');
  });

  it('does not merge underscores with hyphens', () => {
    expect(slugify('a _ b')).to.equal('a-_-b');
  });

  it('trims hyphens at both ends but keeps underscores', () => {
    expect(slugify('  -Hello-  ')).to.equal('hello');
    expect(slugify('(Hello)')).to.equal('hello');
    expect(slugify('_x_')).to.equal('_x_');
  });

  it('treats any white space as a space', () => {
    expect(slugify('Café\u00a0Bar')).to.equal('cafe-bar');
    expect(slugify('a\tb\nc')).to.equal('a-b-c');
  });

  it('normalises an explicit slug the same way', () => {
    expect(slugify('My-Custom--Slug')).to.equal('my-custom-slug');
    expect(slugify('already-a-slug')).to.equal('already-a-slug');
  });

  it('is idempotent', () => {
    for (const text of ['Càfè Ñandú', 'Minimal Event (renamed)', ' -a_b- ', 'Straße']) {
      expect(slugify(slugify(text))).to.equal(slugify(text));
    }
  });

  it('returns "" when nothing survives, leaving the id substitution to the caller', () => {
    expect(slugify('')).to.equal('');
    expect(slugify('   ')).to.equal('');
    expect(slugify('!!! --- ???')).to.equal('');
    expect(slugify('©®™')).to.equal('');
  });
});

describe('withSuffix', () => {
  it('gives slug-n for n ≥ 2', () => {
    expect(withSuffix('minimal-event', 2)).to.equal('minimal-event-2');
    expect(withSuffix('minimal-event', 3)).to.equal('minimal-event-3');
    expect(withSuffix('minimal-event', 12)).to.equal('minimal-event-12');
  });

  it('gives the slug itself as the first candidate', () => {
    expect(withSuffix('minimal-event', 1)).to.equal('minimal-event');
  });

  it('rejects counters that are not integers ≥ 1', () => {
    expect(() => withSuffix('x', 0)).to.throw(RangeError);
    expect(() => withSuffix('x', -2)).to.throw(RangeError);
    expect(() => withSuffix('x', 2.5)).to.throw(RangeError);
    expect(() => withSuffix('x', Number.NaN)).to.throw(RangeError);
  });
});

describe('trashedSlug', () => {
  it('appends __trashed (capture 42)', () => {
    expect(trashedSlug('minimal-event')).to.equal('minimal-event__trashed');
  });

  it('does not append it twice', () => {
    expect(trashedSlug(trashedSlug('minimal-event'))).to.equal('minimal-event__trashed');
  });
});
