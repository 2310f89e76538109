// Specifies the item-level rules of docs/api.md §3.2 for post-like items: who may read and who may edit.
import { expect } from 'chai';
import { authorOf, canCreatePosts, canEditPost, canReadPost, type Caller } from '../../../src/http/auth/caller.ts';
import type { Role } from '../../../src/events/catalogue/users.ts';
import type { PostStatus } from '../../../src/events/catalogue/values.ts';

const user = (role: Role, id = 5): Caller => ({ kind: 'user', id, role });
const anonymous: Caller = { kind: 'anonymous' };
const own = (status: PostStatus, statusBeforeTrash: PostStatus | null = null) => ({
  author: '5',
  status,
  statusBeforeTrash,
});
const others = (status: PostStatus) => ({ author: '9', status });

describe('post permissions', () => {
  it('lets administrators, editors, authors and contributors create; not subscribers or anonymous callers', () => {
    expect(
      (['administrator', 'editor', 'author', 'contributor', 'subscriber'] as Role[]).map((r) =>
        canCreatePosts(user(r)),
      ),
    ).to.deep.equal([true, true, true, true, false]);
    expect(canCreatePosts(anonymous)).to.equal(false);
  });

  it("credits a created item to its creator, a contributor's as a draft (§3.3)", () => {
    expect(authorOf(user('author', 7))).to.deep.equal({ author: '7', status: 'publish' });
    expect(authorOf(user('contributor', 8))).to.deep.equal({ author: '8', status: 'draft' });
    expect(authorOf(anonymous)).to.deep.equal({ author: '0', status: 'publish' });
  });

  it('lets editors edit every item, authors only their own, contributors their own while not publish/future', () => {
    expect(canEditPost(user('editor'), others('publish'))).to.equal(true);
    expect(canEditPost(user('author'), own('publish'))).to.equal(true);
    expect(canEditPost(user('author'), others('draft'))).to.equal(false);
    expect(canEditPost(user('contributor'), own('draft'))).to.equal(true);
    expect(canEditPost(user('contributor'), own('pending'))).to.equal(true);
    expect(canEditPost(user('contributor'), own('publish'))).to.equal(false);
    expect(canEditPost(user('contributor'), own('future'))).to.equal(false);
    expect(canEditPost(user('subscriber'), own('draft'))).to.equal(false);
    expect(canEditPost(anonymous, others('publish'))).to.equal(false);
  });

  it('judges a trashed item by the status it had before trashing', () => {
    expect(canEditPost(user('contributor'), own('trash', 'draft'))).to.equal(true);
    expect(canEditPost(user('contributor'), own('trash', 'publish'))).to.equal(false);
  });

  it('shows published items to everyone, others to their editors, and private ones to their author', () => {
    expect(canReadPost(anonymous, others('publish'))).to.equal(true);
    expect(canReadPost(anonymous, others('draft'))).to.equal(false);
    expect(canReadPost(user('subscriber'), others('private'))).to.equal(false);
    expect(canReadPost(user('contributor'), own('private'))).to.equal(true);
    expect(canReadPost(user('contributor'), own('publish'))).to.equal(true);
    expect(canReadPost(user('contributor'), own('future'))).to.equal(false);
    expect(canReadPost(user('subscriber'), own('private'))).to.equal(true);
    expect(canReadPost(user('author'), others('draft'))).to.equal(false);
    expect(canReadPost(user('editor'), others('pending'))).to.equal(true);
  });
});
