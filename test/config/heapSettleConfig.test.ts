// Specifies the heap settle's quiet time: off (0) by default, up to a day when asked for, a bad value refused by name.
import { expect } from 'chai';
import { ConfigError, loadConfig, variables } from '../../src/config/config.ts';

describe('config: CAL_HEAP_SETTLE_SECONDS', () => {
  it('is off by default, takes 0 (never) to a day, and is documented for --help', () => {
    expect(loadConfig({}).heapSettleSeconds).to.equal(0);
    expect(loadConfig({ CAL_HEAP_SETTLE_SECONDS: '0' }).heapSettleSeconds).to.equal(0);
    expect(loadConfig({ CAL_HEAP_SETTLE_SECONDS: '86400' }).heapSettleSeconds).to.equal(86_400);
    expect(variables.CAL_HEAP_SETTLE_SECONDS).to.match(/garbage collection/);
  });

  it('refuses what is not a whole number of seconds up to a day, naming the variable', () => {
    for (const value of ['-1', '2.5', 'soon', '86401'])
      expect(() => loadConfig({ CAL_HEAP_SETTLE_SECONDS: value }), value).to.throw(
        ConfigError,
        /CAL_HEAP_SETTLE_SECONDS/,
      );
  });
});
