import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@caterway/domain';
import { Button, Modal, ModalActions, TextField } from '@caterway/ui';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../stores/notifications';
import { toWireCheckoutLine } from '../../../types/checkout-state';
import { savePreset } from '../api/save-preset';
import { readCart } from '../cart-store';
import type { Preset } from '../types';

/** Save Cart (a named copy of the cart as a preset): its own chunk, loaded when the dialog opens. */
export function SaveCartModal({ preset, onClose }: { preset: Preset; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(`${preset.name} (saved)`.slice(0, 120));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(messages.required);
    setBusy(true);
    try {
      const saved = await savePreset({
        basePresetId: preset.id,
        name: name.trim(),
        description: description.trim(),
        presetItems: readCart(preset).lines.map(toWireCheckoutLine),
      });
      notify({ tone: 'success', message: messages.presetSaved });
      onClose();
      void navigate(paths.presetDetail.getHref(saved.slug));
    } catch (err) {
      setBusy(false);
      const message = isApiError(err)
        ? (err.messages[0] ?? err.serverError ?? messages.genericFailure)
        : messages.genericFailure;
      setError(message);
      notifyError(message);
    }
  };
  return (
    <Modal
      title="Save Cart"
      description="Name this order to find it later under Saved Orders. We will email you its link."
      onClose={onClose}
    >
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={120}
          required
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Description"
          optional
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** For React.lazy: loaded when first shown. */
export default SaveCartModal;
