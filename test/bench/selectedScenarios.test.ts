// The parts of `npm run bench -- --only=…`: the option, and the service CPU reading it reports per request.
import { expect } from 'chai';
import { onlyKeysOf, profileDirOf } from '../../bench/selectedScenarios.ts';
import { processCpuReader } from '../../bench/processCpu.ts';

describe('bench: selected scenarios', () => {
  it('reads the scenario keys of --only, and none without it', () => {
    expect(onlyKeysOf(['--quick', '--only=createEvent,updateEvent'])).to.deep.equal(['createEvent', 'updateEvent']);
    expect(onlyKeysOf(['--quick'])).to.equal(undefined);
    expect(profileDirOf(['--only=getEvent', '--prof=/tmp/profiles'])).to.equal('/tmp/profiles');
  });

  it('reads a process CPU time that grows with the work it does', function () {
    const read = processCpuReader(process.pid);
    if (!read) this.skip();
    const before = read();
    // Busy until the counter moves (it counts in clock ticks), or for at most 5 s of wall time on a loaded machine.
    const until = performance.now() + 5_000;
    while (read() === before && performance.now() < until) Math.sqrt(Math.random());
    expect(read()).to.be.greaterThan(before);
  });
});
