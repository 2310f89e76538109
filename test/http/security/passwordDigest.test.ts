// Specifies the constant-time check of a protected item's password against its stored SHA-256 digest.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { matchesPasswordDigest } from '../../../src/http/auth/passwordDigest.ts';

const digestOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex');

describe('matchesPasswordDigest', () => {
  it('accepts exactly the password whose digest is stored, in either hex case', () => {
    expect(matchesPasswordDigest('s3cret', digestOf('s3cret'))).to.equal(true);
    expect(matchesPasswordDigest('s3cret', digestOf('s3cret').toUpperCase())).to.equal(true);
    expect(matchesPasswordDigest('contrasenya ñ €', digestOf('contrasenya ñ €'))).to.equal(true);
  });

  it('refuses any other password, including near misses and the empty one', () => {
    for (const other of ['s3cre', 's3cret ', 'S3cret', '', 's3cret\u0000']) expect(matchesPasswordDigest(other, digestOf('s3cret')), other).to.equal(false);
  });

  it('refuses everything against a malformed stored digest instead of throwing', () => {
    const zeros = '0'.repeat(64);
    for (const stored of ['', 'abc', digestOf('x').slice(0, 63), `${digestOf('x')}00`, 'z'.repeat(64)]) {
      expect(() => matchesPasswordDigest('x', stored), stored).not.to.throw();
      expect(matchesPasswordDigest('x', stored), stored).to.equal(false);
    }
    expect(matchesPasswordDigest('', zeros)).to.equal(false);
  });
});
