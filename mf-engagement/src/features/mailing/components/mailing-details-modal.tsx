import { Descriptions, Image, Modal, Typography } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { formatDateTime } from '@manager/ui';
import { uploadUrl } from '@manager/platform';
import { MailingStatusTag } from './mailing-status-tag';

/** Details modal: every field of one mailing and, once started, its delivery progress (delivered / recipients, failures) when the API reports it. */
export function MailingDetailsModal({ mailing, onClose }: { mailing: Mailing | null; onClose: () => void }) {
  return (
    <Modal title="Mailing Details" open={mailing !== null} onCancel={onClose} footer={null} destroyOnHidden>
      {mailing && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Date">{formatDateTime(mailing.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Status">
            <MailingStatusTag status={mailing.status} />
          </Descriptions.Item>
          <Descriptions.Item label="Recipients">{mailing.recipients}</Descriptions.Item>
          {mailing.status !== 'waiting' && mailing.delivered !== undefined && (
            <>
              <Descriptions.Item label="Delivered">{`${mailing.delivered} / ${mailing.recipients}`}</Descriptions.Item>
              <Descriptions.Item label="Failed">{mailing.failed ?? 0}</Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="Message">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {mailing.message}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="Button Text">{mailing.buttonText}</Descriptions.Item>
          <Descriptions.Item label="Button Link">
            <Typography.Link href={mailing.buttonLink} target="_blank" rel="noreferrer">
              {mailing.buttonLink}
            </Typography.Link>
          </Descriptions.Item>
          {mailing.mediaLink && (
            <Descriptions.Item label="Image">
              <Image src={uploadUrl(mailing.mediaLink)!} alt="Mailing image" width={160} />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
