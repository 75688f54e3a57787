import type { ReactNode } from 'react';
import { Button, Flex, Typography } from '../../antd.ts';
import { PlusOutlined } from '@ant-design/icons';

interface PickRowProps {
  image: ReactNode;
  title: string;
  detail: ReactNode;
  onPick: () => void;
}

/** One result of a picker: picture, title, a secondary line and an "Add <title>" button. */
export function PickRow({ image, title, detail, onPick }: PickRowProps) {
  return (
    <li>
      <Flex align="center" gap={8} style={{ padding: '4px 0' }}>
        {image}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text ellipsis>{title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {detail}
          </Typography.Text>
        </Flex>
        <Button size="small" icon={<PlusOutlined />} aria-label={`Add ${title}`} onClick={onPick}>
          Add
        </Button>
      </Flex>
    </li>
  );
}
