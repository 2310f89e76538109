// The parts of `npm run bench -- --only=…`: the option, and the service CPU reading it reports per request.
import { expect } from 'chai';
import { onlyKeysOf, profileDirOf, serviceOptionsOf, warmUpPlan } from '../../bench/selectedScenarios.ts';
import { plannedRequest, type RequestPlan } from '../../bench/requestPlans.ts';
import { processCpuReader } from '../../bench/processCpu.ts';

describe('bench: selected scenarios', () => {
  it('reads the scenario keys of --only, and none without it', () => {
    expect(onlyKeysOf(['--quick', '--only=createEvent,updateEvent'])).to.deep.equal(['createEvent', 'updateEvent']);
    expect(onlyKeysOf(['--quick'])).to.equal(undefined);
    expect(profileDirOf(['--only=getEvent', '--prof=/tmp/profiles'])).to.equal('/tmp/profiles');
  });

  it('reads the service flags and the file for its stdout, and none without them', () => {
    const argv = ['--only=createEvent', '--service-flag=--trace-gc-nvp', '--service-flag=--max-semi-space-size=64'];
    expect(serviceOptionsOf([...argv, '--service-stdout=/tmp/gc.txt'])).to.deep.equal({
      serviceFlags: ['--trace-gc-nvp', '--max-semi-space-size=64'],
      serviceStdout: '/tmp/gc.txt',
    });
    expect(serviceOptionsOf(['--quick'])).to.deep.equal({ serviceFlags: [], serviceStdout: undefined });
  });

  it('warms creates up with titles the measured run never sends, and walks reads and updates again', () => {
    const create: RequestPlan = {
      kind: 'createEvents',
      method: 'POST',
      path: '/events',
      runTag: 'run',
      links: { venue: 1, organizer: 2, category: 3, tag: 4 },
      month: '2027-03',
    };
    const titleOf = (plan: RequestPlan, n: number) =>
      (JSON.parse(plannedRequest(plan, n).body ?? '{}') as { title: string }).title;
    const measured = new Set([0, 1, 2, 3].map((n) => titleOf(create, n)));
    for (const n of [0, 1, 2, 3]) expect(measured.has(titleOf(warmUpPlan(create), n))).to.equal(false);
    const update: RequestPlan = {
      kind: 'updateEvents',
      method: 'PATCH',
      prefix: '/events/',
      firstId: 1,
      count: 9,
      start: 0,
    };
    expect(warmUpPlan(update)).to.equal(update);
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
