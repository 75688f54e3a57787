import { chanceTotalError, type LootBox } from '@manager/contract';
import { toast, uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange, type FormFields } from '@manager/platform/forms';
import { FormChangeNotice, ImageUpload } from '@manager/ui';
import { Flex, Input, InputNumber, Modal, Typography } from '@manager/ui';
import { useId, useState, type FormEvent } from 'react';
import { useSaveLootBox } from '../api/save-loot-box';
import { expectedPayout } from '../model/expected-payout';
import { chanceOf, chancesValid, defaultRewards, toDraft, type DraftReward } from '../model/rewards-model';
import { RewardsEditor } from './rewards-editor';

interface LootBoxModalProps {
  /** The box being edited, as stored now (from the list data); undefined for a new one. */
  box?: LootBox;
  onClose: () => void;
}

/** What the form edits (the image apart: a picked file, never a stored value). */
interface LootBoxValues {
  name: string;
  amount: number | null;
  rewards: DraftReward[];
}

/** The form's values of a stored box: what it opens with, and what "This record changed" compares. */
const valuesOf = (box: LootBox): LootBoxValues => ({
  name: box.name,
  amount: box.amount,
  rewards: box.rewards.map(toDraft),
});

/** The fields' labels, as the form shows them, for "Changed meanwhile". */
const LABELS: Record<keyof LootBoxValues, string> = {
  name: 'Name',
  amount: 'Amount (Stars)',
  rewards: 'Rewards',
};

/**
 * Add/Edit modal: name, amount (Stars), image with preview, and the rewards editor. Editing,
 * the fields are read from the box once; another admin's change shows "This record changed" and
 * enters the fields only through Review changes (the fields typed in keep what was typed). The
 * rewards are one field: their chances add up together.
 */
export function LootBoxModal({ box, onClose }: LootBoxModalProps) {
  const formId = useId();
  const save = useSaveLootBox();
  const [opened] = useState<LootBoxValues>(() =>
    box ? valuesOf(box) : { name: '', amount: null, rewards: defaultRewards() },
  );
  const [name, setName] = useState(opened.name);
  const [amount, setAmount] = useState(opened.amount);
  const [image, setImage] = useState<File | null>(null);
  const [rewards, setRewards] = useState(opened.rewards);
  // The fields the admin typed in, which Review changes leaves alone.
  const [typed, setTyped] = useState<ReadonlySet<keyof LootBoxValues>>(new Set());
  const type = (key: keyof LootBoxValues) => setTyped((t) => (t.has(key) ? t : new Set(t).add(key)));
  const setters: { [K in keyof LootBoxValues]: (value: LootBoxValues[K]) => void } = {
    name: setName,
    amount: setAmount,
    rewards: setRewards,
  };
  const fields: FormFields<LootBoxValues> = {
    isFieldTouched: (key) => typed.has(key),
    getFieldValue: (key) => ({ name, amount, rewards })[key],
    setFields: (list) => {
      for (const { name, value } of list) (setters[name] as (value: unknown) => void)(value);
    },
  };
  const changes = useRecordChanges('loot_box', box?.id, box !== undefined);
  const under = useFormUnderChange(fields, box?.id, box ? valuesOf(box) : null, changes);
  const [touched, setTouched] = useState(false);
  const [confirm, confirmHolder] = Modal.useModal();
  const valid = chancesValid(rewards);
  const nameError = touched && !name.trim() ? 'Name is required' : null;
  const amountError =
    touched && (amount === null || amount < 0 || !Number.isInteger(amount))
      ? 'Amount is required (a whole number of Stars, 0 or more)'
      : null;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    if (!name.trim() || amount === null || amount < 0 || !Number.isInteger(amount)) return;
    if (!valid) {
      toast.error(chanceTotalError(rewards.map((r) => ({ chance: chanceOf(r) }))));
      return;
    }
    // A box that pays out more than it costs loses money on every opening: asked, never refused.
    const { payout, exceeds } = expectedPayout(rewards, amount);
    if (!exceeds) return store(amount);
    confirm.confirm({
      title: 'Expected payout exceeds the price',
      content: `One opening pays out ${payout} Stars on average, more than the box's price of ${amount} Stars. Save it anyway?`,
      okText: 'Save anyway',
      cancelText: 'Cancel',
      onOk: () => store(amount),
    });
  }

  async function store(stars: number) {
    try {
      await save.mutateAsync({ id: box?.id, draft: { name, amount: stars, image, rewards } });
      toast.success(box ? 'Loot box updated' : 'Loot box created');
      onClose();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to save loot box');
    }
  }

  return (
    <Modal
      open
      title={box ? 'Edit Loot Box' : 'Add Loot Box'}
      onCancel={onClose}
      width={820}
      okText={box ? 'Update Loot Box' : 'Create Loot Box'}
      okButtonProps={{
        htmlType: 'submit',
        form: formId,
        disabled: !valid || under.changed,
        loading: save.isPending,
      }}
      onOk={() => undefined}
      destroyOnHidden
    >
      {confirmHolder}
      <form id={formId} onSubmit={submit} aria-label={box ? 'Edit Loot Box' : 'Add Loot Box'}>
        {/* The footer's submit button is disabled while chances are wrong, which would also block
            Enter; this one keeps Enter working so a save attempt can say what the total is. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        {/* A save's own reload is no change by someone else: the notice waits for it to settle. */}
        {!save.isPending && <FormChangeNotice {...under} labels={LABELS} />}
        <Flex vertical gap={12}>
          <Flex vertical gap={4}>
            <label htmlFor={`${formId}-name`}>Name *</label>
            <Input
              id={`${formId}-name`}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                type('name');
              }}
              maxLength={200}
              status={nameError ? 'error' : undefined}
            />
            {nameError && <Typography.Text type="danger">{nameError}</Typography.Text>}
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor={`${formId}-amount`}>Amount (Stars) *</label>
            <InputNumber
              id={`${formId}-amount`}
              value={amount}
              min={0}
              step={1}
              precision={0}
              onChange={(v) => {
                setAmount(v === null ? null : Number(v));
                type('amount');
              }}
              style={{ width: 200 }}
              status={amountError ? 'error' : undefined}
            />
            {amountError && <Typography.Text type="danger">{amountError}</Typography.Text>}
          </Flex>
          <ImageUpload
            label="Image"
            onChange={setImage}
            currentUrl={uploadUrl(box?.imageUrl)}
            hint="JPEG, PNG, GIF or WebP, up to 10MB"
          />
          <RewardsEditor
            rewards={rewards}
            onChange={(next) => {
              setRewards(next);
              type('rewards');
            }}
            price={amount ?? 0}
          />
        </Flex>
      </form>
    </Modal>
  );
}
