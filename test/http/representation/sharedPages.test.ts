// Specifies which post list pages are shared between callers (answered again from their bytes) and which are not.
import { expect } from 'chai';
import { anonymous, type Caller } from '../../../src/http/auth/caller.ts';
import type { ParamSources } from '../../../src/http/params/requestParams.ts';
import type { Scope } from '../../../src/http/requestScope.ts';
import type { EventListRequest } from '../../../src/http/routes/events/eventListRequest.ts';
import { anonymousPageKey } from '../../../src/http/representation/sharedPages.ts';
import { noPasswordUnlocks } from '../../../src/http/auth/passwordUnlocks.ts';

const request: EventListRequest = {
  query: { language: 'en', statuses: ['publish'], offset: 0, limit: 10 },
  page: 1,
  perPage: 10,
  pairs: [['page', '1']],
  alwaysEmpty: false,
};
const scope = (caller: Caller, query: Record<string, unknown> = {}, apiRoot = 'http://x/cal/events/v1'): Scope => {
  const sources: ParamSources = { path: {}, query, queryOrder: Object.keys(query) };
  return {
    caller,
    language: 'en',
    addresses: { site: 'http://x', apiRoot, globalHost: 'x' },
    sources,
    unlocks: noPasswordUnlocks,
  };
};

describe('anonymousPageKey', () => {
  it('shares the pages of anonymous callers, per address variant and resolved request', () => {
    const key = anonymousPageKey(scope(anonymous), request);
    expect(key).to.be.a('string');
    expect(anonymousPageKey(scope(anonymous, { unrelated: '1' }), request)).to.equal(key);
    expect(anonymousPageKey(scope(anonymous, {}, 'http://x/es/cal/events/v1'), request)).to.not.equal(key);
    expect(anonymousPageKey(scope(anonymous), { ...request, query: { ...request.query, offset: 10 } })).to.not.equal(
      key,
    );
    expect(
      anonymousPageKey(scope(anonymous), { ...request, query: { ...request.query, endUntil: '2027-01-01 00:00:00' } }),
    ).to.not.equal(key);
  });

  it('shares nothing of a signed-in caller or of a caller unlocking protected content', () => {
    expect(anonymousPageKey(scope({ kind: 'user', id: 1, role: 'subscriber' }), request)).to.equal(undefined);
    expect(anonymousPageKey(scope(anonymous, { password: '' }), request)).to.equal(undefined);
    expect(anonymousPageKey(scope(anonymous, { context: 'view' }), request)).to.equal(undefined);
  });
});
