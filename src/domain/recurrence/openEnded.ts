// Whether a series' lines run without end (docs/api.md §20.1): an RRULE with neither COUNT nor UNTIL, whose
// occurrences exist up to a horizon that moves with time.
export function isOpenEnded(lines: readonly string[]): boolean {
  return lines.some((line) => /^RRULE[:;]/i.test(line) && !/[:;](COUNT|UNTIL)=/i.test(line));
}
