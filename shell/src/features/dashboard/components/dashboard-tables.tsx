import type { DashboardStatsResponse } from '@manager/contract';
import { PlayerLink } from '@manager/platform';
import { abbreviateNumber, CountryFlag, Panel, SimpleTable, type SimpleTableColumn } from '@manager/ui';
import { Col, Row } from '@manager/ui';
import type { ReactNode } from 'react';

type Stats = DashboardStatsResponse;

/** A player's flag and name, the name a link to the player's page. */
const name = (
  telegramId: number,
  username: string | null,
  flag: string | null,
  country?: string | null,
): ReactNode => (
  <span>
    <CountryFlag flag={flag} name={country} />{' '}
    <PlayerLink telegramId={telegramId}>{username ?? String(telegramId)}</PlayerLink>
  </span>
);

const countryColumns: SimpleTableColumn<Stats['top10Countries'][number]>[] = [
  {
    title: 'Country',
    key: 'country',
    render: (r) => <CountryFlag flag={r.countryFlag} name={r.countryName} withName />,
  },
  { title: 'Users', key: 'users', render: (r) => abbreviateNumber(r.userCount) },
  { title: '% of Total', key: 'percentage', render: (r) => `${abbreviateNumber(r.percentage)}%` },
];
const lastUserColumns: SimpleTableColumn<Stats['lastRegisteredUsers'][number]>[] = [
  {
    title: 'Username',
    key: 'username',
    render: (r) => name(r.telegramId, r.username, r.countryFlag, r.countryName),
  },
  {
    title: 'Ref',
    key: 'ref',
    render: (r) =>
      r.refTelegramId === null ? (
        (r.refUsername ?? '-')
      ) : (
        <PlayerLink telegramId={r.refTelegramId}>{r.refUsername ?? String(r.refTelegramId)}</PlayerLink>
      ),
  },
  { title: 'Joined', key: 'joined', render: (r) => r.timeAgo },
];
const completerColumns: SimpleTableColumn<Stats['top10TaskCompleters'][number]>[] = [
  { title: 'Username', key: 'username', render: (r) => name(r.telegramId, r.username, r.countryFlag) },
  { title: 'Task', key: 'task', render: (r) => abbreviateNumber(r.count) },
];
const inviterColumns: SimpleTableColumn<Stats['top10Referrers'][number]>[] = [
  { title: 'Username', key: 'username', render: (r) => name(r.telegramId, r.username, r.countryFlag) },
  { title: 'Invites', key: 'invites', render: (r) => abbreviateNumber(r.refCount) },
];

/**
 * A top-10 list in a panel. A plain table and panel, not antd's Table and Card: these lists
 * never page, sort or filter, and the dashboard is the first page (its JavaScript).
 * Each names players by a link to their page; a row's rank in the list is its identity.
 */
function StatTable<T>(props: { title: string; rows: T[]; columns: SimpleTableColumn<T>[] }) {
  return (
    <Panel title={props.title} size="small" style={{ height: '100%' }}>
      {/* On a phone a table can be wider than the card: it scrolls in this named region, which
          takes focus so the keyboard can scroll it too. */}
      <div role="region" aria-label={props.title} tabIndex={0} style={{ overflowX: 'auto' }}>
        <SimpleTable<T>
          label={props.title}
          rows={props.rows}
          columns={props.columns}
          emptyText="No data available"
        />
      </div>
    </Panel>
  );
}

export function DashboardTables({ stats }: { stats: Stats }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <StatTable title="Top 10 Countries" rows={stats.top10Countries} columns={countryColumns} />
      </Col>
      <Col xs={24} lg={12}>
        <StatTable title="Last 10 Users" rows={stats.lastRegisteredUsers} columns={lastUserColumns} />
      </Col>
      <Col xs={24} lg={12}>
        <StatTable
          title="Top 10 Task Completed"
          rows={stats.top10TaskCompleters}
          columns={completerColumns}
        />
      </Col>
      <Col xs={24} lg={12}>
        <StatTable title="Top 10 Inviters" rows={stats.top10Referrers} columns={inviterColumns} />
      </Col>
    </Row>
  );
}
