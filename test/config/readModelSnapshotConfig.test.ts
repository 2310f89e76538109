// Specifies the switch of the embedded read-model snapshot: on by default, off on request, a bad value refused by name.
import { expect } from 'chai';
import { ConfigError, loadConfig, variables } from '../../src/config/config.ts';

describe('config: CAL_READ_MODEL_SNAPSHOT', () => {
  it('is on by default and documented for --help', () => {
    expect(loadConfig({}).readModelSnapshot).to.equal(true);
    expect(variables.CAL_READ_MODEL_SNAPSHOT).to.match(/read-model\.snapshot/);
  });

  it('takes on and off (and the flag words true, false, 1, 0)', () => {
    for (const value of ['on', 'true', '1'])
      expect(loadConfig({ CAL_READ_MODEL_SNAPSHOT: value }).readModelSnapshot, value).to.equal(true);
    for (const value of ['off', 'false', '0'])
      expect(loadConfig({ CAL_READ_MODEL_SNAPSHOT: value }).readModelSnapshot, value).to.equal(false);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ CAL_READ_MODEL_SNAPSHOT: 'maybe' })).to.throw(
      ConfigError,
      /CAL_READ_MODEL_SNAPSHOT="maybe" is not on or off/,
    );
  });
});

describe('config: CAL_READ_MODEL_SNAPSHOT_INTERVAL', () => {
  it('is 60 seconds by default, takes 0 (only at shutdown) to a day, and is documented for --help', () => {
    expect(loadConfig({}).readModelSnapshotIntervalSeconds).to.equal(60);
    expect(loadConfig({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '0' }).readModelSnapshotIntervalSeconds).to.equal(0);
    expect(loadConfig({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '86400' }).readModelSnapshotIntervalSeconds).to.equal(86_400);
    expect(variables.CAL_READ_MODEL_SNAPSHOT_INTERVAL).to.match(/background/);
  });

  it('refuses what is not a whole number of seconds up to a day, naming the variable', () => {
    for (const value of ['-1', '1.5', 'soon', '86401'])
      expect(() => loadConfig({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: value }), value).to.throw(
        ConfigError,
        /CAL_READ_MODEL_SNAPSHOT_INTERVAL/,
      );
  });
});
