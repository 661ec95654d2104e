import { useState, type ReactNode } from 'react';
import type { MoreMenuItem } from '../../components/menu/MoreMenu';
import { useSession } from '../session/useSession';
import { LazyReportDialog } from './LazyReportDialog';
import type { ReportTarget } from './report-form';

/** The 'Report' item of a '…' menu and the dialog it opens (the login prompt for a guest); render `dialog` beside the menu. */
export function useReportItem(target: ReportTarget): { item: MoreMenuItem; dialog: ReactNode } {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return {
    item: { label: 'Report', onSelect: () => setOpen(true) },
    dialog: open ? <LazyReportDialog target={target} guest={!session} onClose={() => setOpen(false)} /> : null,
  };
}
