import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MoreMenuItem } from '../../components/menu/MoreMenu';
import { useSession } from '../session/useSession';
import { LazyReportDialog } from './LazyReportDialog';
import type { ReportTarget } from './report-form';

/**
 * The 'Report' item of a '…' menu and the dialog it opens (the login prompt for a guest); render `dialog` beside the
 * menu. The dialog lives in <body>, so the styles of the card or post it was opened from (centred text on a phone's
 * profile card, capitalised buttons) do not reach it.
 */
export function useReportItem(target: ReportTarget): { item: MoreMenuItem; dialog: ReactNode } {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return {
    item: { label: 'Report', onSelect: () => setOpen(true) },
    dialog: open ? createPortal(<LazyReportDialog target={target} guest={!session} onClose={() => setOpen(false)} />, document.body) : null,
  };
}
