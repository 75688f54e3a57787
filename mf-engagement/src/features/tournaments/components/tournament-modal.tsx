import { useState } from 'react';
import dayjs from 'dayjs';
import { Form, Input, Modal } from '@manager/ui';
import { HTTP_URL_MESSAGE, isHttpUrl, type Tournament } from '@manager/contract';
import { toast, uploadUrl } from '@manager/platform';
import { ImageUpload } from '@manager/ui';
import { useSaveTournament } from '../api/tournaments-api';

interface Fields {
  tournamentsDate?: string;
  tournamentsLink?: string;
}

/** Create (no tournament) and edit modals: datetime-local date, optional URL, optional image up to 10MB. */
export function TournamentModal({
  tournament,
  open,
  onClose,
}: {
  tournament: Tournament | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Fields>();
  const [image, setImage] = useState<File | null>(null);
  const save = useSaveTournament();
  const editing = tournament !== null;
  const title = editing ? 'Edit Tournament' : 'Create Tournament';

  async function finish(f: Fields) {
    try {
      await save.mutateAsync({
        id: tournament?.id ?? null,
        input: {
          tournamentsDate: f.tournamentsDate ? new Date(f.tournamentsDate).toISOString() : '',
          tournamentsLink: f.tournamentsLink ?? '',
          image,
        },
      });
      toast.success(editing ? 'Tournament updated successfully!' : 'Tournament created successfully!');
      onClose();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      okText={editing ? 'Update' : 'Create'}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, form: 'tournamentForm' }}
    >
      <Form
        form={form}
        id="tournamentForm"
        name="tournamentForm"
        layout="vertical"
        onFinish={finish}
        initialValues={{
          tournamentsDate: tournament?.tournamentsDate
            ? dayjs(tournament.tournamentsDate).format('YYYY-MM-DDTHH:mm')
            : '',
          tournamentsLink: tournament?.tournamentsLink ?? '',
        }}
      >
        <Form.Item name="tournamentsDate" label="Tournament Date">
          <Input type="datetime-local" style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item
          name="tournamentsLink"
          label="Tournament Link"
          rules={[
            {
              validator: async (_, v?: string) => {
                if (v?.trim() && !isHttpUrl(v.trim())) throw new Error(HTTP_URL_MESSAGE);
              },
            },
          ]}
        >
          <Input type="url" placeholder="https://" />
        </Form.Item>
        <ImageUpload
          label="Tournament Image"
          onChange={setImage}
          currentUrl={uploadUrl(tournament?.tournamentsImage)}
          hint="Optional. JPEG, PNG, GIF or WebP, up to 10MB"
        />
      </Form>
    </Modal>
  );
}
