import { useState } from 'react';
import type { InboxItem } from '@manager/contract';
import { Link, type InboxHooks } from '@manager/platform';
import {
  Badge,
  BellOutlined,
  Button,
  Drawer,
  Empty,
  Flex,
  Typography,
  formatDateTime,
  usePhone,
  VisuallyHidden,
} from '@manager/ui';

/** One item: what waits, a link to its screen (opening it marks it read), when, and Mark read. */
function Item({ item, onOpen, onRead }: { item: InboxItem; onOpen: () => void; onRead: () => void }) {
  // "Unread" is said inside the link too: a keyboard reaching the link hears it.
  const text = item.read ? (
    item.text
  ) : (
    <strong>
      <VisuallyHidden>Unread: </VisuallyHidden>
      {item.text}
    </strong>
  );
  return (
    <li
      style={{ padding: '10px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.25)' }}
      aria-label={`${item.read ? '' : 'Unread: '}${item.text}`}
    >
      <Flex gap={8} align="start">
        {/* The unread mark: a dot on screen, "Unread" in the item's name. */}
        <span
          aria-hidden
          style={{
            flex: 'none',
            width: 8,
            height: 8,
            marginTop: 7,
            borderRadius: 4,
            background: item.read ? 'transparent' : '#1677ff',
          }}
        />
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          {item.link ? (
            <Link to={item.link} onClick={onOpen}>
              {text}
            </Link>
          ) : (
            <span>{text}</span>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(item.at)}
          </Typography.Text>
        </Flex>
        {!item.read && (
          <Button size="small" type="link" onClick={onRead} aria-label={`Mark read: ${item.text}`}>
            Mark read
          </Button>
        )}
      </Flex>
    </li>
  );
}

/**
 * The top bar's bell (docs/screens.md, Live): how many items of the admin's inbox are unread,
 * and a panel listing them, newest first: each links to its screen, Mark read, Mark all read.
 * The inbox is refreshed by the event stream and polled slowly besides (`useInbox`); its hooks
 * come with the bell's code (`loadInbox`), after the first screen.
 */
export default function InboxBell({ inbox }: { inbox: InboxHooks }) {
  const { items, unread } = inbox.useInbox();
  const mark = inbox.useMarkRead();
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const read = (id?: number) => mark.mutate(id);
  return (
    <>
      <Button
        type="text"
        // Small on a phone, where the top bar holds every entry in one row.
        size={phone ? 'small' : 'middle'}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        title="Notifications"
        onClick={() => setOpen(true)}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined aria-hidden style={{ fontSize: 16 }} />
          </Badge>
        }
      />
      <Drawer
        placement="right"
        open={open}
        onClose={() => setOpen(false)}
        size={phone ? '100%' : 400}
        title="Notifications"
        extra={
          <Button size="small" disabled={unread === 0} onClick={() => read()}>
            Mark all read
          </Button>
        }
      >
        {items.length === 0 ? (
          <Empty description="No notifications" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul aria-label="Notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <Item
                key={item.id}
                item={item}
                onRead={() => read(item.id)}
                onOpen={() => {
                  if (!item.read) read(item.id);
                  setOpen(false);
                }}
              />
            ))}
          </ul>
        )}
      </Drawer>
    </>
  );
}
