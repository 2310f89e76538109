// RFC 9110 §13.2.2: whether a conditional GET still matches what the client holds. Shared by the calendar feeds, which
// decide their own 304 before reading anything, and by the answers kept for them (keptAnswers.ts).

/** What a client may revalidate an answer by: its ETag, and its Last-Modified in milliseconds (whole seconds). */
export interface AnswerValidators {
  readonly etag: string;
  readonly lastModified: number;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * If-None-Match, when sent, decides alone (weak comparison, `*` matching any tag); else If-Modified-Since. Absent
 * headers may be given as undefined or as the empty text.
 */
export function stillFresh(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  validators: AnswerValidators,
): boolean {
  if (ifNoneMatch !== undefined && ifNoneMatch !== '') {
    const etag = opaque(validators.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
  }
  if (ifModifiedSince === undefined || ifModifiedSince === '') return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && validators.lastModified <= since;
}
