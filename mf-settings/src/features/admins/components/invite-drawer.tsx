import { isInviteLogin, type InviteAdminResponse } from '@manager/contract';
import { useRowCalls } from '@manager/platform';
import { Button, Drawer, Form, Input } from '@manager/ui';
import { useState } from 'react';
import { useInviteAdmin } from '../api/change-admins';
import { ADMIN_TEXTS } from '../api/messages';
import { InviteResult } from './invite-result';
import { RolesSelect } from './roles-select';

interface Values {
  login: string;
  roles: string[];
}

const LOGIN_MESSAGE = 'Please enter a username or an e-mail address';

/**
 * Side panel Invite administrator: a username or e-mail and the roles; the answer, shown in
 * the same panel, is the one-time enrolment link. No password passes through the inviter.
 */
export function InviteDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteAdmin();
  const { run } = useRowCalls();
  const [result, setResult] = useState<InviteAdminResponse | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const submit = (values: Values) =>
    void run(async () => {
      setResult(await invite.mutateAsync({ login: values.login.trim(), roles: values.roles }));
      return ADMIN_TEXTS.invited;
    });

  return (
    <Drawer title="Invite administrator" open={open} onClose={close} size="min(520px, 100vw)" destroyOnHidden>
      {result ? (
        <InviteResult result={result} onDone={close} />
      ) : (
        <Form<Values> layout="vertical" requiredMark={false} onFinish={submit} disabled={invite.isPending}>
          <Form.Item
            label="Username or e-mail"
            name="login"
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  v && isInviteLogin(v.trim()) ? Promise.resolve() : Promise.reject(new Error(LOGIN_MESSAGE)),
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Roles"
            name="roles"
            rules={[{ required: true, type: 'array', min: 1, message: 'Please choose at least one role' }]}
          >
            <RolesSelect />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={invite.isPending}>
            Create invitation
          </Button>
        </Form>
      )}
    </Drawer>
  );
}
