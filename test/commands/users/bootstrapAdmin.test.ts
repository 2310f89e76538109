// Specifies the first-start administrator: created once per data directory, password given or generated, stored hashed.
import { expect } from 'chai';
import { bootstrapAdmin } from '../../../src/commands/users/bootstrapAdmin.ts';
import { UserDirectory } from '../../../src/projections/users/userDirectory.ts';
import { CredentialChecker } from '../../../src/http/auth/basicAuth.ts';
import { openTempStore, type TempStore } from '../../support/tempStore.ts';

describe('bootstrapAdmin', () => {
  let temp: TempStore;
  beforeEach(async () => (temp = await openTempStore()));
  afterEach(async () => temp.dispose());

  it('creates admin (user 1, administrator) with a generated password that it returns once', async () => {
    const result = await bootstrapAdmin(temp.store, undefined);
    expect(result.created).to.equal(true);
    expect(result.generatedPassword).to.be.a('string').with.length.greaterThan(16);
    const checker = new CredentialChecker(new UserDirectory(temp.store));
    expect(await checker.check('admin', result.generatedPassword as string)).to.deep.equal({
      kind: 'user',
      id: 1,
      role: 'administrator',
    });
    expect(await checker.check('admin', 'wrong')).to.equal('wrong-password');
    expect(await checker.check('nobody', 'x')).to.equal('unknown-login');
  });

  it('stores only a slow hash of the password', async () => {
    await bootstrapAdmin(temp.store, 'correct horse battery staple');
    const [registered] = await temp.store.readStream('user-1');
    const stored = JSON.stringify(registered?.data);
    expect(stored).to.not.include('correct horse');
    expect(stored).to.include('$argon2id$');
  });

  it('does nothing on later starts, even when two processes start together on a fresh directory', async () => {
    const results = await Promise.all([bootstrapAdmin(temp.store, 'a'), bootstrapAdmin(temp.store, 'b')]);
    expect(results.filter((r) => r.created)).to.have.length(1);
    expect(await bootstrapAdmin(temp.store, 'c')).to.deep.equal({ created: false });
    expect(await new UserDirectory(temp.store).count()).to.equal(1);
  });
});
