// Specifies which event list pages are shared between callers (answered again from their bytes) and which are not.
import { expect } from 'chai';
import { anonymous, type Caller } from '../../../src/http/auth/caller.ts';
import type { ParamSources } from '../../../src/http/params/requestParams.ts';
import type { Scope } from '../../../src/http/requestScope.ts';
import type { EventListRequest } from '../../../src/http/routes/events/eventListRequest.ts';
import { sharedPageKey } from '../../../src/http/routes/events/sharedEventPages.ts';

const request: EventListRequest = {
  query: { language: 'en', statuses: ['publish'], offset: 0, limit: 10 },
  page: 1,
  perPage: 10,
  pairs: [['page', '1']],
  alwaysEmpty: false,
};
const scope = (caller: Caller, query: Record<string, unknown> = {}, apiRoot = 'http://x/cal/events/v1'): Scope => {
  const sources: ParamSources = { path: {}, query, queryOrder: Object.keys(query) };
  return { caller, language: 'en', addresses: { site: 'http://x', apiRoot, globalHost: 'x' }, sources };
};

describe('sharedPageKey', () => {
  it('shares the pages of anonymous callers, per address variant and resolved request', () => {
    const key = sharedPageKey(scope(anonymous), request);
    expect(key).to.be.a('string');
    expect(sharedPageKey(scope(anonymous, { unrelated: '1' }), request)).to.equal(key);
    expect(sharedPageKey(scope(anonymous, {}, 'http://x/es/cal/events/v1'), request)).to.not.equal(key);
    expect(sharedPageKey(scope(anonymous), { ...request, query: { ...request.query, offset: 10 } })).to.not.equal(key);
    expect(sharedPageKey(scope(anonymous), { ...request, query: { ...request.query, endUntil: '2027-01-01 00:00:00' } })).to.not.equal(key);
  });

  it('shares nothing of a signed-in caller or of a caller unlocking protected content', () => {
    expect(sharedPageKey(scope({ kind: 'user', id: 1, role: 'subscriber' }), request)).to.equal(undefined);
    expect(sharedPageKey(scope(anonymous, { password: '' }), request)).to.equal(undefined);
    expect(sharedPageKey(scope(anonymous, { context: 'view' }), request)).to.equal(undefined);
  });
});
