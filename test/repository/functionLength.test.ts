// Specifies that functions in src stay short enough to read at once: none over 60 lines, but for at most two named
// exceptions (docs/architecture.md §7), a list that may only shrink.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';
import { readSources } from './sourceRules.ts';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const maxLines = 60;

/**
 * Functions allowed over the limit, each a loop whose steps share one state machine's variables: the polling
 * subscription's read-deliver-wait loop and the change feed's resumable SSE loop. At most two (issue 15).
 */
const allowedLongFunctions = [
  'src/events/embedded/pollingSubscription.ts startPollingSubscription',
  'src/http/routes/changes/changeFeed.ts openChangeFeed',
];

/** `file name` of each function (declarations, methods, arrows, expressions) spanning more than `limit` lines. */
function longFunctions(path: string, text: string, limit = maxLines): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      if (last - first + 1 > limit) found.push(`${path} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the length of functions in src', () => {
  it(`has none over ${maxLines} lines but the listed ones, at most two`, () => {
    const long = [...readSources(repositoryRoot, 'src').keys()].flatMap((path) =>
      longFunctions(path, readFileSync(join(repositoryRoot, path), 'utf8')),
    );
    expect(allowedLongFunctions.length).to.be.at.most(2);
    expect(long.filter((name) => !allowedLongFunctions.includes(name))).to.deep.equal([]);
    expect(
      allowedLongFunctions.filter((name) => !long.includes(name)),
      'listed but no longer long',
    ).to.deep.equal([]);
  });

  it('finds a long function, named or not, and passes short ones', () => {
    const body = Array.from({ length: 61 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    expect(longFunctions('x.ts', `function long() {\n${body}\n}\nconst short = () => 1;`)).to.deep.equal(['x.ts long']);
    expect(longFunctions('x.ts', `export default () => {\n${body}\n};`)).to.deep.equal(['x.ts (anonymous)']);
    expect(longFunctions('x.ts', 'function short() {\n  return 1;\n}')).to.deep.equal([]);
  });
});
