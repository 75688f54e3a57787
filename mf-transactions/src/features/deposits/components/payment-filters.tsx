import { Button, Card, Col, Input, InputNumber, Row, Select } from '@manager/ui';
import type { PaymentFilters as Filters } from '../hooks/use-payment-filters';
import type { PaymentKind } from '../api/get-payments';

interface PaymentFiltersProps {
  kind: PaymentKind;
  filters: Filters;
  onChange: <K extends keyof Filters>(key: K, value: Filters[K]) => void;
  onClear: () => void;
}

const label = (text: string, id: string) => (
  <label htmlFor={id} style={{ display: 'block', marginBottom: 4, fontSize: 13 }}>
    {text}
  </label>
);

/** Status, date from/to, min/max amount (TON step 0.01, Stars step 1). */
export function PaymentFiltersPanel({ kind, filters, onChange, onClear }: PaymentFiltersProps) {
  const step = kind === 'ton' ? 0.01 : 1;
  const precision = kind === 'ton' ? 2 : 0;
  const id = (name: string) => `${kind}-filter-${name}`;
  return (
    <Card size="small" aria-label="Filters" role="region">
      <Row gutter={[12, 12]} align="bottom">
        <Col xs={24} sm={12} lg={4}>
          {label('Status', id('status'))}
          <Select
            id={id('status')}
            aria-label="Status"
            style={{ width: '100%' }}
            value={filters.status ?? ''}
            onChange={(v) => onChange('status', v === '' ? undefined : (v as 'true' | 'false'))}
            options={[
              { label: 'All', value: '' },
              { label: 'Completed', value: 'true' },
              { label: 'Pending', value: 'false' },
            ]}
          />
        </Col>
        <Col xs={12} sm={12} lg={5}>
          {label('Date from', id('from'))}
          <Input
            id={id('from')}
            type="date"
            value={filters.startDate ?? ''}
            onChange={(e) => onChange('startDate', e.target.value)}
          />
        </Col>
        <Col xs={12} sm={12} lg={5}>
          {label('Date to', id('to'))}
          <Input
            id={id('to')}
            type="date"
            value={filters.endDate ?? ''}
            onChange={(e) => onChange('endDate', e.target.value)}
          />
        </Col>
        <Col xs={12} sm={12} lg={4}>
          {label('Min amount', id('min'))}
          <InputNumber<number>
            id={id('min')}
            style={{ width: '100%' }}
            min={0}
            step={step}
            precision={precision}
            value={filters.minAmount ?? null}
            onChange={(v) => onChange('minAmount', v ?? undefined)}
          />
        </Col>
        <Col xs={12} sm={12} lg={4}>
          {label('Max amount', id('max'))}
          <InputNumber<number>
            id={id('max')}
            style={{ width: '100%' }}
            min={0}
            step={step}
            precision={precision}
            value={filters.maxAmount ?? null}
            onChange={(v) => onChange('maxAmount', v ?? undefined)}
          />
        </Col>
        <Col xs={24} lg={2}>
          <Button onClick={onClear}>Clear</Button>
        </Col>
      </Row>
    </Card>
  );
}
