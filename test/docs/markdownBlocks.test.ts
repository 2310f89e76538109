// Specifies how the docs test finds a page's shell examples and reads the markers written before them.
import { expect } from 'chai';
import { parseDirective, shellBlocks } from './support/markdownBlocks.ts';

const page = [
  '# Title', // 1
  '', // 2
  '```sh', // 3
  'curl -s http://localhost:8080/cal/events/v1/', // 4
  '```', // 5
  '', // 6
  '```json', // 7
  '{"not": "run"}', // 8
  '```', // 9
  '<!-- docs-test: skip: needs a Docker engine -->', // 10
  '', // 11
  '```sh', // 12
  'docker compose up', // 13
  '```', // 14
  '<!-- docs-test: expect-error -->', // 15
  '```bash', // 16
  'curl -s http://localhost:8080/cal/events/v1/events/999', // 17
  '```', // 18
  '<!-- docs-test: stop-after: 3s -->', // 19
  'Some words in between.', // 20
  '```sh', // 21
  'curl -N …', // 22
  '```', // 23
  '````sh', // 24
  'echo "```"', // 25
  '````', // 26
].join('\n');

describe('shell examples of a docs page', () => {
  const blocks = shellBlocks(page);

  it('are the sh and bash fences, with the line of their opening fence and their code', () => {
    expect(blocks.map((block) => block.line)).to.deep.equal([3, 12, 16, 21, 24]);
    expect(blocks[0]?.code).to.equal('curl -s http://localhost:8080/cal/events/v1/');
    expect(blocks[4]?.code).to.equal('echo "```"');
  });

  it('carry the marker written on the line before them, blank lines allowed, and none past other text', () => {
    expect(blocks.map((block) => block.directive)).to.deep.equal([
      { kind: 'run' },
      { kind: 'skip', reason: 'needs a Docker engine' },
      { kind: 'expect-error' },
      { kind: 'run' },
      { kind: 'run' },
    ]);
  });

  it('reads stop-after in seconds, with or without the s', () => {
    expect(parseDirective('stop-after: 3')).to.deep.equal({ kind: 'stop-after', seconds: 3 });
    expect(parseDirective('stop-after: 2.5s')).to.deep.equal({ kind: 'stop-after', seconds: 2.5 });
  });

  it('refuses a marker it does not know, a skip without its reason and a stop without its time', () => {
    expect(() => parseDirective('skipp: typo')).to.throw(/unknown docs-test directive/);
    expect(() => parseDirective('skip')).to.throw(/needs a reason/);
    expect(() => parseDirective('stop-after: soon')).to.throw(/needs seconds/);
  });
});
