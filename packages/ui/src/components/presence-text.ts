/** One admin on a record, as `@manager/platform`'s `usePresent` lists them. */
export interface PresentAdmin {
  adminId: number;
  username: string;
  activity: 'viewing' | 'editing' | 'deciding';
}

const VERB = { viewing: 'is viewing', editing: 'is editing', deciding: 'is deciding' } as const;

/** "{username} is deciding" (or editing, or viewing). */
export const presenceText = (admin: Pick<PresentAdmin, 'username' | 'activity'>): string =>
  `${admin.username} ${VERB[admin.activity]}`;
