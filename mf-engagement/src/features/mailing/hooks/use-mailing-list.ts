import { MAILING_SORTS, PAGE_SIZES, type Mailing } from '@manager/contract';
import { useListState, useListView, type ClientRules } from '@manager/platform';
import { useMailings } from '../api/mailing-api';

/** `page` and `sort` in the URL; 20 a page, newest first unless the URL sorts otherwise. */
export const MAILING_LIST = { pageSize: PAGE_SIZES.MAILINGS, sorts: MAILING_SORTS } as const;
export type MailingSort = (typeof MAILING_SORTS)[number];

const byKey: Record<MailingSort, (m: Mailing) => number> = {
  createdAt: (m) => Date.parse(m.createdAt),
  recipients: (m) => m.recipients,
};

/** For an API that answers every mailing: a sort named in the URL is applied here (ties: newest id first). */
export const mailingRules: ClientRules<Mailing, undefined> = {
  compare: (sort) => {
    const desc = sort.startsWith('-');
    const key = byKey[sort.replace(/^-/, '') as MailingSort];
    return key && ((a, b) => (desc ? key(b) - key(a) : key(a) - key(b)) || b.id - a.id);
  },
};

/** The mailing list: page and sort in the URL, the call for them and the rows shown. */
export function useMailingList() {
  const list = useListState(MAILING_LIST);
  const mailings = useMailings(list.query);
  const view = useListView(list, mailings.data, { ...mailingRules, stale: mailings.isPlaceholderData });
  return { list, mailings, view };
}
