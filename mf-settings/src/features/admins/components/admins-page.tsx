import type { AdminRow } from '@manager/contract';
import { listPager, useAuthStore, useRowCalls } from '@manager/platform';
import { useLiveRecord } from '@manager/platform/forms';
import {
  Button,
  ErrorState,
  Flex,
  ListEmptyState,
  LoadingState,
  Modal,
  PageHeader,
  Pagination,
  PlusOutlined,
} from '@manager/ui';
import { useState } from 'react';
import {
  useDisableAdmin,
  useEnableAdmin,
  useResetSecondFactor,
  useSetAdminRoles,
} from '../api/change-admins';
import { ADMIN_TEXTS } from '../api/messages';
import { useAdminList } from '../hooks/use-admin-list';
import type { AdminActionKind } from './admin-row-actions';
import { AdminsTable } from './admins-table';
import { AdminsToolbar } from './admins-toolbar';
import { InviteDrawer } from './invite-drawer';
import { RequestsSection } from './requests-section';
import { RolesModal } from './roles-modal';
import { RolesSection } from './roles-section';

/** What each confirmation asks before its change is sent. */
const CONFIRM: Record<
  Exclude<AdminActionKind, 'roles'>,
  (a: AdminRow) => { title: string; okText: string }
> = {
  disable: (a) => ({ title: `Disable ${a.username}? Their sessions end at once.`, okText: 'Disable' }),
  enable: (a) => ({ title: `Ask to enable ${a.username}? A second Owner approves it.`, okText: 'Enable' }),
  reset: (a) => ({
    title: `Ask to reset the second factor of ${a.username}? A second Owner approves it; they enrol again at their next sign-in.`,
    okText: 'Reset second factor',
  }),
};

/** Administrators (docs/screens.md#administrators). */
export default function AdminsPage() {
  const { list, admins, view } = useAdminList();
  const selfId = useAuthStore((s) => s.admin?.id);
  const [modal, modalHolder] = Modal.useModal();
  const [inviting, setInviting] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The admin whose roles the modal changes, read live from the list an event refreshes.
  const editing = useLiveRecord(editingId, admins.data);
  const { busy, run } = useRowCalls<AdminActionKind>();
  const setRoles = useSetAdminRoles();
  const disable = useDisableAdmin();
  const enable = useEnableAdmin();
  const reset = useResetSecondFactor();

  const act: Record<Exclude<AdminActionKind, 'roles'>, (a: AdminRow) => Promise<string>> = {
    disable: async (a) => (await disable.mutateAsync(a.id), ADMIN_TEXTS.disabled(a.username)),
    enable: async (a) => (await enable.mutateAsync(a.id), ADMIN_TEXTS.enableRequested),
    reset: async (a) => (await reset.mutateAsync(a.id), ADMIN_TEXTS.resetRequested),
  };
  const onAction = (a: AdminRow, kind: AdminActionKind) => {
    if (kind === 'roles') return setEditingId(a.id);
    const { title, okText } = CONFIRM[kind](a);
    modal.confirm({
      title,
      okText,
      cancelText: 'Cancel',
      okButtonProps: { danger: kind === 'disable' },
      onOk: () => void run(() => act[kind](a), { id: a.id, kind }),
    });
  };
  const saveRoles = async (roles: string[]) => {
    if (!editing) return;
    const done = await run(
      async () => {
        const answer = await setRoles.mutateAsync({ id: editing.id, roles });
        return answer.request ? ADMIN_TEXTS.rolesRequested : ADMIN_TEXTS.rolesRemoved;
      },
      { id: editing.id, kind: 'roles' },
    );
    if (done) setEditingId(null);
  };

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <PageHeader
        title="Administrators"
        subtitle="Invite administrators and decide what each may do"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
            Invite administrator
          </Button>
        }
      />
      <RequestsSection />
      <AdminsToolbar list={list} />
      {admins.isLoading ? (
        <LoadingState />
      ) : admins.isError ? (
        <ErrorState message="Failed to load administrators" onRetry={() => void admins.refetch()} />
      ) : view.total === 0 ? (
        <ListEmptyState title="No administrators found" filtered={list.filtered} onClear={list.clear} />
      ) : (
        <>
          <AdminsTable
            rows={view.rows}
            selfId={selfId}
            busy={busy}
            sort={list.sort}
            onSort={list.setSort}
            onAction={onAction}
          />
          <Pagination {...listPager(list, view)} />
        </>
      )}
      <RolesSection />
      <InviteDrawer open={inviting} onClose={() => setInviting(false)} />
      <RolesModal
        admin={editing}
        busy={setRoles.isPending}
        onSave={(roles) => void saveRoles(roles)}
        onCancel={() => setEditingId(null)}
      />
    </Flex>
  );
}
