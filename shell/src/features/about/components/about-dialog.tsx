import { useId } from 'react';
import { Descriptions, Flex, Modal, Tag, Typography, formatTimestamp } from '@manager/ui';
import { SHELL_BUILD, useConsoleVersions } from '../../../remotes/versions';
import { aboutRows, type AboutRow } from '../model/about-rows';

const STATE_TEXT: Record<AboutRow['state'], string> = {
  running: 'Running in this tab',
  'not-loaded': 'Not loaded in this tab (the build it would load)',
  unknown: 'Not known yet (remotes.json not read)',
};

const unknown = (value: string | null) => value ?? 'unknown';

/** One build: its name and tags as the section's heading, then version, build time and commit. */
function BuildSection({ row }: { row: AboutRow }) {
  const titleId = useId();
  const items = [
    { key: 'version', label: 'Version', children: unknown(row.version) },
    { key: 'built', label: 'Built', children: row.builtAt ? formatTimestamp(row.builtAt) : 'unknown' },
    // Commits are long hex: they may break anywhere on a phone.
    {
      key: 'commit',
      label: 'Commit',
      children: (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {unknown(row.commit)}
        </Typography.Text>
      ),
    },
    { key: 'state', label: 'Status', children: STATE_TEXT[row.state] },
  ];
  if (row.update) items.push({ key: 'live', label: 'Live version', children: unknown(row.update.version) });
  return (
    <section aria-labelledby={titleId}>
      <Descriptions
        size="small"
        column={1}
        title={
          <Flex wrap align="center" gap={8}>
            <span id={titleId}>{row.label}</span>
            {row.canary && <Tag color="gold">canary</Tag>}
            {row.override && <Tag color="purple">override</Tag>}
            {row.update && <Tag color="blue">Update available</Tag>}
          </Flex>
        }
        items={items}
      />
    </section>
  );
}

/**
 * "About": the shell's build and each remote's, as this tab runs them (canary and QA overrides
 * marked), and which remotes have a newer live build than the one running.
 */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const versions = useConsoleVersions();
  return (
    <Modal
      open
      title="About"
      onCancel={onClose}
      // Closed by its X (named Close) or Escape: there is nothing to confirm.
      footer={null}
      width={560}
    >
      <Flex vertical gap={16}>
        {aboutRows(SHELL_BUILD, versions).map((row) => (
          <BuildSection key={row.key} row={row} />
        ))}
      </Flex>
    </Modal>
  );
}
