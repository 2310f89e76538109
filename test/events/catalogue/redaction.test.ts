import { expect } from 'chai';
import { redactSecrets, redacted } from '../../../src/events/catalogue/redaction.ts';

describe('redactSecrets', () => {
  it('replaces set password hashes at any depth and keeps null ones', () => {
    const data = {
      id: 7,
      facts: { title: 'x', passwordSha256: 'abc' },
      changes: [{ passwordHash: '$argon2id$' }],
      other: { passwordSha256: null },
    };
    expect(redactSecrets(data)).to.deep.equal({
      id: 7,
      facts: { title: 'x', passwordSha256: redacted },
      changes: [{ passwordHash: redacted }],
      other: { passwordSha256: null },
    });
    expect(data.facts.passwordSha256).to.equal('abc');
  });
});
