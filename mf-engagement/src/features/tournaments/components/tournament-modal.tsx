import { useState } from 'react';
import dayjs from 'dayjs';
import { Form, FormChangeNotice, Input, Modal } from '@manager/ui';
import { HTTP_URL_MESSAGE, isHttpUrl, type Tournament } from '@manager/contract';
import { toast, uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import { ImageUpload } from '@manager/ui';
import { useSaveTournament } from '../api/tournaments-api';

interface Fields {
  tournamentsDate?: string;
  tournamentsLink?: string;
}

/** The fields' labels, as the form shows them and as "Changed meanwhile" names them. */
const LABELS: Record<keyof Fields, string> = {
  tournamentsDate: 'Tournament Date',
  tournamentsLink: 'Tournament Link',
};

/**
 * The form's values of a stored tournament (empty for a new one): its initial values, and what a
 * change under the open form is found by (the date as the date input's text: the same for the
 * same date). Not the image, which a save leaves as stored unless a new one is picked.
 */
const tournamentValues = (tournament: Tournament | null): Fields => ({
  tournamentsDate: tournament?.tournamentsDate
    ? dayjs(tournament.tournamentsDate).format('YYYY-MM-DDTHH:mm')
    : '',
  tournamentsLink: tournament?.tournamentsLink ?? '',
});

/**
 * Create (no tournament) and edit modals: datetime-local date, optional URL, optional image up to
 * 10MB. `tournament` is the record as the list holds it now (the event stream refreshes it): a
 * change of it never resets the fields, the form says "This record changed".
 */
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
  // antd takes `initialValues` once: a later change of the tournament is offered by Review changes.
  const changes = useRecordChanges('tournament', tournament?.id, editing);
  const under = useFormUnderChange(
    form,
    tournament?.id,
    editing ? tournamentValues(tournament) : null,
    changes,
  );

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
      okButtonProps={{
        htmlType: 'submit',
        loading: save.isPending,
        form: 'tournamentForm',
        disabled: under.changed,
      }}
    >
      <Form
        form={form}
        id="tournamentForm"
        name="tournamentForm"
        layout="vertical"
        onFinish={finish}
        initialValues={tournamentValues(tournament)}
      >
        {/* Its own save's refetch is no change by someone else: the notice waits for it to settle. */}
        {!save.isPending && <FormChangeNotice {...under} labels={LABELS} />}
        <Form.Item name="tournamentsDate" label={LABELS.tournamentsDate}>
          <Input type="datetime-local" style={{ maxWidth: 260 }} />
        </Form.Item>
        <Form.Item
          name="tournamentsLink"
          label={LABELS.tournamentsLink}
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
