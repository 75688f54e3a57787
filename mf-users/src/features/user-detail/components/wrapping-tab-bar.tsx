import { Button, Flex, type TabsProps, usePhone } from '@manager/ui';
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';

type TabItem = { key: string; label: string };
type Select = (key: string, e: MouseEvent | KeyboardEvent) => void;

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Our own tablist: the tabs wrap; same ids as antd's, so its panels stay labelled by them. */
function WrappingTabBar({
  id,
  items,
  activeKey,
  onSelect,
}: {
  id: string;
  items: TabItem[];
  activeKey: string;
  onSelect: Select;
}) {
  const buttons = useRef(new Map<string, HTMLElement | null>());
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const target =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : STEP[e.key] === undefined
            ? null
            : (index + STEP[e.key]! + items.length) % items.length;
    const item = target === null ? undefined : items[target];
    if (!item) return;
    e.preventDefault();
    onSelect(item.key, e);
    buttons.current.get(item.key)?.focus();
  };
  return (
    <Flex role="tablist" aria-orientation="horizontal" wrap gap={8} style={{ marginBottom: 16 }}>
      {items.map((item, index) => {
        const active = item.key === activeKey;
        return (
          <Button
            key={item.key}
            ref={(node) => {
              buttons.current.set(item.key, node);
            }}
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={active ? 0 : -1}
            type={active ? 'primary' : 'default'}
            onClick={(e) => onSelect(item.key, e)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {item.label}
          </Button>
        );
      })}
    </Flex>
  );
}

/**
 * Below `md` the five tabs of the user page do not fit one line, and antd then puts its
 * overflow "more" button inside the role="tablist" element, where only tabs are allowed
 * (axe: aria-required-children, critical). On phones the tabs wrap onto two lines instead,
 * with the arrow keys, Home and End of a tablist; on wider screens antd's own bar is kept.
 */
export function useWrappingTabBar(items: TabItem[]): TabsProps['renderTabBar'] {
  const phone = usePhone();
  if (!phone) return undefined;
  return (props) => (
    <WrappingTabBar id={props.id} items={items} activeKey={props.activeKey} onSelect={props.onTabClick} />
  );
}
