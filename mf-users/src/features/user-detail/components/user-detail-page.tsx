import { paths } from '@manager/contract';
import { ErrorState, LoadingState, PageHeader, PresenceNote } from '@manager/ui';
import { ArrowLeftOutlined } from '@manager/ui';
import { Button, Col, Flex, Row } from '@manager/ui';
import { useEffect } from 'react';
import {
  rememberPlayer,
  useDocumentTitle,
  useNavigate,
  useParams,
  usePresence,
  usePresent,
} from '@manager/platform';
import { USER_DETAIL_ERRORS, useUserDetail } from '../api/get-user-detail';
import { BalancesCard } from './balances-card';
import { ActivityCard, BasicInformation } from './info-cards';
import { UserHeader } from './user-header';
import { UserTabs } from './user-tabs';
import { playerName } from '../model/player-name';

export default function UserDetailPage() {
  const { telegramId = '' } = useParams();
  const navigate = useNavigate();
  const { data: user, error, isPending, refetch } = useUserDetail(telegramId);
  // Who else has this player open (docs/screens.md, Live); this console says it has too.
  usePresence('user', user ? telegramId : null, 'viewing');
  const others = usePresent('user', telegramId);
  // Titled with the player once known (the header and the browser tab); the route's title until then.
  const title = user ? playerName(user) : 'User detail';
  useDocumentTitle(title);
  // The command palette offers the players opened lately (docs/screens.md#layout).
  useEffect(() => {
    if (user) rememberPlayer(user);
  }, [user]);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.usersList)}>
      Back to Users
    </Button>
  );

  let content;
  if (isPending) content = <LoadingState />;
  else if (error) {
    const notFound = error.message === USER_DETAIL_ERRORS.notFound;
    content = (
      <ErrorState
        message={error.message}
        onRetry={notFound ? undefined : () => void refetch()}
        extra={back}
      />
    );
  } else {
    content = (
      <Flex vertical gap={16}>
        <PresenceNote admins={others} label="Who else is on this player" />
        <UserHeader user={user} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <BasicInformation user={user} />
          </Col>
          <Col xs={24} lg={16}>
            <Flex vertical gap={16}>
              <BalancesCard user={user} />
              <ActivityCard user={user} />
            </Flex>
          </Col>
        </Row>
        <UserTabs user={user} />
      </Flex>
    );
  }

  return (
    <>
      <PageHeader title={title} extra={!error && back} />
      {content}
    </>
  );
}
