// The `status` filter of the event, venue and organizer lists (docs/api.md §3.2, §5): who may list which statuses.
import { reason } from '../../commands/errors.ts';
import type { PostStatus } from '../../events/catalogue/values.ts';
import { canCreatePosts } from '../auth/caller.ts';
import type { Checked } from '../endpoint.ts';

const allButTrash: PostStatus[] = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * Those who may create items list every status but `trash` by default and may ask for any; others `publish` only.
 * `shown` is the value `rest_url` carries.
 */
export function readStatusFilter({ args, scope, validation }: Checked): { statuses: PostStatus[]; shown: string } {
  const mayFilterStatus = canCreatePosts(scope.caller);
  const requested = args.values.status as string[] | undefined;
  if (requested === undefined)
    return { statuses: mayFilterStatus ? allButTrash : ['publish'], shown: mayFilterStatus ? 'any' : 'publish' };
  if (!mayFilterStatus && !(requested.length === 1 && requested[0] === 'publish'))
    validation.invalid('status', reason('status-not-allowed'));
  return {
    statuses: [...new Set(requested.flatMap((s) => (s === 'any' ? allButTrash : [s as PostStatus])))],
    shown: requested.join(','),
  };
}
