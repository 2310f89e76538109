// Specifies the stored forms of item passwords: argon2id for new ones, the old unsalted SHA-256 digest still
// comparable in constant time, and that digest wrapped in argon2id by the migration.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import {
  hashItemPassword,
  matchesLegacyDigest,
  storedPasswordForm,
  verifyItemPassword,
  wrapLegacyDigest,
} from '../../../src/commands/posts/itemPasswordHash.ts';

const digestOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex');

describe('item password hashes', function () {
  this.timeout(20_000);

  it('are salted argon2id: the same password twice gives two different hashes, each verifying it', async () => {
    const [first, second] = await Promise.all([hashItemPassword('s3cret'), hashItemPassword('s3cret')]);
    expect(first).to.match(/^\$argon2id\$/);
    expect(storedPasswordForm(first)).to.equal('argon2id');
    expect(first).to.not.equal(second);
    expect(first).to.not.include(digestOf('s3cret'));
    expect(await verifyItemPassword('s3cret', first)).to.equal(true);
    expect(await verifyItemPassword('s3cret', second)).to.equal(true);
    expect(await verifyItemPassword('s3cret ', first)).to.equal(false);
  });

  it('accept an old SHA-256 digest as it was stored (legacy form)', async () => {
    expect(storedPasswordForm(digestOf('s3cret'))).to.equal('legacy-sha256');
    expect(await verifyItemPassword('s3cret', digestOf('s3cret'))).to.equal(true);
    expect(await verifyItemPassword('S3cret', digestOf('s3cret'))).to.equal(false);
  });

  it('wrap an old digest in argon2id without the password, and the password still opens it', async () => {
    const wrapped = await wrapLegacyDigest(digestOf('s3cret').toUpperCase());
    expect(storedPasswordForm(wrapped)).to.equal('sha256-argon2id');
    expect(wrapped).to.not.include(digestOf('s3cret'));
    expect(await wrapLegacyDigest(digestOf('s3cret'))).to.not.equal(wrapped);
    expect(await verifyItemPassword('s3cret', wrapped)).to.equal(true);
    expect(await verifyItemPassword('s3cre', wrapped)).to.equal(false);
    // The digest itself is not the password: knowing the old stored value does not open the item.
    expect(await verifyItemPassword(digestOf('s3cret'), wrapped)).to.equal(false);
  });

  it('open nothing in an unknown form', async () => {
    for (const stored of ['', 'abc', '$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA', 'sha256-argon2id:abc']) {
      expect(storedPasswordForm(stored), stored).to.equal('unknown');
      expect(await verifyItemPassword('', stored), stored).to.equal(false);
    }
  });
});

describe('matchesLegacyDigest', () => {
  it('accepts exactly the password whose digest is stored, in either hex case', () => {
    expect(matchesLegacyDigest('s3cret', digestOf('s3cret'))).to.equal(true);
    expect(matchesLegacyDigest('s3cret', digestOf('s3cret').toUpperCase())).to.equal(true);
    expect(matchesLegacyDigest('contrasenya ñ €', digestOf('contrasenya ñ €'))).to.equal(true);
  });

  it('refuses any other password, including near misses and the empty one', () => {
    for (const other of ['s3cre', 's3cret ', 'S3cret', '', 's3cret\u0000'])
      expect(matchesLegacyDigest(other, digestOf('s3cret')), other).to.equal(false);
  });

  it('refuses everything against a malformed stored digest instead of throwing', () => {
    for (const stored of ['', 'abc', digestOf('x').slice(0, 63), `${digestOf('x')}00`, 'z'.repeat(64)]) {
      expect(() => matchesLegacyDigest('x', stored), stored).not.to.throw();
      expect(matchesLegacyDigest('x', stored), stored).to.equal(false);
    }
    expect(matchesLegacyDigest('', '0'.repeat(64))).to.equal(false);
  });
});
