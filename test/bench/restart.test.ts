// The restart measurement's services write their first background snapshot within a second or two (the default
// interval of 60 s made the quick bench wait a minute for it), unless the caller chose an interval.
import { expect } from 'chai';
import { restartSnapshotInterval } from '../../bench/restart.ts';

describe('bench restart: the background snapshot interval of its services', () => {
  it('is one second when the caller set none', () => {
    expect(restartSnapshotInterval({})).to.equal('1');
  });

  it('is the caller value when set, 0 (snapshots only at the stop) included', () => {
    expect(restartSnapshotInterval({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '0' })).to.equal('0');
    expect(restartSnapshotInterval({ CAL_READ_MODEL_SNAPSHOT_INTERVAL: '30' })).to.equal('30');
  });
});
