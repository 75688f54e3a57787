import { AUDIT_ACTIONS, auditActionLabel } from '@manager/contract';

/**
 * The Action filter's options: every action the API writes, labelled, in the contract's order
 * (grouped by entity). An action from a shared link that this build does not know (a newer
 * API's) stays selectable, shown as its code.
 */
export const actionOptions = (current?: string) => {
  const options: { value: string; label: string }[] = AUDIT_ACTIONS.map((value) => ({
    value,
    label: auditActionLabel(value),
  }));
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;
};
