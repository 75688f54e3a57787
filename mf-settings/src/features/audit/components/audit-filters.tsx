import { AUDIT_ENTITY_TYPES } from '@manager/contract';
import { AUDIT_ENTITY_LABELS, Card, Checkbox, Input, ListToolbar, Select, Typography } from '@manager/ui';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { AUDIT_MESSAGES } from '../api/messages';
import { useDraft } from '../hooks/use-draft';
import { actionOptions } from '../model/audit-actions';
import { isFiltered, rangeIsValid, type AuditFilters } from '../model/url-state';

interface AuditFiltersPanelProps {
  filters: AuditFilters;
  admins: { id: number; username: string }[];
  onChange: (changes: Partial<AuditFilters>) => void;
  onClear: () => void;
  /** At the toolbar's end: the log's Export CSV. */
  actions?: ReactNode;
}

const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

const field = (text: string, id: string, control: ReactNode, width = 170) => (
  <div style={{ flex: `1 1 ${width}px`, maxWidth: width * 1.5 }}>
    <label htmlFor={id} style={{ display: 'block', marginBottom: 4, fontSize: 13 }}>
      {text}
    </label>
    {control}
  </div>
);

/** A datetime-local input over an ISO instant; `To` takes the whole minute it names. */
function DateField({
  id,
  label,
  value,
  end,
  onChange,
}: {
  id: string;
  label: string;
  value?: string;
  end?: boolean;
  onChange: (iso?: string) => void;
}) {
  const shown = value ? dayjs(value).format(LOCAL_MINUTE) : '';
  const { draft, change, flush } = useDraft(shown, (text) => {
    const at = dayjs(text);
    onChange(
      text && at.isValid() ? (end ? at.endOf('minute') : at.startOf('minute')).toISOString() : undefined,
    );
  });
  return field(
    label,
    id,
    <Input
      id={id}
      type="datetime-local"
      value={draft}
      onChange={(e) => change(e.target.value)}
      onPressEnter={flush}
    />,
    200,
  );
}

/**
 * Admin, Action, Entity and its id, From / To, Show sign-ins (off: the server leaves them out),
 * in the list kit's toolbar with Clear Filters and the actions (docs/screens.md#list-controls);
 * any change goes back to the first page.
 */
export function AuditFiltersPanel({ filters, admins, onChange, onClear, actions }: AuditFiltersPanelProps) {
  const entityId = useDraft(filters.entityId ?? '', (text) =>
    onChange({ entityId: text.trim() || undefined }),
  );
  const adminOptions = admins.map((a) => ({ value: a.id, label: a.username }));
  // An admin from a shared link stays shown even when the list did not load.
  if (filters.admin && !admins.some((a) => a.id === filters.admin))
    adminOptions.push({ value: filters.admin, label: `Admin #${filters.admin}` });

  return (
    <Card size="small" role="region" aria-label="Filters" style={{ marginBottom: 16 }}>
      <ListToolbar
        filters={
          <>
            {field(
              'Admin',
              'audit-filter-admin',
              <Select<number | ''>
                id="audit-filter-admin"
                aria-label="Admin"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={filters.admin ?? ''}
                onChange={(v) => onChange({ admin: v === '' ? undefined : v })}
                options={[{ value: '', label: 'All admins' }, ...adminOptions]}
              />,
            )}
            {field(
              'Action',
              'audit-filter-action',
              <Select<string>
                id="audit-filter-action"
                aria-label="Action"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={filters.action ?? ''}
                onChange={(v) => onChange({ action: v || undefined })}
                options={[{ value: '', label: 'All actions' }, ...actionOptions(filters.action)]}
              />,
            )}
            {field(
              'Entity',
              'audit-filter-entity',
              <Select<string>
                id="audit-filter-entity"
                aria-label="Entity"
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={filters.entity ?? ''}
                onChange={(v) => onChange({ entity: AUDIT_ENTITY_TYPES.find((t) => t === v) })}
                options={[
                  { value: '', label: 'All entities' },
                  ...AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: AUDIT_ENTITY_LABELS[t] })),
                ]}
              />,
            )}
            {field(
              'Entity ID',
              'audit-filter-entity-id',
              <Input
                id="audit-filter-entity-id"
                allowClear
                value={entityId.draft}
                onChange={(e) => entityId.change(e.target.value)}
                onPressEnter={entityId.flush}
              />,
              120,
            )}
            <DateField
              id="audit-filter-from"
              label="From"
              value={filters.from}
              onChange={(from) => onChange({ from })}
            />
            <DateField
              id="audit-filter-to"
              label="To"
              value={filters.to}
              end
              onChange={(to) => onChange({ to })}
            />
            <Checkbox
              checked={filters.signIns === true}
              onChange={(e) => onChange({ signIns: e.target.checked || undefined })}
              style={{ alignSelf: 'flex-end', paddingBottom: 5 }}
            >
              Show sign-ins
            </Checkbox>
          </>
        }
        onClear={onClear}
        filtered={isFiltered(filters)}
        actions={actions}
      />
      {!rangeIsValid(filters) && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {AUDIT_MESSAGES.rangeInvalid}
        </Typography.Text>
      )}
    </Card>
  );
}
