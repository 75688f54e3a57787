import type { DashboardStatsResponse } from '@manager/contract';
import { abbreviateNumber, CountryFlag } from '@manager/ui';
import { Card, Col, Row, Table, type TableColumnsType } from '@manager/ui';
import type { ReactNode } from 'react';

type Stats = DashboardStatsResponse;

const name = (username: string | null, flag: string | null, country?: string | null): ReactNode => (
  <span>
    <CountryFlag flag={flag} name={country} /> {username ?? '-'}
  </span>
);

const countryColumns: TableColumnsType<Stats['top10Countries'][number]> = [
  { title: 'Country', key: 'country', render: (_, r) => <CountryFlag flag={r.countryFlag} name={r.countryName} withName /> },
  { title: 'Users', dataIndex: 'userCount', render: (v: number) => abbreviateNumber(v) },
  { title: '% of Total', dataIndex: 'percentage', render: (v: number) => `${abbreviateNumber(v)}%` },
];
const lastUserColumns: TableColumnsType<Stats['lastRegisteredUsers'][number]> = [
  { title: 'Username', key: 'username', render: (_, r) => name(r.username, r.countryFlag, r.countryName) },
  { title: 'Ref', dataIndex: 'refUsername', render: (v: string | null) => v ?? '-' },
  { title: 'Joined', dataIndex: 'timeAgo' },
];
const completerColumns: TableColumnsType<Stats['top10TaskCompleters'][number]> = [
  { title: 'Username', key: 'username', render: (_, r) => name(r.username, r.countryFlag) },
  { title: 'Task', dataIndex: 'count', render: (v: number) => abbreviateNumber(v) },
];
const inviterColumns: TableColumnsType<Stats['top10Referrers'][number]> = [
  { title: 'Username', key: 'username', render: (_, r) => name(r.username, r.countryFlag) },
  { title: 'Invites', dataIndex: 'refCount', render: (v: number) => abbreviateNumber(v) },
];

function StatTable<T extends object>(props: { title: string; rows: T[]; columns: TableColumnsType<T> }) {
  return (
    <Card title={props.title} size="small">
      {/* On a phone a table can be wider than the card: it scrolls in this named region, which
          takes focus so the keyboard can scroll it too (antd's own scroll box cannot). */}
      <div role="region" aria-label={props.title} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table<T>
          size="small"
          // The rows carry no ids; their rank in the top list is their identity.
          dataSource={props.rows.map((row, rank) => ({ ...row, key: rank }))}
          columns={props.columns}
          pagination={false}
          locale={{ emptyText: 'No data available' }}
        />
      </div>
    </Card>
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
        <StatTable title="Top 10 Task Completed" rows={stats.top10TaskCompleters} columns={completerColumns} />
      </Col>
      <Col xs={24} lg={12}>
        <StatTable title="Top 10 Inviters" rows={stats.top10Referrers} columns={inviterColumns} />
      </Col>
    </Row>
  );
}
