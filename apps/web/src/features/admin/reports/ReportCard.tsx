import { useId } from 'react';
import { REPORT_ACTIONS, REPORT_REASON_LABELS, type ReportAction } from '@siplog/contracts';
import { relativeTime } from '../../notifications/relative-time';
import { ReportedContent } from './ReportedContent';
import { actionButtonLabel, closedActionLabel, describeTarget, KIND_LABELS, openReportsText, type AdminReport } from './report-view';

interface ReportCardProps {
  report: AdminReport;
  now: number;
  /** The action under way on this report, while the server works on it. */
  busy: ReportAction | null;
  onAction: (report: AdminReport, action: ReportAction) => void;
}

const FULL_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso}>
      {relativeTime(iso, now)} <span className="report-card__date">({FULL_DATE.format(new Date(iso))})</span>
    </time>
  );
}

/** One report: the content as reported, who reported it, why and when, and (while open) Dismiss, Remove and Suspend. */
export function ReportCard({ report, now, busy, onAction }: ReportCardProps) {
  const headingId = useId();
  const open = report.status === 'open';
  return (
    <article className={`report-card${open ? '' : ' report-card--closed'}`} aria-labelledby={headingId}>
      <header className="report-card__header">
        <span className="report-card__kind">{KIND_LABELS[report.kind]}</span>
        <h3 id={headingId} className="report-card__title">
          {describeTarget(report.content)}
        </h3>
        {open ? (
          report.target_open_reports > 1 && <span className="report-card__badge">{openReportsText(report.target_open_reports)}</span>
        ) : (
          <span className="report-card__badge report-card__badge--closed">{closedActionLabel(report.action, report.kind)}</span>
        )}
      </header>
      <div className="report-card__body">
        <ReportedContent content={report.content} />
        <dl className="report-card__facts">
          <div>
            <dt>Reason</dt>
            <dd className="report-card__reason">{REPORT_REASON_LABELS[report.reason]}</dd>
          </div>
          <div>
            <dt>Note</dt>
            <dd className="report-card__note">{report.note || <span className="admin-muted">No note</span>}</dd>
          </div>
          <div>
            <dt>Reported by</dt>
            <dd>{report.reporter_username}</dd>
          </div>
          <div>
            <dt>Reported</dt>
            <dd>
              <When iso={report.created_at} now={now} />
            </dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd className="report-card__owner">
              {report.owner_username} <span className="admin-muted">({report.owner_email})</span>
            </dd>
          </div>
          <div>
            <dt>Open reports on it</dt>
            <dd>{report.target_open_reports}</dd>
          </div>
          {!open && (
            <div>
              <dt>Outcome</dt>
              <dd>
                {closedActionLabel(report.action, report.kind)}
                {report.closed_at && (
                  <>
                    , <When iso={report.closed_at} now={now} />
                  </>
                )}
              </dd>
            </div>
          )}
        </dl>
      </div>
      {open && (
        <div className="report-card__actions" role="group" aria-label={`Actions on ${describeTarget(report.content)}`}>
          {REPORT_ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'dismiss' ? 'button button--small' : 'button button--danger button--small'}
              disabled={busy !== null}
              onClick={() => onAction(report, action)}
            >
              {busy === action ? 'Working…' : actionButtonLabel(action, report.kind)}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
