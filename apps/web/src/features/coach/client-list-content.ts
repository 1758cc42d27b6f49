/** Texts of the coach dashboard's paged client lists and search (issue 27 part 3, decision 0032). */
export const CLIENT_LIST_TEXT = {
  searchLabel: 'Search clients',
  searchHint: 'By first name, last name or e-mail.',
  searchHeading: 'Search results',
  searching: 'Searching...',
  found: (n: number, search: string) => (n === 0 ? `No clients match “${search}”.` : `${n} ${n === 1 ? 'client matches' : 'clients match'} “${search}”.`),
  loading: 'Loading clients...',
  failed: 'We could not load these clients. Please reload the page to try again.',
  searchFailed: 'We could not search your clients. Please try again.',
  tryAgain: 'Try again',
  shown: (shown: number, total: number) => `Showing ${shown} of ${total} clients`,
  showMore: 'Show more clients',
  showMoreOf: (name: string) => `in ${name}`,
  independent: 'Independent client',
  placement: (organization: string, group: string) => `${organization} · ${group}`,
} as const;
