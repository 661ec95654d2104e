import { useRef, useState } from 'react';
import { DIALOG_TITLES, type ReportAction, type ReportStatus } from '@siplog/contracts';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { SuspendDialog } from '../SuspendDialog';
import { ReportCard } from './ReportCard';
import { actionConfirm, actionDone, groupReports, openReportsText, type AdminReport } from './report-view';
import './reports.css';

interface Pending {
  report: AdminReport;
  action: ReportAction;
}

/** Issue 17: the admins' queue of reports (Open) and what was done about the latest ones (Closed). */
export function ReportsPanel() {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [pending, setPending] = useState<Pending | null>(null);
  const [working, setWorking] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const inFlight = useRef(false);
  const title = useRef<HTMLHeadingElement>(null);
  const reports = trpc.admin.reports.useQuery({ status }, { retry: false });
  const resolve = trpc.admin.resolveReport.useMutation();
  // Times read as of when the list arrived ("5 min ago" then), which every refetch brings up to date.
  const now = reports.dataUpdatedAt;

  const run = async (action: Pending, reason?: string) => {
    setPending(null);
    if (inFlight.current) return;
    inFlight.current = true;
    setWorking(action);
    setDone('');
    let resolved = false;
    try {
      await resolve.mutateAsync({ report_id: action.report.report_id, action: action.action, reason });
      setDone(actionDone(action.report, action.action));
      resolved = true;
    } catch (error) {
      logToServer('error', describeFailure(`Admin report ${action.action}`, error));
      showMessage({ title: DIALOG_TITLES.error, body: errorMessage(error) });
    } finally {
      // Whatever happened (another admin may have closed it first), both lists and the people list show the truth.
      await Promise.all([utils.admin.reports.invalidate(), utils.admin.users.invalidate(), utils.admin.postsByUser.invalidate()]);
      setWorking(null);
      inFlight.current = false;
    }
    // The card (and the button that had the focus) is gone: the keyboard carries on from the panel's top.
    if (resolved) title.current?.focus();
  };

  const list = reports.data?.reports ?? [];
  const groups = groupReports(list);
  const targets = groups.length === 1 ? '1 target' : `${groups.length} targets`;
  const summary = reports.isPending
    ? 'Loading reports…'
    : reports.isError
      ? `Reports could not be loaded: ${errorMessage(reports.error)}`
      : status === 'open'
        ? list.length === 0
          ? 'No open reports. All caught up.'
          : `${openReportsText(list.length)} on ${targets}, newest first.`
        : list.length === 0
          ? 'No closed reports yet.'
          : `The ${list.length === 1 ? 'latest closed report' : `latest ${list.length} closed reports`}, most recently closed first.`;
  const confirm = pending && actionConfirm(pending.report, pending.action);

  return (
    <section className="admin-panel admin-reports" aria-labelledby="admin-reports-title">
      <div className="admin-reports__head">
        <h2 id="admin-reports-title" className="admin-panel__title" ref={title} tabIndex={-1}>
          Reports
        </h2>
        <div className="admin-switch" role="group" aria-label="Show reports">
          {(['open', 'closed'] as const).map((value) => (
            <button key={value} type="button" className="admin-switch__option" aria-pressed={status === value} onClick={() => setStatus(value)}>
              {value === 'open' ? 'Open' : 'Closed'}
            </button>
          ))}
        </div>
      </div>
      <p className="admin-users__count">{summary}</p>
      <p className="admin-reports__done" role="status">
        {done}
      </p>
      {groups.length > 0 && (
        <div className="admin-reports__list">
          {groups.map((group) => (
            <ReportCard
              key={group.key}
              group={group}
              now={now}
              busy={working?.report.report_id === group.lead.report_id ? working.action : null}
              onAction={(report, action) => setPending({ report, action })}
            />
          ))}
        </div>
      )}

      {pending && confirm && pending.action === 'suspend' && (
        <SuspendDialog title={confirm.title} body={confirm.body} onConfirm={(reason) => void run(pending, reason)} onCancel={() => setPending(null)} />
      )}
      {pending && confirm && pending.action !== 'suspend' && (
        <ConfirmDialog title={confirm.title} onConfirm={() => void run(pending)} onCancel={() => setPending(null)}>
          <p>{confirm.body}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
