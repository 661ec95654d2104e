import { useState, type FormEvent } from 'react';
import { DIALOG_TITLES, LIMITS, PROFILE_MESSAGES } from '@siplog/contracts';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/trpc-errors';

/** Edit mode's favourite order: a textarea capped at 150 characters and a save button (spec §5, §8). */
export function FavoriteOrderEditor({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const save = trpc.user.updateFavoriteOrder.useMutation();
  const unchanged = text.trim() === initial.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync({ current_fav_order: text.trim() });
      await utils.user.profile.invalidate();
      showMessage(PROFILE_MESSAGES.favoriteOrderUpdated);
    } catch (error) {
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    }
  };

  return (
    <form className="fav-editor" onSubmit={submit}>
      <label htmlFor="fav-order" className="visually-hidden">
        Current favorite order
      </label>
      <textarea
        id="fav-order"
        value={text}
        rows={3}
        maxLength={LIMITS.favoriteOrderMax}
        placeholder={`What are you drinking lately? (max ${LIMITS.favoriteOrderMax} characters)`}
        onChange={(event) => setText(event.target.value)}
        aria-describedby="fav-order-count"
      />
      <div className="fav-editor__footer">
        <span id="fav-order-count" className="fav-editor__count" aria-live="polite">
          {text.length}/{LIMITS.favoriteOrderMax}
        </span>
        <button type="submit" className="button button--primary button--small" disabled={save.isPending || unchanged}>
          {save.isPending ? 'Saving…' : 'Save order'}
        </button>
      </div>
    </form>
  );
}
